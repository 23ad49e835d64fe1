// Inside a vault's web tab, the page waits for the vault around it to hand its session over.
// The user is told that the app is connecting to their vault (not that a single sign-on is
// being completed, which they never started), in a polite status, and gets the form back
// once the wait ends without a session.
import { act } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { VaultMessagesProvider } from '../../src/components/i18n/VaultMessagesContext';
import { LoginForm } from '../../src/components/LoginForm';
import { deMessages } from '../../src/locales/de/index';
import { getSsoCallbackStore } from '../../src/oidc/getSsoCallbackStore';
import { renderWithSession } from '../support/renderWithSession';

const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };

describe('LoginForm while a vault web tab hands its session over', () => {
  it('says it is connecting to the vault, politely, and shows the form once the wait ends', async () => {
    const tab = await renderWithSession(<LoginForm />);
    let finish: () => void = () => {};
    act(() => {
      finish = getSsoCallbackStore(tab.session).hold();
    });

    const status = tab.getByRole('status');
    expect(status).toHaveTextContent('Connecting to your vault…');
    expect(status).not.toHaveTextContent('Completing sign-in');
    expect(tab.queryByRole('textbox', { name: 'User name' })).toBeNull();
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);

    act(() => finish());
    expect(await tab.findByRole('textbox', { name: 'User name' })).toBeInTheDocument();
    expect(tab.getByRole('status')).not.toHaveTextContent('Connecting to your vault…');
  });

  it("says it in the user's language", async () => {
    const tab = await renderWithSession(
      <VaultMessagesProvider messages={deMessages}>
        <LoginForm />
      </VaultMessagesProvider>,
    );
    act(() => {
      getSsoCallbackStore(tab.session).hold();
    });
    expect(tab.getByRole('status')).toHaveTextContent(
      'Verbindung zu Ihrem Vault wird hergestellt …',
    );
  });
});
