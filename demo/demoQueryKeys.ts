/**
 * The root of every TanStack Query key the demo owns, so that one call can drop them all
 * when the session ends.
 *
 * @example
 * ```ts
 * queryClient.removeQueries({ queryKey: DEMO_QUERY_KEY });
 * ```
 */
export const DEMO_QUERY_KEY = ['vault-docs-demo'] as const;

/**
 * Query keys of the demo's calls. Each names the session it belongs to (user, vault and the
 * person acted for), so acting for someone never shows the answers of one's own session.
 *
 * @example
 * ```ts
 * useQuery({ queryKey: demoQueryKeys.documents('61001', 1001, undefined), queryFn });
 * ```
 */
export const demoQueryKeys = {
  documents: (userId: string, vaultId: number, delegatorUserId: string | undefined) =>
    [...DEMO_QUERY_KEY, 'documents', userId, vaultId, delegatorUserId ?? 'self'] as const,
  profile: (userId: string) => [...DEMO_QUERY_KEY, 'profile', userId] as const,
};
