import { queryOptions } from '@tanstack/react-query';
import type { DelegatedVault } from '../core/client/types';
import { VaultAbortedError, type VaultError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import type { SessionSnapshot } from '../core/session/types';
import type { VaultSession } from '../core/session/VaultSession';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * Query options for the signed-in user's delegations, shared by `useDelegations` and any
 * prefetch. The key names the user and vault of `snapshot` (by default the session's
 * current one), never a session ID; the request itself reads the user's own session when
 * it runs, so a delegation started in the meantime does not ask with the delegated one.
 * Disabled while nobody is signed in; fetched anyway (`prefetchQuery`), it fails with
 * `VaultAbortedError`.
 *
 * @example
 * ```ts
 * import { useQuery } from '@tanstack/react-query';
 *
 * // In a route loader: fills the cache entry that useDelegations() reads.
 * await queryClient.prefetchQuery(delegationsQueryOptions(session));
 * // In a component: a query of the app's own on that same entry.
 * const { data: delegations = [] } = useQuery(
 *   delegationsQueryOptions(useVaultSession(), useSession()),
 * );
 * ```
 */
export function delegationsQueryOptions(
  session: VaultSession,
  snapshot: SessionSnapshot = session.manager.getSnapshot(),
) {
  const { client, manager } = session;
  const { user } = snapshot;
  return queryOptions<DelegatedVault[], VaultError>({
    queryKey: vaultQueryKeys.delegations(
      user?.vault?.dns ?? client.config.baseUrl ?? '',
      user?.userId ?? '',
      user?.vaultId ?? 0,
    ),
    // TanStack's `signal` is left unread on purpose: a query that reads it is cancelled when
    // its last observer unmounts, so StrictMode's remount (or a picker closed mid-request)
    // would ask the service twice for a list this small.
    queryFn: async () => {
      const route = manager.getSessionRoute('own');
      if (route === undefined) throw new VaultAbortedError();
      const { session, vaultDns } = route;
      try {
        return await client.getDelegations(session, { vaultDns });
      } catch (error) {
        manager.reportError(error, { session });
        throw error;
      }
    },
    enabled: user !== undefined && isLiveStatus(snapshot.status),
    staleTime: 5 * 60_000,
  });
}
