import type { SessionReference } from '../client/SessionReference';
import type { VaultClient, VaultInfo } from '../client/types';
import type { VaultError } from '../errors';

/**
 * Where a tab's session stands.
 *
 * - `signed-out`: no session yet (or a sign-in failed; see `error`).
 * - `signing-in`: a password login is on the wire.
 * - `active`: signed in as oneself.
 * - `delegated`: signed in and acting on behalf of another user (see `delegation`).
 * - `expiring`: the 48-hour cap is less than `warnBeforeMs` away (a delegation may still be
 *   running; `delegation` says so).
 * - `expired`: the cap was reached or the service answered `INVALID_SESSION_ID`.
 * - `ended`: the user signed out, here or in another tab.
 *
 * @example
 * ```ts
 * const showApp = (status: SessionStatus) =>
 *   status === 'active' || status === 'delegated' || status === 'expiring';
 * ```
 */
export type SessionStatus =
  | 'signed-out'
  | 'signing-in'
  | 'active'
  | 'delegated'
  | 'expiring'
  | 'expired'
  | 'ended';

/**
 * Why the last session ended: the user signed out here (`signed-out`) or in another tab
 * (`remote-sign-out`), the kit signed them out because the idle timeout ran out unanswered
 * (`inactive`, in every tab), the 48-hour cap was reached (`expired`), the service no
 * longer knew the session (`invalid-session`), or it no longer knew a session that a vault's
 * web tab lent the app (`vault-ended`: the vault around the app ended it, for example at
 * its own 48-hour cap or after a sign-out there).
 *
 * @example
 * ```ts
 * const message = (reason: SessionEndReason) =>
 *   reason === 'expired' ? 'Your session reached its 48-hour limit.' : 'You were signed out.';
 * ```
 */
export type SessionEndReason =
  | 'signed-out'
  | 'inactive'
  | 'expired'
  | 'invalid-session'
  | 'vault-ended'
  | 'remote-sign-out';

/**
 * The signed-in user as the snapshot shows it.
 *
 * @example
 * ```ts
 * const user: SessionUser = {
 *   userId: '61001',
 *   username: 'olivia@sunrise.example',
 *   vaultId: 1001,
 *   vault: { id: 1001, name: 'Sunrise PromoMats', dns: 'promomats.sunrise.example', url: 'https://promomats.sunrise.example/api' },
 *   vaults: [],
 * };
 * ```
 */
export interface SessionUser {
  readonly userId: string;
  readonly username: string;
  /** The vault the session is in. */
  readonly vaultId: number;
  /** The entry of `vaults` for `vaultId`, when the service listed it. */
  readonly vault?: VaultInfo;
  /** Every vault the user belongs to. */
  readonly vaults: readonly VaultInfo[];
}

/**
 * A vault as the snapshot names it: the one the current calls go to.
 *
 * @example
 * ```ts
 * const vault: SessionVault = { id: 1002, name: 'Sunrise QualityDocs', dns: 'quality.sunrise.example' };
 * ```
 */
export interface SessionVault {
  readonly id: number;
  readonly name: string;
  /** The vault's host; empty when the service did not say. */
  readonly dns: string;
}

/**
 * The user being acted for while a delegated session runs.
 *
 * @example
 * ```ts
 * const d: SessionDelegation = { vaultId: 1002, vaultName: 'Sunrise QualityDocs', dns: 'quality.sunrise.example', delegatorUserId: '61002' };
 * ```
 */
export interface SessionDelegation {
  readonly vaultId: number;
  readonly vaultName: string;
  readonly dns: string;
  readonly delegatorUserId: string;
}

/**
 * What a UI may know about the session: everything except the session IDs, so that no view
 * can render or log one by accident. Immutable, and the same object until something
 * changes, so it suits `useSyncExternalStore`.
 *
 * @example
 * ```ts
 * const snapshot: SessionSnapshot = manager.getSnapshot();
 * const heading =
 *   snapshot.delegation !== undefined
 *     ? `Acting in ${snapshot.delegation.vaultName}`
 *     : `Signed in to ${snapshot.vault?.name ?? 'your vault'}`;
 * ```
 */
export interface SessionSnapshot {
  readonly status: SessionStatus;
  readonly user?: SessionUser;
  readonly delegation?: SessionDelegation;
  /**
   * The vault the session's calls go to: the delegation's while acting for someone, else
   * the user's own (which auth defaulting may have chosen instead of the one asked for).
   */
  readonly vault?: SessionVault;
  /** Local epoch ms at which the login request was sent. */
  readonly startedAt?: number;
  /** Local epoch ms of the 48-hour cap: `startedAt` + 48 h (for a `lent` session, an outer bound). */
  readonly deadline?: number;
  /**
   * `'sso'` when the session can be followed by a new one at the 48-hour cap without a form:
   * a single sign-on user in BFF mode whose identity provider granted the proxy a refresh
   * token, or in token mode with `sso.silentRedirectUri` set. Absent, the cap leads to the
   * login form.
   */
  readonly renewal?: 'sso';
  /**
   * The session is a vault's own, handed to the app in the vault's web tab. The vault opened
   * it earlier, at a time nothing on the wire tells, and ends it 48 hours after that:
   * `deadline` is then only an outer bound (48 hours from the hand-off), never a time to
   * promise the user.
   */
  readonly lent?: true;
  /** The last user name used in this tab, kept after sign-out or expiry (WCAG 3.3.7). */
  readonly lastUsername?: string;
  readonly endReason?: SessionEndReason;
  /**
   * Why the last sign-in failed; before any sign-in, a `VaultConfigError` that kept this tab
   * from asking the kit's proxy for its session (its session route missing or not the
   * proxy's), which the login form shows.
   */
  readonly error?: VaultError;
  /**
   * Set while a new tab briefly asks the open tabs for their session. `RequireSession`
   * shows the login form meanwhile; a session handed over replaces it.
   */
  readonly joining?: true;
}

/**
 * The delegated part of a {@link SessionRecord}.
 *
 * @example
 * ```ts
 * // Olivia acting for marcus in his vault, behind the kit's proxy.
 * const delegation: DelegationRecord = {
 *   vaultId: 1002,
 *   vaultName: 'Sunrise QualityDocs',
 *   dns: 'quality.sunrise.example',
 *   delegatorUserId: '61002',
 *   session: { kind: 'proxy', cookie: 'delegated', tag: 'ZGVsZWdhdGVkLXRhZy0wMQ' },
 * };
 * ```
 */
export interface DelegationRecord extends SessionDelegation {
  /** The delegated session; with `credentials: 'proxy'`, the proxy's delegated cookie. */
  readonly session: SessionReference;
}

/**
 * Everything the kit keeps about a session: what the storage adapter holds under one key and
 * what the hand-off to a new tab carries (both spell each session as a string, see
 * {@link parseSessionRecord}). Never a password.
 *
 * @example
 * ```ts
 * // Olivia's own session behind the kit's proxy: the tag names it, the proxy keeps the ID.
 * const startedAt = Date.now();
 * const record: SessionRecord = {
 *   v: 1,
 *   key: 'a1b2c3d4e5f60718',
 *   session: { kind: 'proxy', cookie: 'own', tag: 'b3duLXRhZy0wMDAwMDE' },
 *   userId: '61001',
 *   username: 'olivia@sunrise.example',
 *   vaultId: 1001,
 *   dns: 'promomats.sunrise.example',
 *   vaults: [{ id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api', dns: 'promomats.sunrise.example' }],
 *   startedAt,
 *   deadline: startedAt + 48 * 3_600_000,
 * };
 * ```
 */
export interface SessionRecord {
  readonly v: 1;
  /**
   * A random tag naming this session between tabs without revealing its ID, so that an
   * expiry notice is applied only by tabs holding the same session.
   */
  readonly key: string;
  /**
   * The user's own session: its ID in token mode; with `credentials: 'proxy'`, the proxy's
   * own cookie and the session's tag, which are no credential (the proxy keeps the ID).
   */
  readonly session: SessionReference;
  readonly userId: string;
  readonly username: string;
  readonly vaultId: number;
  /**
   * The host of the vault the session lives in: every call made with `session` goes
   * there. From the login answer's `vaultIds` entry for `vaultId`.
   */
  readonly dns?: string;
  readonly vaults: readonly VaultInfo[];
  readonly startedAt: number;
  readonly deadline: number;
  readonly delegation?: DelegationRecord;
  /** `'sso'`: at the cap a new session can be had without a form (see `SessionSnapshot.renewal`). */
  readonly renewal?: 'sso';
  /**
   * How many times the delegation of this session has changed. Tabs keep the record with
   * the higher count, so that two tabs changing the delegation at the same moment agree on
   * one outcome instead of swapping theirs. Absent counts as 0.
   */
  readonly revision?: number;
  /**
   * The session is a vault's own, handed to the app in the vault's web tab: signing out of
   * the app forgets it and leaves it alive, since the vault window around the app owns it.
   */
  readonly lent?: true;
}

/**
 * A synchronous key-value store for the session record, the shape of the Web Storage API.
 * Pass `sessionStorageAdapter()` to keep a session across reloads of one tab, or your own.
 * localStorage is refused.
 *
 * @example
 * ```ts
 * const map = new Map<string, string>();
 * const adapter: StorageAdapter = {
 *   getItem: (k) => map.get(k) ?? null,
 *   setItem: (k, v) => void map.set(k, v),
 *   removeItem: (k) => void map.delete(k),
 * };
 * ```
 */
export interface StorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Timer functions, injectable so tests can drive time.
 *
 * @example
 * ```ts
 * const timers: SessionTimers = {
 *   setTimeout: (callback, ms) => setTimeout(callback, ms),
 *   clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
 * };
 * ```
 */
export interface SessionTimers {
  /** Runs `callback` once after `ms`; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a callback not yet run; a handle already run or cleared is ignored. */
  clearTimeout(handle: unknown): void;
}

export type { BroadcastChannelConstructor, BroadcastChannelLike } from '../createTabHub';

/**
 * The client calls the session layer needs. With `credentials: 'proxy'` it also needs
 * `getProxySessions` and `clearProxySessions` (a client of `createVaultClient` has them),
 * and uses `request` to read the user name of a session it learns from the proxy alone.
 *
 * @example
 * ```ts
 * const client: SessionClient = createVaultClient({ baseUrl: '' });
 * ```
 */
export type SessionClient = Pick<
  VaultClient,
  'login' | 'loginDelegated' | 'endSession' | 'getDelegations'
> &
  Partial<Pick<VaultClient, 'config' | 'getProxySessions' | 'clearProxySessions' | 'request'>>;

/**
 * A session with the vault it must be used at.
 *
 * @example
 * ```ts
 * const route = manager.getSessionRoute();
 * if (route) await client.keepAlive(route.session, { vaultDns: route.vaultDns });
 * ```
 */
export interface SessionRoute {
  readonly session: SessionReference;
  /** The vault's host; `undefined` when the service did not name it (calls go to `baseUrl`). */
  readonly vaultDns: string | undefined;
}
