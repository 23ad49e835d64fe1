'use client';
import type { RequestOptions, VaultRequestInit } from '../core/client/types';
import { useVaultSession } from './VaultSessionContext';

/**
 * A function for the rest of the service's REST API: it waits until a session exists (so
 * it can be called before sign-in completes), adds the session and client ID headers, uses
 * the delegated session while acting for someone, and turns `INVALID_SESSION_ID` into the
 * expired state in every tab. Paths are relative to `/api/{version}`.
 *
 * @example
 * Under `vaultQueryKeys.all`, so that sign-out drops the answer with the kit's own queries:
 * ```tsx
 * import { useQuery } from '@tanstack/react-query';
 *
 * function Me() {
 *   const vaultFetch = useVaultFetch();
 *   const { data } = useQuery({
 *     queryKey: [...vaultQueryKeys.all, 'me'],
 *     queryFn: ({ signal }) => vaultFetch('/objects/users/me', {}, { signal }),
 *   });
 *   return <p>{JSON.stringify(data?.users)}</p>;
 * }
 * ```
 */
export function useVaultFetch(): <T extends Record<string, unknown> = Record<string, unknown>>(
  path: string,
  init?: VaultRequestInit,
  options?: RequestOptions,
) => Promise<T> {
  return useVaultSession().request;
}
