import { createKeepAliveRun } from '../keepAlive/createKeepAliveRun';
import { createSession } from './createSession';
import type { VaultSession, VaultSessionOptions } from './VaultSession';

/**
 * Creates a {@link VaultSession}: the session's state machine (`createSessionManager`)
 * and the keep-alive that subscribes to it, with the keep-alive's scheduler built in
 * (`SessionProvider` makes the same session, handing it a scheduler that comes in a chunk
 * of its own, fetched when the provider mounts, so that a login page does not carry its
 * code; both take their scheduler as the `createRun` part of `createSession`). The keep-alive runs only while a session is live and is restarted
 * for each new session; while acting for another user it keeps both the user's own
 * session and the delegated one alive, because the delegated session dies with its
 * actor's. An `INVALID_SESSION_ID` from either ends the session in every tab; coming back
 * from sleep or another tab re-checks the 48-hour cap.
 *
 * @example
 * ```ts
 * const session = createVaultSession({ client: createVaultClient({ baseUrl: '' }) });
 * session.connect();
 * ```
 */
export function createVaultSession(options: VaultSessionOptions): VaultSession {
  return createSession({ ...options, createRun: createKeepAliveRun });
}
