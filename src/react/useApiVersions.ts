'use client';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiVersions } from '../core/client/types';
import type { VaultError } from '../core/errors';
import type { SessionSnapshot } from '../core/session/types';
import { apiVersionsQueryOptions } from './apiVersionsQueryOptions';
import { useSessionSelector } from './useSessionSelector';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

const vaultDnsOf = (session: SessionSnapshot): string | undefined => session.vault?.dns;

/**
 * What {@link useApiVersions} returns: TanStack's query result and `refresh`.
 *
 * @example
 * ```ts
 * const { data, refresh }: UseApiVersionsResult = useApiVersions();
 * ```
 */
export type UseApiVersionsResult = UseQueryResult<ApiVersions, VaultError> & {
  /** Asks the vault again now, even if the answer is fresh; rejects with the `VaultError`. */
  refresh: () => Promise<ApiVersions>;
};

/**
 * The API versions the vault supports, oldest first (`latest` may be a beta): the vault
 * of the current session, else the configured `vaultDns`, else `baseUrl`
 * ({@link apiVersionsQueryOptions}).
 *
 * @example
 * ```tsx
 * function ApiVersion() {
 *   const { data, isPending } = useApiVersions();
 *   if (isPending) return <p role="status">Asking the vault…</p>;
 *   return <p>Newest API: {data?.latest}</p>;
 * }
 * ```
 */
export function useApiVersions(): UseApiVersionsResult {
  // Only the vault's name matters here: a screen of API versions is not drawn again when
  // the session's other state moves (a tab joining, the deadline, the idle estimate).
  const dns = useSessionSelector(vaultDnsOf);
  const query = useQuery(apiVersionsQueryOptions(useVaultSession().client, dns));
  const { refetch } = query;
  const refresh = useCallback(
    () => refetch({ throwOnError: true }).then(({ data }) => data as ApiVersions),
    [refetch],
  );
  return withActions(query, { refresh });
}
