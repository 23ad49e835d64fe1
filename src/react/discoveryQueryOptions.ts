import { queryOptions } from '@tanstack/react-query';
import type { DiscoveryResult, VaultClient } from '../core/client/types';
import { isTransientError, type VaultError } from '../core/errors';
import { vaultQueryKeys } from './vaultQueryKeys';

// Discovery routes by realm and changes rarely; a user who comes back to the form within
// minutes should not wait for it again.
const DISCOVERY_STALE_MS = 10 * 60_000;

/**
 * Query options for one user name's discovery answer; shared by `useDiscovery` and any
 * prefetch, so both hit the same cache entry.
 *
 * @example
 * ```ts
 * await queryClient.prefetchQuery(discoveryQueryOptions(client, 'sam@harbor.example'));
 * ```
 */
export function discoveryQueryOptions(client: VaultClient, username: string) {
  return queryOptions<DiscoveryResult, VaultError>({
    queryKey: vaultQueryKeys.discovery(client.config.authUrl, username),
    queryFn: ({ signal }) => client.discover({ username: username.trim() }, { signal }),
    staleTime: DISCOVERY_STALE_MS,
    retry: (count, error) => count < 1 && isTransientError(error),
  });
}
