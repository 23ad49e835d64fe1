import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDelegatedLogin } from '../../src/react/useDelegatedLogin';
import { useLogin } from '../../src/react/useLogin';
import { useLogout } from '../../src/react/useLogout';
import { useSession } from '../../src/react/useSession';
import { useSsoLogin } from '../../src/react/useSsoLogin';
import { HARBOR_SSO_PROFILE } from '../oidc/support/harborSsoProfile';
import { OLIVIA, renderHookWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const MARCUS = { vaultId: 1002, delegatorUserId: '61002' } as const;

function useActingScreen() {
  return {
    login: useLogin(),
    logout: useLogout(),
    session: useSession(),
    acting: useDelegatedLogin(),
  };
}

describe('useDelegatedLogin: the mutation result of acting for someone, and actAs', () => {
  it('actAs starts the delegated session, and stop returns to her own', async () => {
    const { result } = await renderHookWithSession(useActingScreen, { settings: ALONE });
    await act(() => result.current.login.login(OLIVIA));

    await act(() => result.current.acting.actAs(MARCUS));
    expect(result.current.session.status).toBe('delegated');
    expect(result.current.acting.delegation?.vaultName).toBe('Sunrise QualityDocs');
    await waitFor(() => expect(result.current.acting.isSuccess).toBe(true));
    expect(result.current.acting.variables).toEqual(MARCUS);

    await act(() => result.current.acting.stop.mutateAsync());
    expect(result.current.session.status).toBe('active');
    expect(result.current.acting.delegation).toBeUndefined();
  });

  it('its own mutate takes the target, and a refused one lands in error', async () => {
    const { result, backend } = await renderHookWithSession(useActingScreen, { settings: ALONE });
    await act(() => result.current.login.login(OLIVIA));

    act(() => result.current.acting.mutate({ vaultId: 1001, delegatorUserId: '61002' }));
    await waitFor(() => expect(result.current.acting.isError).toBe(true));
    expect(result.current.session.status).toBe('active');
    expect(result.current.acting.error).toMatchObject({ kind: 'api' });

    act(() => result.current.acting.mutate(MARCUS));
    await waitFor(() => expect(result.current.acting.isSuccess).toBe(true));
    expect(result.current.session.status).toBe('delegated');
    expect(backend.requests('/delegation/login').at(-1)?.form.get('vault_id')).toBe('1002');
  });
});

describe('useLogout: logout()', () => {
  it('resolves once the server has ended the session', async () => {
    const { result, emulator } = await renderHookWithSession(useActingScreen, { settings: ALONE });
    await act(() => result.current.login.login(OLIVIA));
    expect(emulator.sessionCount()).toBe(1);

    await act(() => result.current.logout.logout());
    expect(result.current.session.status).toBe('ended');
    expect(emulator.sessionCount()).toBe(0);
    await waitFor(() => expect(result.current.logout.isSuccess).toBe(true));
  });
});

describe('useSsoLogin: the mutation result of leaving for the identity provider, and startSso', () => {
  const profile = HARBOR_SSO_PROFILE;
  afterEach(() => sessionStorage.clear());

  it('its own mutate takes the profile and user name and starts the sign-in', async () => {
    const { result } = await renderHookWithSession(() => useSsoLogin(), {
      settings: ALONE,
      client: { clientId: 'vault-session-kit-demo' },
    });

    act(() => result.current.mutate({ profile, username: 'sam@harbor.example' }));

    // jsdom cannot leave the page; the state stored just before leaving shows the attempt.
    await waitFor(() =>
      expect(Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.'))).toHaveLength(1),
    );
    expect(result.current.isPending).toBe(true);
    expect(result.current.variables).toMatchObject({ username: 'sam@harbor.example' });
  });
});
