import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { isLiveStatus } from '../src/core/index';
import { useSession, useVaultFetch, type VaultError } from '../src/index';
import { demoQueryKeys } from './demoQueryKeys';
import { type DocumentList, parseDocumentList } from './parseDocumentList';

/** More than any demo vault holds: one page is the whole list. */
const PAGE_SIZE = '50';

/**
 * The documents of the vault the session is in: one's own vault, or the delegated vault
 * while acting for someone. The call goes through `useVaultFetch`, so it waits for a session,
 * carries the right session ID, and an `INVALID_SESSION_ID` answer ends the session.
 *
 * @example
 * ```tsx
 * const { data, isPending, isError, refetch } = useDocuments();
 * ```
 */
export function useDocuments(): UseQueryResult<DocumentList, VaultError> {
  const vaultFetch = useVaultFetch();
  const { status, user, delegation } = useSession();
  return useQuery<DocumentList, VaultError>({
    queryKey: demoQueryKeys.documents(
      user?.userId ?? '',
      delegation?.vaultId ?? user?.vaultId ?? 0,
      delegation?.delegatorUserId,
    ),
    queryFn: async ({ signal }) =>
      parseDocumentList(
        await vaultFetch('/objects/documents', { query: { limit: PAGE_SIZE } }, { signal }),
      ),
    enabled: user !== undefined && isLiveStatus(status),
  });
}
