import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApiVersions } from '../../src/core/client/types';
import { apiVersionsQueryOptions } from '../../src/react/apiVersionsQueryOptions';
import { delegationsQueryOptions } from '../../src/react/delegationsQueryOptions';
import { useApiVersions } from '../../src/react/useApiVersions';
import { useDelegations } from '../../src/react/useDelegations';
import { useDiscovery } from '../../src/react/useDiscovery';
import { useLogin } from '../../src/react/useLogin';
import { useSession } from '../../src/react/useSession';
import { useVaultSession } from '../../src/react/VaultSessionContext';
import { OLIVIA, renderHookWithSession, renderWithSession } from '../support/renderWithSession';

const ALONE = { joinTimeoutMs: 20 } as const;
const MARCUS_IN_QUALITYDOCS = {
  id: 1002,
  name: 'Sunrise QualityDocs',
  dns: 'quality.sunrise.example',
  delegatorUserId: '61002',
};

/** An app's own list over the kit's query options, with no kit hook in between. */
function PlainDelegationList(): ReactNode {
  const { data } = useQuery(delegationsQueryOptions(useVaultSession(), useSession()));
  return (
    <ul aria-label="Plain delegations">
      {data?.map((entry) => (
        <li key={`${entry.id}-${entry.delegatorUserId}`}>{entry.name}</li>
      ))}
    </ul>
  );
}

function KitDelegationList(): ReactNode {
  const { data } = useDelegations();
  return <p>Kit delegations: {data?.map((entry) => entry.name).join(', ')}</p>;
}

function PlainApiVersions(): ReactNode {
  const { data } = useQuery(apiVersionsQueryOptions(useVaultSession().client));
  return <p>Plain latest: {data?.latest}</p>;
}

function KitApiVersions(): ReactNode {
  const { data } = useApiVersions();
  return <p>Kit latest: {data?.latest}</p>;
}

describe('delegationsQueryOptions', () => {
  it('a prefetch after sign-in fills the cache that a plain useQuery and useDelegations then show, with one request', async () => {
    const tab = await renderWithSession(<p>Nothing yet</p>, { settings: ALONE });
    await act(() => tab.session.manager.signIn(OLIVIA));

    await act(() => tab.queryClient.prefetchQuery(delegationsQueryOptions(tab.session)));
    expect(tab.count('/delegation/vaults')).toBe(1);

    tab.rerender(
      <>
        <PlainDelegationList />
        <KitDelegationList />
      </>,
    );
    expect(tab.getByRole('listitem')).toHaveTextContent('Sunrise QualityDocs');
    expect(tab.getByText('Kit delegations: Sunrise QualityDocs')).toBeInTheDocument();
    expect(tab.count('/delegation/vaults')).toBe(1);
  });

  it('a plain useQuery waits for a session, then lists with the user\u2019s own session', async () => {
    const { result, backend } = await renderHookWithSession(
      () => ({
        login: useLogin(),
        list: useQuery(delegationsQueryOptions(useVaultSession(), useSession())),
      }),
      { settings: ALONE },
    );
    expect(result.current.list.fetchStatus).toBe('idle');
    expect(backend.count('/delegation/vaults')).toBe(0);

    await act(() => result.current.login.login(OLIVIA));
    await waitFor(() => expect(result.current.list.data).toEqual([MARCUS_IN_QUALITYDOCS]));
    const [own] = backend.issued.own;
    // Compared, never printed: a failure shows only `false`.
    expect(backend.requests('/delegation/vaults')[0]?.headers.get('authorization') === own).toBe(
      true,
    );
  });

  it('names the user and vault in its key, never a session ID', async () => {
    const { session, backend } = await renderHookWithSession(() => useSession(), {
      settings: ALONE,
    });
    await act(() => session.manager.signIn(OLIVIA));
    const key: readonly unknown[] = delegationsQueryOptions(session).queryKey;

    expect(key).toEqual(expect.arrayContaining(['61001', 1001]));
    const ids = backend.issued.own;
    expect(ids).toHaveLength(1);
    expect(key.some((part) => ids.includes(String(part)))).toBe(false);
  });

  it('fetched while nobody is signed in, it fails as aborted without a request', async () => {
    const { session, queryClient, backend } = await renderHookWithSession(() => useSession(), {
      settings: ALONE,
    });

    await expect(queryClient.fetchQuery(delegationsQueryOptions(session))).rejects.toMatchObject({
      kind: 'aborted',
    });
    expect(backend.count('/delegation/vaults')).toBe(0);
  });
});

describe('apiVersionsQueryOptions', () => {
  it('a prefetch before anyone signs in fills the cache that a plain useQuery and useApiVersions then show', async () => {
    const tab = await renderWithSession(<p>Nothing yet</p>, { settings: ALONE });

    await act(() => tab.queryClient.prefetchQuery(apiVersionsQueryOptions(tab.session.client)));
    expect(tab.count('/api')).toBe(1);

    tab.rerender(
      <>
        <PlainApiVersions />
        <KitApiVersions />
      </>,
    );
    expect(tab.getByText('Plain latest: v26.2')).toBeInTheDocument();
    expect(tab.getByText('Kit latest: v26.2')).toBeInTheDocument();
    expect(tab.count('/api')).toBe(1);
  });
});

describe('the query hooks\u2019 named actions', () => {
  it('useDelegations().refresh asks again although the list is fresh, and resolves with it', async () => {
    const { result, backend } = await renderHookWithSession(
      () => ({ login: useLogin(), delegations: useDelegations() }),
      { settings: ALONE },
    );
    await act(() => result.current.login.login(OLIVIA));
    await waitFor(() => expect(result.current.delegations.isSuccess).toBe(true));
    expect(backend.count('/delegation/vaults')).toBe(1);

    let refreshed: unknown;
    await act(async () => {
      refreshed = await result.current.delegations.refresh();
    });
    expect(refreshed).toEqual([MARCUS_IN_QUALITYDOCS]);
    expect(backend.count('/delegation/vaults')).toBe(2);
    expect(result.current.delegations.data).toEqual([MARCUS_IN_QUALITYDOCS]);
  });

  it('useDelegations().refresh rejects as aborted while nobody is signed in, without a request', async () => {
    const { result, backend } = await renderHookWithSession(() => useDelegations(), {
      settings: ALONE,
    });

    await expect(result.current.refresh()).rejects.toMatchObject({ kind: 'aborted' });
    expect(backend.count('/delegation/vaults')).toBe(0);
  });

  it('useApiVersions().refresh asks the vault again and resolves with its versions', async () => {
    const { result, backend } = await renderHookWithSession(() => useApiVersions(), {
      settings: ALONE,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(backend.count('/api')).toBe(1);

    let refreshed: ApiVersions | undefined;
    await act(async () => {
      refreshed = await result.current.refresh();
    });
    expect(refreshed?.latest).toBe('v26.2');
    expect(backend.count('/api')).toBe(2);
  });

  it('the hooks leave TanStack\u2019s own results as they were: no action is written into the observers\u2019 copies', async () => {
    const keysSeenByObservers = new Set<string>();
    const { result } = await renderHookWithSession(
      () => {
        const queryClient = useQueryClient();
        const hooks = {
          login: useLogin(),
          versions: useApiVersions(),
          delegations: useDelegations(),
          discovery: useDiscovery(OLIVIA.username, { debounceMs: 0 }),
        };
        // Read right after the hooks ran, in the same render, before anything replaces them.
        for (const query of queryClient.getQueryCache().getAll()) {
          for (const observer of query.observers) {
            for (const key of Object.keys(observer.getCurrentResult()))
              keysSeenByObservers.add(key);
          }
        }
        return hooks;
      },
      { settings: ALONE },
    );
    await act(() => result.current.login.login(OLIVIA));
    await waitFor(() => expect(result.current.delegations.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.discovery.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.versions.isSuccess).toBe(true));

    expect(keysSeenByObservers).toContain('data');
    expect(keysSeenByObservers).not.toContain('refresh');
    expect(keysSeenByObservers).not.toContain('discover');
    expect(typeof result.current.versions.refresh).toBe('function');
    expect(typeof result.current.delegations.refresh).toBe('function');
    expect(typeof result.current.discovery.discover).toBe('function');
    expect(result.current.delegations.data).toEqual([MARCUS_IN_QUALITYDOCS]);
  });

  it('a screen of API versions is not drawn again when the session moves but its vault stays', async () => {
    let drawn = 0;
    function Screen(): ReactNode {
      const versions = useApiVersions();
      drawn += 1;
      return <p>Latest: {versions.data?.latest}</p>;
    }
    // On manual time the tab keeps asking the others for a session until the clock moves.
    const tab = await renderWithSession(<Screen />, { manualTime: true });
    await waitFor(() => expect(tab.getByText('Latest: v26.2')).toBeInTheDocument());
    expect(tab.session.manager.getSnapshot().joining).toBe(true);
    const before = drawn;

    await tab.backend.advance(300);

    expect(tab.session.manager.getSnapshot().joining).toBeUndefined();
    expect(drawn).toBe(before);
  });

  it('a screen that reads only data and refresh is not drawn again while a refresh runs and brings the same answer', async () => {
    let drawn = 0;
    let refresh: (() => Promise<ApiVersions>) | undefined;
    function Screen(): ReactNode {
      const versions = useApiVersions();
      drawn += 1;
      refresh = versions.refresh;
      return <p>Latest: {versions.data?.latest}</p>;
    }
    // The marker: a reader of its own that shows every fetch start and end.
    function Fetching(): ReactNode {
      const { isFetching } = useQuery(apiVersionsQueryOptions(useVaultSession().client));
      return <p>{isFetching ? 'Fetching' : 'Settled'}</p>;
    }
    const tab = await renderWithSession(
      <>
        <Screen />
        <Fetching />
      </>,
      { settings: ALONE },
    );
    await waitFor(() => expect(tab.getByText('Latest: v26.2')).toBeInTheDocument());
    await waitFor(() => expect(tab.getByText('Settled')).toBeInTheDocument());
    const before = drawn;

    await act(() => refresh?.());
    await waitFor(() => expect(tab.getByText('Settled')).toBeInTheDocument());

    expect(tab.count('/api')).toBe(2);
    expect(drawn).toBe(before);
  });
});
