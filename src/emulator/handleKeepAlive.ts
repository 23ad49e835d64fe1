import { authenticateCall, invalidSession, sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';

/**
 * `POST /api/{v}/keep-alive`: resets the idle timer of a live session and nothing else; the
 * 48-hour cap stays where it was.
 */
export function handleKeepAlive(state: EmulatorState, call: EmulatorCall): Response {
  const session = authenticateCall(state, call);
  if (!session) return invalidSession(state, call);
  return replyTo(call, { responseStatus: 'SUCCESS' }, sessionHeaders(session));
}
