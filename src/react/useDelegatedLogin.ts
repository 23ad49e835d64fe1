'use client';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { VaultError } from '../core/errors';
import type { DelegationTarget } from '../core/session/SessionManager';
import type { SessionDelegation } from '../core/session/types';
import { useSession } from './useSession';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

/**
 * What {@link useDelegatedLogin} returns: TanStack's mutation result of starting a
 * delegation (its `mutate` takes the {@link DelegationTarget}), `actAs`, the current
 * `delegation`, and `stop` to end it.
 *
 * @example
 * ```ts
 * const { actAs, isPending, error, delegation, stop }: UseDelegatedLoginResult = useDelegatedLogin();
 * ```
 */
export type UseDelegatedLoginResult = UseMutationResult<void, VaultError, DelegationTarget> & {
  /** Starts acting for the target's delegator; resolves once every tab has followed. */
  actAs: (target: DelegationTarget) => Promise<void>;
  /** The same mutation as this result, for code that holds `start` and `stop` side by side. */
  start: UseMutationResult<void, VaultError, DelegationTarget>;
  /**
   * Ends the delegation: pending while the vault ends the delegated session, after which
   * the user's own session is back. When the vault could not end it, `stop.error` says why
   * and the delegation stays in use.
   */
  stop: UseMutationResult<void, VaultError, void>;
  /** The delegation running now, if any. */
  delegation: SessionDelegation | undefined;
};

/**
 * Acting on behalf of another user: `actAs` (or `mutate`) opens a delegated session that
 * every tab follows, `stop.mutate()` returns to the user's own session, and `delegation`
 * is the current one.
 *
 * @example
 * ```tsx
 * function ActFor({ vault }: { vault: DelegatedVault }) {
 *   const { actAs, stop, delegation, isPending } = useDelegatedLogin();
 *   if (delegation) {
 *     return <button type="button" onClick={() => stop.mutate()}>Stop acting</button>;
 *   }
 *   const target = { vaultId: vault.id, delegatorUserId: vault.delegatorUserId };
 *   return (
 *     <button type="button" disabled={isPending} onClick={() => actAs(target).catch(() => {})}>
 *       Act in {vault.name}
 *     </button>
 *   );
 * }
 * ```
 */
export function useDelegatedLogin(): UseDelegatedLoginResult {
  const { manager } = useVaultSession();
  const { delegation } = useSession();
  const start = useMutation<void, VaultError, DelegationTarget>({
    mutationFn: (target) => manager.startDelegation(target),
  });
  const stop = useMutation<void, VaultError, void>({ mutationFn: () => manager.stopDelegation() });
  // `mutateAsync` is stable, and takes exactly the target: it is `actAs` as it is.
  return withActions(start, { actAs: start.mutateAsync, start, stop, delegation });
}
