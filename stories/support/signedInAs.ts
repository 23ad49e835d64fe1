import type { DelegationTarget } from '../../src/core/session/SessionManager';
import { readStoryVault } from './readStoryVault';

/**
 * A story `beforeEach` that signs in for real before the story is shown: a password login
 * against the story's emulator through the mock service worker, then, when asked, a
 * delegated session. Afterwards the story clock can skip ahead with `advanceBy` (the
 * session's deadline is re-checked, as on returning to a tab).
 *
 * @example
 * ```ts
 * export const Delegated = {
 *   beforeEach: signedInAs(demoUsers.olivia, { delegation: { vaultId: 1002, delegatorUserId: '61002' } }),
 * };
 * ```
 */
export function signedInAs(
  credentials: { readonly username: string; readonly password: string },
  options: { readonly delegation?: DelegationTarget; readonly advanceBy?: number } = {},
) {
  return async (context: { readonly loaded: Record<string, unknown> }): Promise<void> => {
    const { session, clock } = readStoryVault(context);
    await session.manager.signIn({
      username: credentials.username,
      password: credentials.password,
    });
    if (options.delegation) await session.manager.startDelegation(options.delegation);
    if (options.advanceBy !== undefined) {
      clock.advance(options.advanceBy);
      session.manager.checkDeadline();
    }
  };
}
