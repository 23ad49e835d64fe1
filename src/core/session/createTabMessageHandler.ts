import { acceptsHandOff } from './acceptsHandOff';
import type { TabMessage } from './createTabChannel';
import { dnsOf } from './dnsOf';
import { endSessionQuietly } from './endSessionQuietly';
import type { SessionEvent, SessionState } from './sessionReducer';
import type { SessionClient, SessionRecord } from './types';

/**
 * Creates what a session manager does with a message from another tab: it answers a hello
 * with its session, takes a hand-off that {@link acceptsHandOff} lets through (dropping a
 * sign-in of its own that began later), and ends its session when another tab signed out
 * or saw that session run out or turn invalid. Its own messages, and any that arrive once
 * `ready` answers false (the manager is destroyed), are ignored. `adopt` puts a record into
 * the state; `handOff` sends this tab's session to the tab named, or to all; `opened` holds
 * the delegated sessions this tab opened, which this tab alone ends when a hand-off
 * displaces them.
 *
 * @example
 * ```ts
 * const channel = createTabChannel({
 *   name: 'vault-session-kit',
 *   onMessage: createTabMessageHandler(client, () => state, ready, now, tabId, dispatch, adopt,
 *     handOff, invalidateDelegations, cancelSignIn, signInStartedAt, openedDelegations),
 * });
 * ```
 */
export function createTabMessageHandler(
  client: SessionClient,
  getState: () => SessionState,
  ready: () => boolean,
  now: () => number,
  tabId: string,
  dispatch: (event: SessionEvent) => void,
  adopt: (record: SessionRecord) => void,
  handOff: (to?: string) => void,
  invalidateDelegations: () => void,
  cancelSignIn: () => void,
  signInStartedAt: () => number | undefined,
  opened: Set<string>,
): (message: TabMessage) => void {
  return (message) => {
    if (!ready() || message.from === tabId) return;
    const state = getState();
    const current = state.record;
    switch (message.type) {
      case 'hello':
        if (current && current.deadline > now()) handOff(message.from);
        return;
      case 'session': {
        const { record, to } = message;
        if (!acceptsHandOff(record, to, tabId, state, signInStartedAt(), now)) return;
        if (state.status === 'signing-in') cancelSignIn();
        if (current?.key !== record.key) invalidateDelegations();
        const displaced = current?.delegation;
        adopt(record);
        if (
          displaced &&
          displaced.sessionId !== record.delegation?.sessionId &&
          opened.delete(displaced.sessionId)
        ) {
          void endSessionQuietly(client, displaced.sessionId, dnsOf(displaced));
        }
        return;
      }
      case 'signed-out':
        if (!current) return;
        invalidateDelegations();
        dispatch({
          type: 'session-ended',
          reason: message.reason === 'inactive' ? 'inactive' : 'remote-sign-out',
        });
        return;
      case 'expired':
        if (current?.key !== message.key) return;
        invalidateDelegations();
        dispatch({ type: 'session-ended', reason: message.reason });
        return;
    }
  };
}
