import { sessionHeaders } from './authenticateCall';
import type { EmulatorCall } from './EmulatorCall';
import type { EmulatorState } from './EmulatorState';
import type { IndexedUser } from './indexEmulatorData';
import { replyTo } from './replyTo';

/**
 * What {@link startSession} opens a session for.
 */
export interface SessionStart {
  /** The user whose credentials were accepted. */
  readonly user: IndexedUser;
  readonly method: 'password' | 'oauth';
  /** The vault the login named (`vaultDNS`), if any; a vault refused for it is reported as defaulted. */
  readonly vaultDns: string | undefined;
  /** The vault host the call reached, which stands for the vault asked for when none is named. */
  readonly hostDns?: string;
  /** Headers of the answer besides the session's own (the burst limit's). */
  readonly headers?: Record<string, string>;
}

/**
 * Starts a session for a user whose credentials were accepted and answers with the login
 * body. Auth defaulting, as the service documents it: when no vault is asked for or the
 * user cannot use the one asked for, the session still opens, in the vault where the user
 * last signed in, else in their oldest vault (the lowest ID: the service numbers vaults as
 * it creates them); the answer's `vaultId` says which, and the client's DNS check is what
 * catches it.
 */
export function startSession(
  state: EmulatorState,
  call: EmulatorCall,
  { user, method, vaultDns, hostDns, headers = {} }: SessionStart,
): Response {
  const { index } = state;
  const requestedDns = vaultDns ?? hostDns;
  const requested = requestedDns ? index.vaultsByDns.get(requestedDns.toLowerCase()) : undefined;
  const vaultId =
    requested && user.vaultIds.includes(requested.id)
      ? requested.id
      : mostRelevantVault(state, user);
  state.lastLogins.set(user.id, vaultId);
  const session = state.sessions.create({ userId: user.id, vaultId });
  state.emit({
    type: 'login',
    at: state.clock.now(),
    method,
    userId: user.id,
    username: user.username,
    vaultId,
    defaultedVault: vaultDns !== undefined && requested?.id !== vaultId,
    sessionRef: session.ref,
  });
  const vaultIds = user.vaultIds.map((id) => {
    const vault = index.vaultsById.get(id);
    return { id, name: vault?.name ?? '', url: `https://${vault?.dns ?? ''}/api` };
  });
  return replyTo(
    call,
    { responseStatus: 'SUCCESS', sessionId: session.id, userId: user.id, vaultId, vaultIds },
    { ...headers, ...sessionHeaders(session) },
  );
}

function mostRelevantVault(state: EmulatorState, user: IndexedUser): number {
  const last = state.lastLogins.get(user.id) ?? user.lastLoginVaultId;
  if (last !== undefined && user.vaultIds.includes(last)) return last;
  return Math.min(...user.vaultIds);
}
