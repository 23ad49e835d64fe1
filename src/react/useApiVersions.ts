'use client';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ApiVersions } from '../core/client/types';
import type { VaultError } from '../core/errors';
import { useSession } from './useSession';
import { useVaultSession } from './VaultSessionContext';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * The API versions the vault supports, oldest first (`latest` may be a beta): the vault
 * of the current session, else the configured `vaultDns`, else `baseUrl`.
 *
 * @example
 * ```tsx
 * const { data } = useApiVersions();
 * return <p>Newest API: {data?.latest}</p>;
 * ```
 */
export function useApiVersions(): UseQueryResult<ApiVersions, VaultError> {
  const { client } = useVaultSession();
  const { vault } = useSession();
  const vaultDns = vault?.dns || client.config.vaultDns;
  return useQuery<ApiVersions, VaultError>({
    queryKey: vaultQueryKeys.apiVersions(vaultDns ?? client.config.baseUrl ?? ''),
    // The signal stays unread, as in useDelegations: one small GET is not worth a second one.
    queryFn: () => client.getApiVersions({ vaultDns }),
    staleTime: 60 * 60_000,
  });
}
