'use client';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

/**
 * What {@link useLogout} returns: TanStack's mutation result (it never fails, so `error`
 * stays `null`) and `logout`.
 *
 * @example
 * ```ts
 * const { logout, isPending }: UseLogoutResult = useLogout();
 * ```
 */
export type UseLogoutResult = UseMutationResult<void, never, void> & {
  /** Signs out; resolves once the server has answered (or failed to), never rejects. */
  logout: () => Promise<void>;
};

/**
 * Options of {@link useLogout}.
 *
 * @example
 * ```ts
 * const options: UseLogoutOptions = { endLentSession: true };
 * ```
 */
export interface UseLogoutOptions {
  /**
   * Also end, at the vault, a session that a vault's web tab lent the app: the user's
   * choice to sign out of the vault around the app as well. Without it a lent session
   * stays alive for that vault window. Changes nothing for any other session.
   */
  readonly endLentSession?: boolean | undefined;
}

/**
 * Sign-out: this tab and every other tab are signed out at once, the kit's cached queries
 * are dropped, and the server sessions (the delegated one and the user's own) are ended in
 * the background; a failing or offline end-session call never keeps anyone signed in.
 * Never rejects; calling it twice is harmless. A session a vault's web tab lent the app is
 * only left, not ended, unless `endLentSession` is set.
 *
 * @example
 * ```tsx
 * const { logout, isPending } = useLogout();
 * <button type="button" onClick={logout} disabled={isPending}>Sign out</button>
 * ```
 */
export function useLogout(options?: UseLogoutOptions): UseLogoutResult {
  const { manager } = useVaultSession();
  const endLentSession = options?.endLentSession === true;
  // The session ends here at once; SessionProvider, which sees every end of a session (in
  // this tab or another), drops the kit's queries then.
  const mutation = useMutation<void, never, void>({
    mutationFn: () => manager.signOut(endLentSession ? { endLentSession } : undefined),
  });
  const { mutateAsync } = mutation;
  // Takes no argument, so `onClick={logout}` does not pass the click on as variables.
  const logout = useCallback(() => mutateAsync(), [mutateAsync]);
  return withActions(mutation, { logout });
}
