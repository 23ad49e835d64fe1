import { dnsOf } from './dnsOf';
import { isLiveStatus, type SessionState } from './sessionReducer';
import type { SessionRoute } from './types';

/**
 * Where a request of a live session goes: the delegated session and its vault host while
 * acting for another user (`current`), else, or when asked for `own`, the user's own
 * session and host. `undefined` while no session is live.
 */
export function sessionRouteOf(
  state: SessionState,
  which: 'current' | 'own' = 'current',
): SessionRoute | undefined {
  const { record } = state;
  if (!record || !isLiveStatus(state.status)) return undefined;
  const { delegation } = record;
  return which === 'current' && delegation
    ? { session: delegation.session, vaultDns: dnsOf(delegation) }
    : { session: record.session, vaultDns: record.dns };
}
