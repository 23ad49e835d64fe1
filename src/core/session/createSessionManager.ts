import { createSessionTabHub } from './createTabChannel';
import { openSessionManager } from './openSessionManager';
import type { SessionManager, SessionManagerOptions } from './SessionManager';

/**
 * Creates the state machine inside a session: the states (`signed-out`, `signing-in`,
 * `active`, `delegated`, `expiring`, `expired`, `ended`) with the 48-hour deadline, a
 * storage adapter, and cross-tab sync over `BroadcastChannel`. It is not a second way to
 * make a session: `createVaultSession` (and `SessionProvider`) make one around it, with
 * the keep-alive and authenticated calls, and expose it as `session.manager`. Alone it is
 * for code that keeps a session alive by other means. Framework-free; React binds to it
 * with `useSyncExternalStore(manager.subscribe, manager.getSnapshot)`.
 *
 * - The deadline is the local time at which the login request was sent plus 48 hours; the
 *   server's session cannot have begun earlier, and no server timestamp is ever compared
 *   with the local clock (B7). A timer moves the status to `expiring` and `expired`; call
 *   `checkDeadline()` on focus or resume to catch up after sleep.
 * - Only `INVALID_SESSION_ID` (through `reportError`) ends a session early; transient faults
 *   never do (SES-06, B14).
 * - Sign-out clears every tab before the server is told, so it works offline (SES-07).
 * - A new tab without a session asks the open tabs and joins their session without a new
 *   login. Sign-out and expiry notices carry no session ID (STO-03, STO-04).
 * - Passwords are passed to the client and nowhere else: never stored, never broadcast.
 *
 * Throws {@link VaultConfigError} for a localStorage-backed `storage` (STO-01). Touches no
 * browser global unless present, so it is safe to create during server rendering.
 *
 * @example
 * ```ts
 * const manager = createSessionManager({
 *   client: createVaultClient({ baseUrl: '' }),
 *   storage: sessionStorageAdapter(),
 * });
 * await manager.signIn({ username: 'olivia@sunrise.example', password });
 * manager.getSnapshot().status; // 'active'
 * const route = manager.getSessionRoute();
 * if (route) await client.keepAlive(route.session, { vaultDns: route.vaultDns });
 * await manager.signOut();
 * ```
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  return openSessionManager(
    options,
    createSessionTabHub(options.BroadcastChannel, options.channelName),
  );
}
