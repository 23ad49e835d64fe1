import type { SessionReference } from '../client/SessionReference';
import type { AuthResult } from '../client/types';
import type { VaultError } from '../errors';
import type {
  BroadcastChannelConstructor,
  SessionClient,
  SessionRoute,
  SessionSnapshot,
  SessionTimers,
  StorageAdapter,
} from './types';

/**
 * Settings of {@link createSessionManager}. Only `client` is required.
 *
 * @example
 * ```ts
 * const options: SessionManagerOptions = {
 *   client: createVaultClient({ baseUrl: '' }),
 *   storage: sessionStorageAdapter(),
 *   warnBeforeMs: 10 * 60_000,
 * };
 * ```
 */
export interface SessionManagerOptions {
  client: SessionClient;
  /** Where the session record lives. Default: memory only. localStorage is refused. */
  storage?: StorageAdapter;
  /** Storage key of the record. Default `vault-session-kit.session`. */
  storageKey?: string;
  /**
   * Name of the cross-tab channel, the one `BroadcastChannel` a tab opens for the session:
   * a session's keep-alive, and its leader election where Web Locks are missing, talk on
   * it too, each on a topic of its own. Default `vault-session-kit`.
   */
  channelName?: string;
  /**
   * The `BroadcastChannel` constructor. Default: the global one, if any. `null` keeps the
   * manager to this tab, and a session's keep-alive too (unless `keepAlive.environment`
   * names a channel of its own).
   */
  BroadcastChannel?: BroadcastChannelConstructor | null;
  /** How long before the cap the status turns `expiring`. Default 5 minutes. */
  warnBeforeMs?: number;
  /** The service's absolute session lifetime. Default 48 hours. */
  maxSessionMs?: number;
  /** How long a new tab asks the open ones for their session (`joining`). Default 300 ms. */
  joinTimeoutMs?: number;
  /** The local clock in epoch ms. Default `Date.now`. */
  now?: () => number;
  /** Default: the global `setTimeout`/`clearTimeout`, looked up at call time. */
  timers?: SessionTimers;
  /**
   * Who holds the session credential; default: the client's `config.credentials`
   * (`'token'` when it has none). With `'proxy'` (backend-for-frontend mode) the kit's
   * proxy keeps the session IDs in `HttpOnly` cookies: the manager identifies sessions by
   * the proxy's session tags, stores and broadcasts no credential, learns at start whether
   * the browser holds a session by asking the proxy's session route (who-am-I), and takes
   * the 48-hour deadline from the proxy. Must agree with the client's setting.
   *
   * @example
   * ```ts
   * const client = createVaultClient({ authUrl: '', vaultUrl: '/vault/{dns}', credentials: 'proxy' });
   * const manager = createSessionManager({ client, credentials: 'proxy', storage: sessionStorageAdapter() });
   * ```
   */
  credentials?: 'token' | 'proxy';
}

/**
 * What to delegate into: the vault and the user who granted access. `vaultName` and `dns`
 * come from the delegation list; when omitted, the manager looks them up.
 *
 * @example
 * ```ts
 * const target: DelegationTarget = { vaultId: 1002, delegatorUserId: '61002' };
 * ```
 */
export interface DelegationTarget {
  readonly vaultId: number;
  readonly delegatorUserId: string;
  readonly vaultName?: string | undefined;
  readonly dns?: string | undefined;
}

/**
 * The session of one tab, kept in step with the other tabs of the same origin.
 *
 * @example
 * ```ts
 * const manager = createSessionManager({ client: createVaultClient({ baseUrl: '' }) });
 * const stop = manager.subscribe(() => {
 *   const { status, user } = manager.getSnapshot();
 *   if (status === 'active') console.info('signed in as', user?.username);
 * });
 * await manager.signIn({ username: 'olivia@sunrise.example', password });
 * await manager.signOut();
 * stop();
 * ```
 */
export interface SessionManager {
  /** The current snapshot; the same object until the session changes. */
  getSnapshot(): SessionSnapshot;
  /**
   * Connects to the other tabs (asks them for an open session) and arms the deadline
   * timer. Idempotent; `subscribe` and every action call it, so it is only needed by code
   * that neither subscribes nor acts. Until then the manager has no effect outside itself.
   */
  start(): void;
  /** Calls `listener` after every change (starting the manager); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * The session for API calls: the delegated one while delegated, else the user's own.
   * `undefined` without a live session.
   */
  getSession(): SessionReference | undefined;
  /** The user's own session, for calls only the actor may make (e.g. delegation). */
  getOwnSession(): SessionReference | undefined;
  /**
   * The session to call with and the host of the vault it belongs to, to pass to the
   * client as `{ vaultDns }`: the current one (the delegated session while delegated) or
   * the user's `own`. `undefined` without a live session.
   */
  getSessionRoute(which?: 'current' | 'own'): SessionRoute | undefined;
  /**
   * Password login. Rejects with the {@link VaultError} that made it fail (also shown as
   * `snapshot.error`), or with `VaultAbortedError` when superseded or aborted. A session
   * already held is signed out first.
   */
  signIn(
    credentials: { username: string; password: string; vaultDns?: string | undefined },
    options?: { signal?: AbortSignal | undefined },
  ): Promise<void>;
  /**
   * Adopts a login made elsewhere (the SSO path, a vault's web tab). `startedAt` is the
   * local time at which the login request was sent; `lent` marks a session the vault lent
   * the app, which the app's sign-out leaves alive.
   */
  establish(
    authResult: AuthResult,
    meta: { username: string; startedAt: number; lent?: boolean | undefined },
  ): void;
  /** Starts acting for another user; resolves once the delegated session is in use. */
  startDelegation(target: DelegationTarget): Promise<void>;
  /**
   * Ends the delegated session on the server, then returns to the user's own session.
   * Rejects with the `VaultError` when the vault could not end it (offline, a timeout, a
   * refusal); the delegation then stays in use. A session the vault no longer knows counts
   * as ended.
   */
  stopDelegation(): Promise<void>;
  /**
   * Clears this tab and every other tab at once, then ends the sessions on the server,
   * ignoring the outcome. Idempotent; never rejects. `reason: 'inactive'` records that the
   * kit signed the user out after the idle timeout, not the user (every tab says so).
   * `forget: true` ("Sign out and forget me") also drops the user name the kit keeps to
   * fill in the next sign-in (`lastUsername`), in this tab and every other one.
   *
   * A session a vault's web tab lent the app stays the vault's: signing out of the app
   * leaves it alive, since the vault window around the app still uses it. Only
   * `endLentSession: true`, the user's own choice to sign out of the vault as well, ends it
   * at the vault (in BFF mode, by asking the proxy to). For any other session the option
   * changes nothing.
   */
  signOut(options?: {
    readonly reason?: 'inactive' | undefined;
    readonly forget?: boolean | undefined;
    readonly endLentSession?: boolean | undefined;
  }): Promise<void>;
  /**
   * Feed any error from a call made with the session. `INVALID_SESSION_ID` ends the
   * session in every tab and returns `true`; anything else (network, timeout, 5xx, HTML,
   * rate limit) is ignored and returns `false`. Pass the `session` the failed call used so
   * that a late answer about an older session cannot end the current one. Behind the proxy
   * in BFF mode the session ends once the proxy's session route confirms it still holds
   * that session (or none): `true` then means the refusal is being acted on.
   */
  reportError(error: unknown, context?: { session?: SessionReference | undefined }): boolean;
  /** Re-reads the clock: moves to `expiring`/`expired` when due (call on focus or resume). */
  checkDeadline(): void;
  /** Stops timers and the channel. The stored record stays for the next page load. */
  destroy(): void;
}
