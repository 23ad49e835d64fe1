// The hooks over a session in BFF mode (SessionProvider credentials="proxy"), rendered under
// StrictMode, against the real emulator behind the real proxy with session secrets. The
// client's fetch is a browser stand-in with one cookie jar (see startBffBackend).
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../src/react/SessionProvider';
import { useDelegatedLogin } from '../../src/react/useDelegatedLogin';
import { useLogin } from '../../src/react/useLogin';
import { useLogout } from '../../src/react/useLogout';
import { useSession } from '../../src/react/useSession';
import { useVaultFetch } from '../../src/react/useVaultFetch';
import { type BffBackend, startBffBackend } from '../core/session/startBffBackend';
import { MARCUS_ID, OLIVIA, uniqueChannelName } from '../core/session/startSessionBackend';

let backend: BffBackend;

beforeEach(async () => {
  backend = await startBffBackend();
});

afterEach(async () => {
  await backend.close();
});

function useScreen() {
  return {
    session: useSession(),
    login: useLogin(),
    logout: useLogout(),
    delegation: useDelegatedLogin(),
    vaultFetch: useVaultFetch(),
  };
}

function renderScreen() {
  const channelName = uniqueChannelName();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <SessionProvider
        credentials="proxy"
        config={backend.pageConfig}
        channelName={channelName}
        keepAlive={false}
      >
        {children}
      </SessionProvider>
    </StrictMode>
  );
  return renderHook(useScreen, { wrapper });
}

function userNameOf(body: Record<string, unknown>): unknown {
  return (body.users as { user: { user_name__v: string } }[])[0]?.user.user_name__v;
}

describe('hooks in BFF mode', () => {
  it('signs in, fetches as olivia and as marcus, and signs out, with no credential in the page', async () => {
    const { result } = renderScreen();
    await waitFor(() => expect(result.current.session.joining).toBeUndefined());
    expect(result.current.session.status).toBe('signed-out');

    await act(() => result.current.login.login(OLIVIA));
    expect(result.current.session.status).toBe('active');
    let me: Record<string, unknown> = {};
    await act(async () => {
      me = await result.current.vaultFetch('/objects/users/me');
    });
    expect(userNameOf(me)).toBe(OLIVIA.username);

    await act(() =>
      result.current.delegation.actAs({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) }),
    );
    expect(result.current.session.status).toBe('delegated');
    await act(async () => {
      me = await result.current.vaultFetch('/objects/users/me');
    });
    expect(userNameOf(me)).toBe('marcus@sunrise.example');
    expect(new URL(backend.exchanges.at(-1)?.url ?? '').pathname).toMatch(
      /^\/vault\/quality\.sunrise\.example\//,
    );

    const { own, delegated } = await backend.sealedIds();
    await act(() => result.current.logout.logout());
    expect(result.current.session.status).toBe('ended');
    await waitFor(() => expect(backend.cookieNames()).toEqual([]));

    const seen = JSON.stringify(backend.exchanges);
    expect(own).toBeDefined();
    expect(delegated).toBeDefined();
    expect(seen).not.toContain(own);
    expect(seen).not.toContain(delegated);
    expect(backend.exchanges.every((e) => e.requestHeaders.authorization === undefined)).toBe(true);
  });
});
