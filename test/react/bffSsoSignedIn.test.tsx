// Back from a single sign-on that the kit's proxy completed (BFF mode): the page loads at
// the return path with the proxy's marker and the session cookie. The form's `onSignedIn`
// hears of the sign-in once, and the marker leaves the address bar at once; a sign-in the
// proxy refused because it landed in another vault is told in the user's language. Rendered
// under StrictMode against the real emulator behind the real proxy.
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeLoginError } from '../../src/components/describeLoginError';
import { LoginForm } from '../../src/components/LoginForm';
import { arLoginMessages } from '../../src/locales/ar';
import { deLoginMessages } from '../../src/locales/de';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { esLoginMessages } from '../../src/locales/es';
import { frLoginMessages } from '../../src/locales/fr';
import { jaLoginMessages } from '../../src/locales/ja';
import { readProxySsoOutcome } from '../../src/oidc/readProxySsoOutcome';
import { SessionProvider } from '../../src/react/SessionProvider';
import { type BffBackend, startBffBackend } from '../core/session/startBffBackend';
import { OLIVIA, uniqueChannelName } from '../core/session/startSessionBackend';

let backend: BffBackend;

beforeEach(async () => {
  backend = await startBffBackend();
});

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  await backend.close();
});

function renderPage(onSignedIn: () => void) {
  return render(
    <StrictMode>
      <SessionProvider
        credentials="proxy"
        config={backend.pageConfig}
        channelName={uniqueChannelName()}
        keepAlive={false}
      >
        <LoginForm onSignedIn={onSignedIn} />
      </SessionProvider>
    </StrictMode>,
  );
}

describe('back from a single sign-on the proxy completed', () => {
  it('reports the sign-in once, with the return path, and takes the marker out of the address', async () => {
    // The proxy's callback sealed a session into the cookie, and sent the browser back here.
    await backend.client.login(OLIVIA);
    window.history.replaceState(null, '', '/documents?sort=name&vault_sso_signed_in=1#top');
    const onSignedIn = vi.fn();
    renderPage(onSignedIn);
    expect(window.location.search).toBe('?sort=name');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(onSignedIn).toHaveBeenCalledWith({
      method: 'sso',
      returnTo: '/documents?sort=name#top',
    });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/documents?sort=name#top',
    );
  });

  it('reports nothing when the session did not come back with the marker', async () => {
    window.history.replaceState(null, '', '/?vault_sso_signed_in=1');
    const onSignedIn = vi.fn();
    const { findByRole } = renderPage(onSignedIn);
    // The form is there for a sign-in, and the marker is gone all the same.
    await findByRole('textbox', { name: /user name/i });
    expect(window.location.search).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe('a single sign-on that landed in another vault', () => {
  it('is told on the form, with the alert, and the outcome leaves the address', async () => {
    window.history.replaceState(null, '', '/?vault_sso_error=sso_vault_mismatch');
    const { findByRole } = renderPage(() => undefined);
    const alert = await findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(enLoginMessages.ssoVaultElsewhere));
    expect(window.location.search).toBe('');
  });

  it.each([
    ['de', deLoginMessages],
    ['fr', frLoginMessages],
    ['es', esLoginMessages],
    ['ja', jaLoginMessages],
    ['ar', arLoginMessages],
  ])('has words of its own in %s', (_tag, messages) => {
    const outcome = readProxySsoOutcome('https://app.example/?vault_sso_error=sso_vault_mismatch');
    const described = describeLoginError(outcome?.error, messages);
    expect(described?.message).toBe(messages.ssoVaultElsewhere);
    expect(messages.ssoVaultElsewhere).not.toBe(enLoginMessages.ssoVaultElsewhere);
    expect(messages.ssoVaultElsewhere).not.toBe(messages.ssoFailed);
  });
});
