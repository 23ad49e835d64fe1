import type { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VaultSession } from '../../src/core/session/VaultSession';
import { apiVersionsQueryOptions } from '../../src/react/apiVersionsQueryOptions';
import { delegationsQueryOptions } from '../../src/react/delegationsQueryOptions';
import { discoveryQueryOptions } from '../../src/react/discoveryQueryOptions';
import { useLogin } from '../../src/react/useLogin';
import { useLogout } from '../../src/react/useLogout';
import { useSession } from '../../src/react/useSession';
import { vaultQueryKeys } from '../../src/react/vaultQueryKeys';
import { OLIVIA, renderHookWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;

function useScreen() {
  return { login: useLogin(), logout: useLogout(), session: useSession() };
}

/** What the kit has cached, by kind: `discovery`, `api-versions`, `delegations`. */
function cachedKinds(queryClient: QueryClient): unknown[] {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: vaultQueryKeys.all })
    .filter((query) => query.state.data !== undefined)
    .map((query) => query.queryKey[1])
    .sort();
}

async function fillCache(queryClient: QueryClient, session: VaultSession): Promise<void> {
  await act(() =>
    Promise.all([
      queryClient.prefetchQuery(discoveryQueryOptions(session.client, OLIVIA.username)),
      queryClient.prefetchQuery(apiVersionsQueryOptions(session.client)),
      queryClient.prefetchQuery(delegationsQueryOptions(session)),
    ]),
  );
  expect(cachedKinds(queryClient)).toEqual(['api-versions', 'delegations', 'discovery']);
}

describe('sign-out drops every query of the kit', () => {
  it('useLogout: discovery, API versions and delegations are all gone', async () => {
    const { result, queryClient, session } = await renderHookWithSession(useScreen, {
      settings: ALONE,
    });
    await act(() => result.current.login.login(OLIVIA));
    await fillCache(queryClient, session);

    await act(() => result.current.logout.logout());

    expect(result.current.session.status).toBe('ended');
    expect(queryClient.getQueryCache().findAll({ queryKey: vaultQueryKeys.all })).toEqual([]);
  });

  it('a sign-out in another tab empties this tab\u2019s cache too', async () => {
    const first = await renderHookWithSession(useScreen, { settings: ALONE });
    await act(() => first.result.current.login.login(OLIVIA));
    const second = await renderHookWithSession(useScreen, {
      backend: first.backend,
      settings: ALONE,
    });
    await waitFor(() => expect(second.result.current.session.status).toBe('active'));
    await fillCache(second.queryClient, second.session);

    await act(() => first.result.current.logout.logout());

    await waitFor(() => expect(second.result.current.session.status).toBe('ended'));
    expect(second.queryClient.getQueryCache().findAll({ queryKey: vaultQueryKeys.all })).toEqual(
      [],
    );
  });

  it('a session the service no longer knows takes the cache with it', async () => {
    const { result, queryClient, session, backend } = await renderHookWithSession(useScreen, {
      settings: ALONE,
    });
    await act(() => result.current.login.login(OLIVIA));
    await fillCache(queryClient, session);
    // Past the 48-hour cap on the service's clock: the next call learns the session is gone.
    backend.env.clock.advance(49 * 3_600_000);

    await act(() =>
      queryClient
        .fetchQuery({ ...delegationsQueryOptions(session), staleTime: 0 })
        .catch(() => undefined),
    );

    expect(result.current.session.status).toBe('expired');
    expect(cachedKinds(queryClient)).toEqual([]);
  });

  it('a failed sign-in keeps the discovery answer, so the password step asks nothing again', async () => {
    const { result, queryClient, session, backend } = await renderHookWithSession(useScreen, {
      settings: ALONE,
    });
    await act(() =>
      queryClient.prefetchQuery(discoveryQueryOptions(session.client, OLIVIA.username)),
    );

    await act(() =>
      result.current.login.login({ ...OLIVIA, password: 'not-her-password' }).catch(() => {}),
    );
    expect(result.current.session.status).toBe('signed-out');

    await act(() => queryClient.fetchQuery(discoveryQueryOptions(session.client, OLIVIA.username)));
    expect(backend.count('/auth/discovery')).toBe(1);
  });
});
