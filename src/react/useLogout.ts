'use client';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useVaultSession } from './VaultSessionContext';
import { vaultQueryKeys } from './vaultQueryKeys';

/**
 * Sign-out: this tab and every other tab are signed out at once, and the server sessions
 * (the delegated one and the user's own) are ended in the background; a failing or
 * offline end-session call never keeps anyone signed in. Never rejects; calling it twice
 * is harmless.
 *
 * @example
 * ```tsx
 * const { logout, isPending } = useLogout();
 * <button type="button" onClick={logout} disabled={isPending}>Sign out</button>
 * ```
 */
export function useLogout(): UseMutationResult<void, never, void> & { logout: () => void } {
  const { manager } = useVaultSession();
  const queryClient = useQueryClient();
  const mutation = useMutation<void, never, void>({
    mutationFn: async () => {
      const ending = manager.signOut();
      queryClient.removeQueries({ queryKey: [...vaultQueryKeys.all, 'delegations'] });
      await ending;
    },
  });
  const { mutate } = mutation;
  const logout = useCallback(() => mutate(), [mutate]);
  return Object.assign(mutation, { logout });
}
