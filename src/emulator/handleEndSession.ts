import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';

/**
 * `DELETE /api/{v}/session`: ends the session supplied (and the sessions delegated from
 * it); the user's other sessions live on.
 */
export function handleEndSession(state: EmulatorState, call: EmulatorCall): Response {
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  const headers = sessionHeaders(session);
  state.sessions.end(session, 'logout');
  return replyTo(call, { responseStatus: 'SUCCESS' }, headers);
}
