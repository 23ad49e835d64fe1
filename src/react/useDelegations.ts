'use client';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { DelegatedVault } from '../core/client/types';
import { VaultAbortedError, type VaultError } from '../core/errors';
import { isLiveStatus } from '../core/session/sessionReducer';
import { useSession } from './useSession';
import { useVaultSession } from './VaultSessionContext';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * The vaults where the signed-in user may act on behalf of someone else, each with the
 * delegator's user ID. Asked with the user's own session (a delegated session cannot start
 * another), cached per user and vault, and dropped on sign-out. An empty list means no
 * delegate access.
 *
 * @example
 * ```tsx
 * const { data: delegations = [], isPending } = useDelegations();
 * return <ul>{delegations.map((d) => <li key={`${d.id}-${d.delegatorUserId}`}>{d.name}</li>)}</ul>;
 * ```
 */
export function useDelegations(): UseQueryResult<DelegatedVault[], VaultError> {
  const { client, manager } = useVaultSession();
  const { status, user } = useSession();
  return useQuery<DelegatedVault[], VaultError>({
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
      const { sessionId, vaultDns } = route;
      try {
        return await client.getDelegations(sessionId, { vaultDns });
      } catch (error) {
        manager.reportError(error, { sessionId });
        throw error;
      }
    },
    enabled: user !== undefined && isLiveStatus(status),
    staleTime: 5 * 60_000,
  });
}
