import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { VaultMessagesProvider } from '../../src/components/i18n/VaultMessagesContext';
import { SignOutButton } from '../../src/components/SignOutButton';
import { deSessionMessages } from '../../src/locales/de';
import { useSession } from '../../src/react/useSession';
import { lendSession } from '../support/lendSession';
import { OLIVIA, renderWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const WCAG = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] };

function StatusLine() {
  const { status } = useSession();
  return <output aria-label="Session status">{status}</output>;
}

async function signedIn(ui: ReactElement) {
  const tab = await renderWithSession(ui, { settings: ALONE });
  await act(() => tab.session.manager.signIn(OLIVIA));
  return tab;
}

describe('SignOutButton', () => {
  it('SES-08: signs out here and on the server (the emulator has no session left)', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(
      <>
        <StatusLine />
        <SignOutButton />
      </>,
    );
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    expect(tab.emulator.sessionCount()).toBe(1);

    await user.click(tab.getByRole('button', { name: 'Sign out' }));

    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('ended');
    await waitFor(() => expect(tab.emulator.sessionCount()).toBe(0));
    expect(tab.count('/session')).toBe(1);
    expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);
  });

  it.each([
    ['Sign out', 1],
    ['Sign out of the vault too', 0],
  ])(
    "in a session a vault's web tab lent, %s leaves %i session alive at the vault",
    async (name, left) => {
      const user = userEvent.setup();
      const tab = await renderWithSession(
        <>
          <StatusLine />
          <SignOutButton />
          <SignOutButton endLentSession />
        </>,
        { settings: ALONE },
      );
      await lendSession(tab);
      expect(tab.emulator.sessionCount()).toBe(1);

      await user.click(tab.getByRole('button', { name }));

      expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('ended');
      await waitFor(() => expect(tab.count('/session')).toBe(1 - left));
      expect(tab.emulator.sessionCount()).toBe(left);
      expect((await axe.run(tab.container, WCAG)).violations).toEqual([]);
    },
  );

  it('is inert while the sign-out runs: a second click sends nothing, and focus stays on it', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(<SignOutButton />);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    tab.backend.intercept((emulator) => async (request) => {
      if (request.method === 'DELETE') await held;
      return emulator(request);
    });

    const button = tab.getByRole('button', { name: 'Sign out' });
    await user.click(button);
    expect(button).toHaveTextContent('Signing out…');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Enter}');

    release();
    await waitFor(() => expect(button).toHaveTextContent('Sign out'));
    expect(tab.count('/session')).toBe(1);
    expect(tab.emulator.sessionCount()).toBe(0);
  });

  it('keeps a custom label, and an onClick that calls preventDefault() cancels the sign-out', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(
      <>
        <StatusLine />
        <SignOutButton onClick={(event) => event.preventDefault()}>Leave the vault</SignOutButton>
      </>,
    );
    await user.click(tab.getByRole('button', { name: 'Leave the vault' }));
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('active');
    expect(tab.count('/session')).toBe(0);
    expect(tab.emulator.sessionCount()).toBe(1);
  });

  it('speaks German with the German messages', async () => {
    const user = userEvent.setup();
    const tab = await signedIn(
      <VaultMessagesProvider messages={{ session: deSessionMessages }}>
        <StatusLine />
        <SignOutButton />
      </VaultMessagesProvider>,
    );
    await user.click(tab.getByRole('button', { name: 'Abmelden' }));
    expect(tab.getByRole('status', { name: 'Session status' })).toHaveTextContent('ended');
  });
});
