'use client';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { VaultError } from '../core/errors';
import type { DelegationTarget, SessionDelegation } from '../core/session/types';
import { useSession } from './useSession';
import { useVaultSession } from './VaultSessionContext';

/**
 * Acting on behalf of another user: `start` opens a delegated session (every tab follows),
 * `stop` ends it and returns to the user's own session. `delegation` is the current one.
 *
 * @example
 * ```tsx
 * const { start, stop, delegation } = useDelegatedLogin();
 * <button onClick={() => start.mutate({ vaultId: d.id, delegatorUserId: d.delegatorUserId })}>Act as</button>
 * {delegation && <button onClick={() => stop.mutate()}>Stop acting</button>}
 * ```
 */
export function useDelegatedLogin(): {
  start: UseMutationResult<void, VaultError, DelegationTarget>;
  stop: UseMutationResult<void, never, void>;
  delegation: SessionDelegation | undefined;
} {
  const { manager } = useVaultSession();
  const { delegation } = useSession();
  const start = useMutation<void, VaultError, DelegationTarget>({
    mutationFn: (target) => manager.startDelegation(target),
  });
  const stop = useMutation<void, never, void>({ mutationFn: () => manager.stopDelegation() });
  return { start, stop, delegation };
}
