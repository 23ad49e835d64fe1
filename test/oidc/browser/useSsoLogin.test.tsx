import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import { VaultConfigError } from '../../../src/core/errors';
import { createVaultSession } from '../../../src/core/session/createVaultSession';
import type { VaultSession } from '../../../src/core/session/VaultSession';
import { SessionProvider } from '../../../src/react/SessionProvider';
import { useSsoLogin } from '../../../src/react/useSsoLogin';
import { HARBOR_SSO_PROFILE } from '../support/harborSsoProfile';

const profile = HARBOR_SSO_PROFILE;

const sessions: VaultSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.destroy();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function wrapperFor(clientId: string | undefined, options: { ssoSupport?: boolean } = {}) {
  const session = createVaultSession({
    client: createVaultClient({
      baseUrl: 'http://127.0.0.1:9',
      ...(clientId === undefined ? {} : { clientId }),
    }),
    BroadcastChannel: null,
    keepAlive: false,
    ...(options.ssoSupport === false
      ? {}
      : { sso: { load: () => import('../../../src/oidc/index') } }),
  });
  sessions.push(session);
  return ({ children }: { children?: ReactNode }) => (
    <SessionProvider session={session}>{children}</SessionProvider>
  );
}

function storedStates(): { data?: Record<string, unknown> }[] {
  return Object.keys(sessionStorage)
    .filter((key) => key.startsWith('oidc.'))
    .map((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}'));
}

describe('useSsoLogin', () => {
  it('stores the sign-in state with the current page as returnTo and stays busy while leaving', async () => {
    window.history.replaceState(null, '', '/documents?id=7');
    const { result } = renderHook(() => useSsoLogin(), { wrapper: wrapperFor('demo-app') });

    act(() => {
      void result.current.startSso({ profile, username: 'sam@harbor.example' });
    });

    // jsdom cannot leave the page; the state stored just before leaving shows the attempt.
    await waitFor(() => expect(storedStates()).toHaveLength(1));
    expect(result.current.isPending).toBe(true);
    expect(result.current.error).toBeNull();
    expect(storedStates()).toMatchObject([
      {
        client_id: 'demo-app',
        data: {
          profileId: 'harbor-oidc',
          username: 'sam@harbor.example',
          returnTo: '/documents?id=7',
        },
      },
    ]);
  });

  it('rejects with a typed error, without leaving or storing anything, when it cannot start', async () => {
    const { result } = renderHook(() => useSsoLogin(), { wrapper: wrapperFor(undefined) });

    let failure: unknown;
    await act(async () => {
      failure = await result.current
        .startSso({ profile, username: 'sam@harbor.example' })
        .catch((error: unknown) => error);
    });

    expect(failure).toBeInstanceOf(VaultConfigError);
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(result.current.isPending).toBe(false);
    expect(storedStates()).toEqual([]);

    act(() => result.current.reset());
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it('tells the developer what to add when the app did not load single sign-on support', async () => {
    const { result } = renderHook(() => useSsoLogin(), {
      wrapper: wrapperFor('demo-app', { ssoSupport: false }),
    });
    let failure: unknown;
    await act(async () => {
      failure = await result.current
        .startSso({ profile, username: 'sam@harbor.example' })
        .catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(VaultConfigError);
    expect((failure as Error).message).toContain("import('vault-session-kit/sso')");
    expect((failure as Error).message).toContain('oidc-client-ts');
    expect(storedStates()).toEqual([]);
  });
});
