import type { EmulatorSession } from './createSessionStore';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import { replyTo } from './replyTo';
import { vaultFailure } from './vaultResponse';

/**
 * The live session a call names, or `undefined`. The session ID travels only in
 * `Authorization`, raw or as a Bearer value (SES-09). A session belongs to one vault: at
 * any other vault's host it is as unknown as a made-up ID.
 */
export function authenticateCall(
  state: EmulatorState,
  call: EmulatorCall,
): EmulatorSession | undefined {
  const header = call.request.headers.get('authorization');
  if (!header) return undefined;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const { place } = call;
  return state.sessions.authenticate(
    (bearer?.[1] ?? header).trim(),
    place.kind === 'vault' ? place.vaultId : undefined,
  );
}

/**
 * The `X-VaultAPI-*` headers the service adds to every answer made with a session.
 */
export function sessionHeaders(session: EmulatorSession): Record<string, string> {
  return {
    'X-VaultAPI-UserId': String(session.userId),
    'X-VaultAPI-VaultId': String(session.vaultId),
    'X-VaultAPI-TruncatedSessionId': session.id.slice(0, 6),
  };
}

/**
 * The one answer unknown, ended, expired and malformed IDs all get (SES-03); it counts
 * against the caller's invalid-session limit.
 */
export function invalidSession(state: EmulatorState, call: EmulatorCall): Response {
  state.invalidSessionLimit.hit(call.caller);
  state.emit({ type: 'invalid_session', at: state.clock.now(), path: call.url.pathname });
  return replyTo(call, vaultFailure('INVALID_SESSION_ID', 'Invalid or expired session ID.'));
}
