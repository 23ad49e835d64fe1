'use client';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DelegatedVault } from '../core/client/types';
import type { VaultError } from '../core/errors';
import { delegationsQueryOptions } from './delegationsQueryOptions';
import { useSession } from './useSession';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

/**
 * What {@link useDelegations} returns: TanStack's query result and `refresh`.
 *
 * @example
 * ```ts
 * const { data = [], refresh }: UseDelegationsResult = useDelegations();
 * ```
 */
export type UseDelegationsResult = UseQueryResult<DelegatedVault[], VaultError> & {
  /**
   * Asks the service again now, even if the list is fresh, and resolves with the new list;
   * rejects with the `VaultError` (`VaultAbortedError` while nobody is signed in).
   */
  refresh: () => Promise<DelegatedVault[]>;
};

/**
 * The vaults where the signed-in user may act on behalf of someone else, each with the
 * delegator's user ID. Asked with the user's own session (a delegated session cannot start
 * another), cached per user and vault ({@link delegationsQueryOptions}), and dropped on
 * sign-out. An empty list means no delegate access.
 *
 * @example
 * ```tsx
 * const { data: delegations = [], isPending, refresh } = useDelegations();
 * <button type="button" onClick={() => refresh().catch(() => {})}>Refresh</button>
 * ```
 */
export function useDelegations(): UseDelegationsResult {
  const query = useQuery(delegationsQueryOptions(useVaultSession(), useSession()));
  const { refetch } = query;
  // `refetch` runs even while the query is disabled, so signed out it rejects as aborted.
  const refresh = useCallback(
    () => refetch({ throwOnError: true }).then(({ data }) => data as DelegatedVault[]),
    [refetch],
  );
  return withActions(query, { refresh });
}
