import { createKeepAliveRun } from '../keepAlive/createKeepAliveRun';
import { createSession } from './createSession';
import type { VaultSession, VaultSessionOptions } from './VaultSession';

/**
 * Creates a {@link VaultSession}: the session's state machine (`createSessionManager`)
 * and its keep-alive (`createKeepAlive`) wired together, with the keep-alive's scheduler
 * at hand (`SessionProvider` makes the same session with the scheduler in a chunk of its
 * own, fetched when the session connects). The keep-alive runs only while a session is
 * live and is restarted for each new session; while acting for another user it keeps both the user's own session and the
 * delegated one alive, because the delegated session dies with its actor's. An
 * `INVALID_SESSION_ID` from either ends the session in every tab; coming back from sleep or
 * another tab re-checks the 48-hour cap.
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
