/**
 * The one factory for every TanStack Query key the kit uses, so the cache can be cleared
 * as a whole on sign-out (`vaultQueryKeys.all`) and keys never carry a session ID.
 *
 * @example
 * ```ts
 * vaultQueryKeys.discovery('https://login.veevavault.com', 'Olivia@Sunrise.example');
 * // ['vault-session-kit', 'discovery', 'https://login.veevavault.com', 'olivia@sunrise.example']
 * queryClient.removeQueries({ queryKey: vaultQueryKeys.all }); // every query of the kit
 * ```
 */
export const vaultQueryKeys = {
  all: ['vault-session-kit'] as const,
  /** Discovery answers per login host and user name (user names compare case-insensitively). */
  discovery: (authUrl: string, username: string) =>
    ['vault-session-kit', 'discovery', authUrl, username.trim().toLowerCase()] as const,
  apiVersions: (baseUrl: string) => ['vault-session-kit', 'api-versions', baseUrl] as const,
  /** Delegations belong to the signed-in user in one vault, not to a session ID. */
  delegations: (baseUrl: string, userId: string, vaultId: number) =>
    ['vault-session-kit', 'delegations', baseUrl, userId, vaultId] as const,
};
