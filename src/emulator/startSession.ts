import { sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import type { IndexedUser } from './indexEmulatorData';
import { replyTo } from './replyTo';

/**
 * Starts a session for a user whose credentials were accepted and answers with the login
 * body. Auth defaulting: a vault the user cannot use still yields a session, in their
 * default vault; the client's DNS check is what catches it.
 *
 * @example
 * ```ts
 * return startSession(state, call, user, 'password', 'promomats.sunrise.example', true);
 * ```
 */
export function startSession(
  state: EmulatorState,
  call: EmulatorCall,
  user: IndexedUser,
  method: 'password' | 'oauth',
  requestedDns: string | undefined,
  explicit: boolean,
  extraHeaders: Record<string, string> = {},
): Response {
  const { index } = state;
  const requested = requestedDns ? index.vaultsByDns.get(requestedDns.toLowerCase()) : undefined;
  const vaultId =
    requested && user.vaultIds.includes(requested.id) ? requested.id : user.defaultVaultId;
  const session = state.sessions.create({ userId: user.id, vaultId });
  state.emit({
    type: 'login',
    at: state.clock.now(),
    method,
    userId: user.id,
    username: user.username,
    vaultId,
    defaultedVault: explicit && requested?.id !== vaultId,
    sessionRef: session.ref,
  });
  const vaultIds = user.vaultIds.map((id) => {
    const vault = index.vaultsById.get(id);
    return { id, name: vault?.name ?? '', url: `https://${vault?.dns ?? ''}/api` };
  });
  return replyTo(
    call,
    { responseStatus: 'SUCCESS', sessionId: session.id, userId: user.id, vaultId, vaultIds },
    { ...extraHeaders, ...sessionHeaders(session) },
  );
}
