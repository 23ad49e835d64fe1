'use client';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DiscoveryResult } from '../core/client/types';
import type { VaultError } from '../core/errors';
import { discoveryQueryOptions } from './discoveryQueryOptions';
import { isPlausibleUsername } from './isPlausibleUsername';
import { useDebouncedValue } from './useDebouncedValue';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

/**
 * Options of {@link useDiscovery}.
 *
 * @example
 * ```ts
 * const options: UseDiscoveryOptions = { debounceMs: 250 };
 * ```
 */
export interface UseDiscoveryOptions {
  /** Wait this long after the last keystroke before asking. Default 300 ms. */
  debounceMs?: number;
  /** Default `true`. */
  enabled?: boolean;
}

/**
 * What {@link useDiscovery} returns: TanStack's query result and `discover`.
 *
 * @example
 * ```ts
 * const { data, discover }: UseDiscoveryResult = useDiscovery(username);
 * ```
 */
export type UseDiscoveryResult = UseQueryResult<DiscoveryResult, VaultError> & {
  /** The answer for `username`: from the cache when fresh, else asked now. */
  discover: (username: string) => Promise<DiscoveryResult>;
};

/**
 * Discovery for the user name being typed: asked once typing pauses and the name has a
 * domain, cached per user name, so pressing "Continue" usually needs no round trip.
 * `discover(name)` answers from the cache or asks now (for the submit itself).
 *
 * @example
 * ```ts
 * const { data, discover } = useDiscovery(username); // asked once typing pauses
 * const onContinue = async () => {
 *   const answer = await discover(username); // from the cache when fresh
 *   navigate(answer.authType === 'sso' ? '/sign-in/sso' : '/sign-in/password');
 * };
 * ```
 */
export function useDiscovery(
  username: string,
  options: UseDiscoveryOptions = {},
): UseDiscoveryResult {
  const { client } = useVaultSession();
  const queryClient = useQueryClient();
  const settled = useDebouncedValue(username.trim(), options.debounceMs ?? 300);
  const query = useQuery({
    ...discoveryQueryOptions(client, settled),
    enabled: (options.enabled ?? true) && isPlausibleUsername(settled),
  });
  const discover = useCallback(
    (name: string) => queryClient.fetchQuery(discoveryQueryOptions(client, name)),
    [client, queryClient],
  );
  return withActions(query, { discover });
}
