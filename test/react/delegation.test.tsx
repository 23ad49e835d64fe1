import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDelegatedLogin } from '../../src/react/useDelegatedLogin';
import { useDelegations } from '../../src/react/useDelegations';
import { useLogin } from '../../src/react/useLogin';
import { useLogout } from '../../src/react/useLogout';
import { useSession } from '../../src/react/useSession';
import { useVaultFetch } from '../../src/react/useVaultFetch';
import { vaultQueryKeys } from '../../src/react/vaultQueryKeys';
import { OLIVIA, renderHookWithSession } from '../support/renderWithSession';
import { USERS_ME } from './support/faults';

const ALONE = { joinTimeoutMs: 20 } as const;

function useDelegationScreen() {
  return {
    login: useLogin(),
    logout: useLogout(),
    session: useSession(),
    delegations: useDelegations(),
    acting: useDelegatedLogin(),
    vaultFetch: useVaultFetch(),
  };
}

describe('acting on behalf of another user: useDelegations + useDelegatedLogin', () => {
  it('olivia sees marcus in 1002, acts as him (REST calls use the delegated session), then stops', async () => {
    const screen = await renderHookWithSession(useDelegationScreen, { settings: ALONE });
    const { result, backend } = screen;
    await act(() => result.current.login.login(OLIVIA));

    await waitFor(() =>
      expect(result.current.delegations.data).toEqual([
        {
          id: 1002,
          name: 'Sunrise QualityDocs',
          dns: 'quality.sunrise.example',
          delegatorUserId: '61002',
        },
      ]),
    );
    const [own] = backend.issued.own;
    expect(own).toBeDefined();
    // Listed with her own session.
    expect(backend.requests('/delegation/vaults')[0]?.headers.get('authorization') === own).toBe(
      true,
    );

    // Only the IDs: the vault's name comes from the delegation list.
    await act(() =>
      result.current.acting.start.mutateAsync({ vaultId: 1002, delegatorUserId: '61002' }),
    );
    expect(result.current.session.status).toBe('delegated');
    expect(result.current.session.delegation).toEqual({
      vaultId: 1002,
      vaultName: 'Sunrise QualityDocs',
      dns: 'quality.sunrise.example',
      delegatorUserId: '61002',
    });
    expect(result.current.acting.delegation?.vaultName).toBe('Sunrise QualityDocs');
    const [delegatedLogin] = backend.requests('/delegation/login');
    expect(delegatedLogin?.form.get('vault_id')).toBe('1002');
    expect(delegatedLogin?.form.get('delegator_userid')).toBe('61002');
    expect(delegatedLogin?.headers.get('authorization') === own).toBe(true);
    const [delegated] = backend.issued.delegated;
    expect(delegated).toBeDefined();
    expect(delegated === own).toBe(false);

    await act(() => result.current.vaultFetch(USERS_ME));
    // Compared, never printed: a failure shows only `false`.
    const asMarcus = backend.requests(USERS_ME).at(-1)?.headers.get('authorization');
    expect(asMarcus === delegated).toBe(true);

    await act(() => result.current.acting.stop.mutateAsync());
    expect(result.current.session.status).toBe('active');
    expect(result.current.session.delegation).toBeUndefined();
    await act(() => result.current.vaultFetch(USERS_ME));
    const asOlivia = backend.requests(USERS_ME).at(-1)?.headers.get('authorization');
    expect(asOlivia === own).toBe(true);
    // The delegated session was ended on the server; hers lives on.
    await waitFor(() => expect(screen.emulator.sessionCount()).toBe(1));
    const ended = backend
      .requests('/session')
      .map((request) => request.headers.get('authorization'));
    expect(ended.length === 1 && ended[0] === delegated).toBe(true);
  });

  it('sign-out ends both sessions and drops the cached delegation list', async () => {
    const screen = await renderHookWithSession(useDelegationScreen, { settings: ALONE });
    const { result, queryClient } = screen;
    await act(() => result.current.login.login(OLIVIA));
    await waitFor(() => expect(result.current.delegations.data).toHaveLength(1));
    await act(() =>
      result.current.acting.start.mutateAsync({ vaultId: 1002, delegatorUserId: '61002' }),
    );
    expect(screen.emulator.sessionCount()).toBe(2);

    // Local first: signed out before the server has answered anything (SES-07).
    await act(async () => result.current.logout.logout());
    expect(result.current.session.status).toBe('ended');
    expect(result.current.session.delegation).toBeUndefined();
    // A mounted list may keep an empty, disabled entry; no entry may keep her list.
    const kept = queryClient
      .getQueryCache()
      .findAll({ queryKey: [...vaultQueryKeys.all, 'delegations'] })
      .map((query) => query.state.data);
    expect(kept.every((data) => data === undefined)).toBe(true);
    await waitFor(() => expect(screen.emulator.sessionCount()).toBe(0));
    expect(result.current.delegations.data).toBeUndefined();
  });
});
