'use client';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ApiVersions } from '../core/client/types';
import type { VaultError } from '../core/errors';
import { useVaultSession } from './VaultSessionContext';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * The API versions the vault supports, oldest first (`latest` may be a beta).
 *
 * @example
 * ```tsx
 * const { data } = useApiVersions();
 * return <p>Newest API: {data?.latest}</p>;
 * ```
 */
export function useApiVersions(): UseQueryResult<ApiVersions, VaultError> {
  const { client } = useVaultSession();
  return useQuery<ApiVersions, VaultError>({
    queryKey: vaultQueryKeys.apiVersions(client.config.baseUrl),
    queryFn: ({ signal }) => client.getApiVersions({ signal }),
    staleTime: 60 * 60_000,
  });
}
