import { queryOptions } from '@tanstack/react-query';
import type { ApiVersions, VaultClient } from '../core/client/types';
import type { VaultError } from '../core/errors';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * Query options for the API versions of one vault (by DNS; by default the client's
 * `vaultDns`, else its `baseUrl`), shared by `useApiVersions` and any prefetch. The call
 * needs no session, so it can be asked before anyone signs in.
 *
 * @example
 * ```ts
 * await queryClient.prefetchQuery(apiVersionsQueryOptions(client, 'quality.sunrise.example'));
 * ```
 */
export function apiVersionsQueryOptions(client: VaultClient, vaultDns?: string) {
  const dns = vaultDns || client.config.vaultDns;
  return queryOptions<ApiVersions, VaultError>({
    queryKey: vaultQueryKeys.apiVersions(dns ?? client.config.baseUrl ?? ''),
    // The signal stays unread, as in delegationsQueryOptions: one small GET is not worth a
    // second one.
    queryFn: () => client.getApiVersions({ vaultDns: dns }),
    staleTime: 60 * 60_000,
  });
}
