import { isSameSession } from '../client/SessionReference';
import { acceptsHandOff } from './acceptsHandOff';
import type { DelegationFlow } from './createDelegationFlow';
import type { SignInFlow } from './createSignInFlow';
import type { TabMessage } from './createTabChannel';
import { dnsOf } from './dnsOf';
import { endSessionQuietly } from './endSessionQuietly';
import { toStoredSessionReference } from './readStoredSessionReference';
import type { SessionCore } from './SessionCore';

/**
 * Creates what a session manager does with a message from another tab: it answers a hello
 * with its session, takes a hand-off that {@link acceptsHandOff} lets through (dropping a
 * sign-in of its own that began later), and ends its session when another tab signed out
 * or saw that session run out or turn invalid. Its own messages, and any that arrive once
 * the manager is destroyed, are ignored. A hand-off goes to `core.adopt`; a delegated
 * session it displaces is ended here if this tab opened it (`core.opened`).
 */
export function createTabMessageHandler(
  core: SessionCore,
  { signIn, delegations }: { readonly signIn: SignInFlow; readonly delegations: DelegationFlow },
): (message: TabMessage) => void {
  const invalidateDelegations = delegations.invalidate;
  return (message) => {
    if (!core.ready() || message.from === core.tabId) return;
    const state = core.getState();
    const current = state.record;
    switch (message.type) {
      case 'hello':
        if (current && current.deadline > core.now()) core.handOff(message.from);
        return;
      case 'session': {
        const { record } = message;
        const receiver = {
          tabId: core.tabId,
          state,
          signInStartedAt: signIn.startedAt(),
          now: core.now,
        };
        if (!acceptsHandOff(message, receiver)) return;
        if (state.status === 'signing-in') signIn.cancel();
        if (current?.key !== record.key) invalidateDelegations();
        const displaced = current?.delegation;
        core.adopt(record);
        if (
          displaced &&
          !isSameSession(displaced.session, record.delegation?.session) &&
          core.opened.delete(toStoredSessionReference(displaced.session))
        ) {
          void endSessionQuietly(core.client, displaced.session, dnsOf(displaced));
        }
        return;
      }
      case 'signed-out':
        if (!current) return;
        invalidateDelegations();
        core.dispatch({
          type: 'session-ended',
          reason: message.reason === 'inactive' ? 'inactive' : 'remote-sign-out',
          forget: message.forget,
        });
        return;
      case 'expired':
        if (current?.key !== message.key) return;
        invalidateDelegations();
        core.dispatch({ type: 'session-ended', reason: message.reason });
        return;
    }
  };
}
