import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthProfile } from '../../../src/core/client/types';
import { VaultAbortedError, VaultOAuthError } from '../../../src/core/errors';
import { loginWithDiscovery } from '../../../src/core/flows/loginWithDiscovery';
import { createVaultSession } from '../../../src/core/session/createVaultSession';
import type { VaultSession } from '../../../src/core/session/VaultSession';
import { createSsoRedirectAcquirer } from '../../../src/oidc/createSsoRedirectAcquirer';
import { getSsoAttempt } from '../../../src/oidc/getSsoAttempt';
import { handleSsoCallback } from '../../../src/oidc/handleSsoCallback';
import { startSsoRedirect } from '../../../src/oidc/startSsoRedirect';
import { SessionProvider } from '../../../src/react/SessionProvider';
import { useSession } from '../../../src/react/useSession';
import { useSsoCallback } from '../../../src/react/useSsoCallback';
import { createProviderBrowser } from '../support/createProviderBrowser';
import {
  type DevProviderProcess,
  startDevProviderProcess,
} from '../support/startDevProviderProcess';
import { emulatorOidcFor, type SsoVault, startSsoVault } from '../support/startSsoVault';

// The callback half of the browser sign-in, in jsdom (origin http://localhost:3000), against
// the real development provider (in a child process: its JOSE code cannot run in jsdom's
// realm) and the emulator introspecting its tokens over loopback.

const SAM = 'sam@harbor.example';
const REDIRECT_URI = 'http://localhost:3000/sso/callback';
const OAUTH_SESSION = '/auth/oauth/session/';

let idp: DevProviderProcess;
let vault: SsoVault;
let profile: AuthProfile;
const sessions: VaultSession[] = [];

beforeAll(async () => {
  idp = await startDevProviderProcess({ redirectUris: [REDIRECT_URI] });
  vault = await startSsoVault(emulatorOidcFor(idp));
  const discovery = await vault.client.discover({ username: SAM });
  if (discovery.authType !== 'sso' || !discovery.profiles[0]) throw new Error('no SSO profile');
  profile = discovery.profiles[0];
});

afterAll(async () => {
  await vault?.close();
  await idp?.close();
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.destroy();
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function newSession(sso?: { handleCallback?: boolean }): VaultSession {
  const session = createVaultSession({
    client: vault.client,
    BroadcastChannel: null,
    keepAlive: false,
    sso: { load: () => import('../../../src/oidc/index'), ...sso },
  });
  sessions.push(session);
  return session;
}

/** Starts the redirect and signs sam in at the provider; resolves with the answer's URL. */
async function answerFromProvider(session: VaultSession, returnTo = '/documents'): Promise<URL> {
  const authorizeUrl = await startSsoRedirect(
    session,
    { profile, username: SAM, returnTo },
    { navigate: () => {} },
  );
  return createProviderBrowser().signIn(authorizeUrl, {
    username: 'sam',
    password: 'Harbor-Demo-1',
  });
}

function arriveAt(url: URL | string): void {
  const target = new URL(url, window.location.href);
  window.history.replaceState(null, '', `${target.pathname}${target.search}`);
}

function Probe({ name = 'probe' }: { name?: string }) {
  const sso = useSsoCallback();
  const { status, user } = useSession();
  const code = sso.error instanceof VaultOAuthError ? sso.error.error : (sso.error?.name ?? '');
  return (
    <p data-testid={name}>
      {`${sso.status}|${status}|${user?.username ?? ''}|${code}|${sso.returnTo ?? ''}`}
    </p>
  );
}

/** The user name the callback hands back after a failure. */
function AttemptProbe() {
  return <p data-testid="attempt">{useSsoCallback().username ?? ''}</p>;
}

function oidcKeys(storage: Storage): string[] {
  return Object.keys(storage).filter((key) => key.startsWith('oidc.'));
}

describe('the callback page (SessionProvider handles it)', () => {
  it('signs sam in once under StrictMode and cleans the address bar (OIDC-04, OIDC-06, OIDC-07)', async () => {
    const session = newSession();
    const back = await answerFromProvider(session);
    expect(back.searchParams.get('code')).toBeTruthy();
    arriveAt(back);
    const tokenCalls = idp.tokenCalls();
    const sessionCalls = vault.requestsTo(OAUTH_SESSION);

    render(
      <StrictMode>
        <SessionProvider session={session}>
          <Probe />
        </SessionProvider>
      </StrictMode>,
    );
    // Progress from the first render, so no login form flashes before the exchange.
    expect(screen.getByTestId('probe').textContent).toMatch(/^processing\|/);

    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe(`success|active|${SAM}||/documents`),
    );
    expect(idp.tokenCalls() - tokenCalls).toBe(1);
    expect(vault.requestsTo(OAUTH_SESSION) - sessionCalls).toBe(1);
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/sso/callback');
    expect(oidcKeys(sessionStorage)).toEqual([]);
    expect(oidcKeys(localStorage)).toEqual([]);
    expect(session.manager.getSnapshot().user?.vault?.dns).toBe('clinical.harbor.example');
  });

  it('shows a forged state as a mismatch and makes no request at all (OIDC-02)', async () => {
    const session = newSession();
    arriveAt('/sso/callback?code=forged-code&state=forged');
    const before = { token: idp.tokenCalls(), vault: vault.server.requests.length };

    render(
      <SessionProvider session={session}>
        <Probe />
      </SessionProvider>,
    );

    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe('error|signed-out||sso_state_mismatch|'),
    );
    expect(idp.tokenCalls()).toBe(before.token);
    expect(vault.server.requests.length).toBe(before.vault);
    expect(window.location.search).toBe('');
  });

  it('reports a cancel at the provider as sso_cancelled and forgets its state', async () => {
    const session = newSession();
    const authorizeUrl = await startSsoRedirect(
      session,
      { profile, username: SAM },
      { navigate: () => {} },
    );
    const back = await createProviderBrowser().cancel(authorizeUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    arriveAt(back);
    const tokenCalls = idp.tokenCalls();

    render(
      <SessionProvider session={session}>
        <Probe />
      </SessionProvider>,
    );

    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe('error|signed-out||sso_cancelled|/'),
    );
    expect(idp.tokenCalls()).toBe(tokenCalls);
    expect(oidcKeys(sessionStorage)).toEqual([]);
  });

  it('after a cancel, the address bar is the page the sign-in started from and the user name comes back (WCAG 3.3.7)', async () => {
    const session = newSession();
    const authorizeUrl = await startSsoRedirect(
      session,
      { profile, username: SAM, returnTo: '/documents?tab=recent#top' },
      { navigate: () => {} },
    );
    arriveAt(await createProviderBrowser().cancel(authorizeUrl));

    render(
      <StrictMode>
        <SessionProvider session={session}>
          <Probe />
          <AttemptProbe />
        </SessionProvider>
      </StrictMode>,
    );

    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe(
        'error|signed-out||sso_cancelled|/documents?tab=recent#top',
      ),
    );
    expect(screen.getByTestId('attempt').textContent).toBe(SAM);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/documents?tab=recent#top',
    );
  });

  it('after a code the provider refuses, goes back the same way, without a session call', async () => {
    const session = newSession();
    const back = await answerFromProvider(session, '/documents');
    back.searchParams.set('code', 'not-the-code-the-provider-issued');
    arriveAt(back);
    const sessionCalls = vault.requestsTo(OAUTH_SESSION);

    render(
      <SessionProvider session={session}>
        <Probe />
        <AttemptProbe />
      </SessionProvider>,
    );

    await waitFor(() =>
      expect(screen.getByTestId('probe').textContent).toBe(
        'error|signed-out||sso_failed|/documents',
      ),
    );
    expect(screen.getByTestId('attempt').textContent).toBe(SAM);
    expect(window.location.pathname).toBe('/documents');
    expect(vault.requestsTo(OAUTH_SESSION)).toBe(sessionCalls);
  });

  it('leaves the page alone with handleCallback: false until useSsoCallback runs, then once', async () => {
    const session = newSession({ handleCallback: false });
    const back = await answerFromProvider(session);
    arriveAt(back);
    const tokenCalls = idp.tokenCalls();

    const { unmount } = render(
      <SessionProvider session={session}>
        <p>shell</p>
      </SessionProvider>,
    );
    await act(async () => {});
    expect(window.location.search).toContain('code=');
    unmount();

    render(
      <StrictMode>
        <SessionProvider session={session}>
          <Probe name="first" />
          <Probe name="second" />
        </SessionProvider>
      </StrictMode>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('second').textContent).toBe(`success|active|${SAM}||/documents`),
    );
    expect(screen.getByTestId('first').textContent).toBe(`success|active|${SAM}||/documents`);
    expect(idp.tokenCalls() - tokenCalls).toBe(1);
  });
});

describe('loginWithDiscovery in the browser', () => {
  it('runs discovery, the redirect, the callback and the OAuth session call into an active session', async () => {
    const session = newSession();
    const visited: string[] = [];
    const leaving = new AbortController();

    const flow = loginWithDiscovery(
      session.client,
      { username: SAM, password: '' },
      {
        signal: leaving.signal,
        acquireAccessToken: createSsoRedirectAcquirer(session, {
          returnTo: '/documents',
          navigate: (url) => visited.push(url),
        }),
      },
    );
    await waitFor(() => expect(visited).toHaveLength(1));
    // The page would be gone now; its pending promise ends with the page.
    leaving.abort();
    await expect(flow).rejects.toBeInstanceOf(VaultAbortedError);
    expect(new URL(visited[0] ?? '').searchParams.get('login_hint')).toBe(SAM);

    const back = await createProviderBrowser().signIn(visited[0] ?? '', {
      username: 'sam',
      password: 'Harbor-Demo-1',
    });
    // The callback page is a new page load: a new session object completes the sign-in.
    const reloaded = newSession();
    const done = await handleSsoCallback(reloaded, { url: back.href });
    expect(done).toEqual({ profileId: 'harbor-oidc', username: SAM, returnTo: '/documents' });
    expect(reloaded.manager.getSnapshot()).toMatchObject({
      status: 'active',
      user: { username: SAM },
    });
  });
});

describe('handleSsoCallback', () => {
  it('counts the 48-hour deadline from the moment the OAuth session call is sent', async () => {
    const session = newSession();
    const back = await answerFromProvider(session);
    const tokenCalls = idp.tokenCalls();
    const sessionCalls = vault.requestsTo(OAUTH_SESSION);
    const seen: { token: number; session: number }[] = [];
    const sentAt = Date.now();

    const done = await handleSsoCallback(session, {
      url: back.href,
      now: () => {
        seen.push({
          token: idp.tokenCalls() - tokenCalls,
          session: vault.requestsTo(OAUTH_SESSION) - sessionCalls,
        });
        return sentAt;
      },
    });

    expect(done).toEqual({ profileId: 'harbor-oidc', username: SAM, returnTo: '/documents' });
    expect(seen).toEqual([{ token: 1, session: 0 }]);
    expect(session.manager.getSnapshot()).toMatchObject({
      status: 'active',
      startedAt: sentAt,
      deadline: sentAt + 48 * 60 * 60 * 1000,
    });
  });

  it('handles a replayed answer once in the page and refuses it after a reload (OIDC-02, OIDC-06)', async () => {
    const session = newSession();
    const back = await answerFromProvider(session);
    const first = await handleSsoCallback(session, { url: back.href });
    const counts = { token: idp.tokenCalls(), session: vault.requestsTo(OAUTH_SESSION) };

    await expect(handleSsoCallback(session, { url: back.href })).resolves.toEqual(first);

    vi.resetModules();
    const reloaded = await import('../../../src/oidc/handleSsoCallback');
    const replay = reloaded.handleSsoCallback(newSession(), { url: back.href });
    await expect(replay).rejects.toMatchObject({ kind: 'oauth', error: 'sso_state_mismatch' });
    expect(getSsoAttempt(await replay.catch((reason: unknown) => reason))).toBeUndefined();
    expect(idp.tokenCalls()).toBe(counts.token);
    expect(vault.requestsTo(OAUTH_SESSION)).toBe(counts.session);
  });

  it('refuses an answer that names another issuer (RFC 9207, OIDC-10) before the exchange', async () => {
    const session = newSession();
    const back = await answerFromProvider(session);
    back.searchParams.set('iss', 'https://idp.other.example');
    const tokenCalls = idp.tokenCalls();

    await expect(handleSsoCallback(session, { url: back.href })).rejects.toMatchObject({
      error: 'sso_state_mismatch',
    });
    expect(idp.tokenCalls()).toBe(tokenCalls);
    expect(oidcKeys(sessionStorage)).toEqual([]);
  });

  it('refuses a state started for another provider: authority mismatch (OIDC-10)', async () => {
    const session = newSession();
    const back = await answerFromProvider(session);
    const key = `oidc.${back.searchParams.get('state')}`;
    const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    sessionStorage.setItem(
      key,
      JSON.stringify({ ...stored, authority: 'https://idp.other.example' }),
    );
    back.searchParams.delete('iss');
    const tokenCalls = idp.tokenCalls();

    await expect(handleSsoCallback(session, { url: back.href })).rejects.toMatchObject({
      error: 'sso_state_mismatch',
    });
    expect(idp.tokenCalls()).toBe(tokenCalls);
  });

  it('turns a code the provider refuses into sso_failed without a session call', async () => {
    const session = newSession();
    const back = await answerFromProvider(session);
    back.searchParams.set('code', 'not-the-code-the-provider-issued');
    const sessionCalls = vault.requestsTo(OAUTH_SESSION);

    const failure = handleSsoCallback(session, { url: back.href });
    await expect(failure).rejects.toMatchObject({ kind: 'oauth', error: 'sso_failed' });
    // The failure names the sign-in it ends, for a page to go back to; logs do not see it.
    const error = await failure.catch((reason: unknown) => reason);
    expect(getSsoAttempt(error)).toEqual({
      profileId: 'harbor-oidc',
      username: SAM,
      returnTo: '/documents',
    });
    expect(JSON.stringify(error)).not.toContain(SAM);
    expect(vault.requestsTo(OAUTH_SESSION)).toBe(sessionCalls);
    expect(session.manager.getSnapshot().status).toBe('signed-out');
  });

  it('ignores a page that is not the redirect URI', async () => {
    await expect(
      handleSsoCallback(newSession(), { url: 'http://localhost:3000/documents?code=a&state=b' }),
    ).resolves.toBeUndefined();
  });
});
