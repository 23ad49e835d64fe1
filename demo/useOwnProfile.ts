import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { isLiveStatus } from '../src/core/index';
import { useSession, useVaultFetch, type VaultError } from '../src/index';
import { demoQueryKeys } from './demoQueryKeys';
import { parseSessionUser, type SessionUserProfile } from './parseSessionUser';

/**
 * The signed-in person's own profile ("Validate Session User"). It is asked only while the
 * session is one's own: during a delegation the same call would describe the person acted
 * for, so the answer fetched before is kept instead.
 *
 * @example
 * ```tsx
 * const { data: me } = useOwnProfile();
 * return <span>{me?.displayName}</span>;
 * ```
 */
export function useOwnProfile(): UseQueryResult<SessionUserProfile, VaultError> {
  const vaultFetch = useVaultFetch();
  const { status, user, delegation } = useSession();
  return useQuery<SessionUserProfile, VaultError>({
    queryKey: demoQueryKeys.profile(user?.userId ?? ''),
    queryFn: async ({ signal }) =>
      parseSessionUser(await vaultFetch('/objects/users/me', {}, { signal })),
    enabled: user !== undefined && isLiveStatus(status) && delegation === undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
