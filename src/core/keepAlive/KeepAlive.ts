import type { VaultError } from '../errors';

/**
 * What the scheduler of this tab is doing.
 *
 * - `stopped`: not started, stopped, destroyed, or ended by `INVALID_SESSION_ID`.
 * - `idle`: running, nothing planned: another tab leads, the user has not been active since
 *   the last keep-alive (one goes out as soon as they are), the 48-hour cap is too close, or
 *   `send` threw a bug (`lastError` is a `VaultUnexpectedError`, reported to the console)
 *   that a retry would only repeat, so only `extend()` tries again.
 * - `scheduled`: leading; at `nextDueAt` a keep-alive goes out if the user was active.
 * - `sending`: a keep-alive from this tab is in flight.
 * - `backoff`: the last attempt failed with a fault that does not end the session; the
 *   retry is at `nextDueAt`.
 * - `offline`: the browser reports no network; nothing is sent until it comes back.
 *
 * @example
 * ```ts
 * const busy = (s: KeepAliveStatus) => s === 'sending' || s === 'backoff';
 * ```
 */
export type KeepAliveStatus = 'stopped' | 'idle' | 'scheduled' | 'sending' | 'backoff' | 'offline';

/**
 * An immutable picture of the scheduler, replaced (never mutated) on every change, so it
 * can feed `useSyncExternalStore` directly. Times are local epoch milliseconds.
 *
 * @example
 * ```ts
 * const { status, lastSentAt, idleExpiresAt } = keepAlive.getSnapshot();
 * ```
 */
export interface KeepAliveSnapshot {
  readonly status: KeepAliveStatus;
  /** This tab is the one that sends the scheduled keep-alives. */
  readonly isLeader: boolean;
  /** When the last successful keep-alive, from any tab, completed. */
  readonly lastSentAt: number | undefined;
  /**
   * When any other authenticated call (an app's own request, the delegation list…) last
   * succeeded, in any tab: proof that the session was alive and its idle timeout restarted.
   */
  readonly lastConfirmedAt: number | undefined;
  /** The next planned attempt of this tab (status `scheduled` or `backoff`). */
  readonly nextDueAt: number | undefined;
  /** Latest user activity seen in any tab. */
  readonly lastActivityAt: number | undefined;
  /**
   * Earliest moment the service's idle timeout may end the session: the last successful
   * keep-alive or other authenticated call (or the start) plus `idleTimeoutMs`.
   */
  readonly idleExpiresAt: number | undefined;
  /** The idle timeout the estimate counts with (`idleTimeoutMs`), while running. */
  readonly idleTimeoutMs: number | undefined;
  /** Failed attempts since the last success. */
  readonly consecutiveFailures: number;
  readonly lastError: VaultError | undefined;
}

/**
 * The scheduler's controls.
 *
 * @example
 * ```ts
 * const stop = keepAlive.subscribe(() => {
 *   const { status, nextDueAt } = keepAlive.getSnapshot();
 *   console.info(status, nextDueAt);
 * });
 * keepAlive.start();
 * // The user chose "Stay signed in":
 * await keepAlive.extend();
 * stop();
 * keepAlive.destroy();
 * ```
 */
export interface KeepAlive {
  /** Starts (or restarts after `stop()`) for a session that just began or was joined. */
  start(): void;
  /** Stops sending, aborts an attempt in flight and leaves the election. */
  stop(): void;
  /** Records user activity now (input that the built-in listener does not see). */
  notifyActivity(): void;
  /**
   * Another authenticated call with this session just succeeded: the service restarted
   * its idle timeout, so the idle estimate moves on (in every tab), whatever the keep-alive
   * call itself is going through. Only when the user was active since the estimate last
   * moved: a call made on nobody's input (a refetch on focus, a poll) leaves it alone.
   */
  confirm(): void;
  /**
   * Sends a keep-alive now, from this tab, and counts as activity: the user chose "Stay
   * signed in". Joins an attempt already in flight. Rejects with the `VaultError` of the
   * failed attempt, or with `VaultAbortedError` when the scheduler is not running. The
   * local deadline is not consulted here: the service decides, and a session past its cap
   * answers `INVALID_SESSION_ID`, which ends it.
   */
  extend(): Promise<void>;
  getSnapshot(): KeepAliveSnapshot;
  /** Calls `listener` after every snapshot change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Stops and drops all listeners; `start()` does nothing afterwards. */
  destroy(): void;
}

/**
 * The snapshot of a scheduler that is not running.
 */
export const STOPPED_KEEP_ALIVE: KeepAliveSnapshot = Object.freeze({
  status: 'stopped',
  isLeader: false,
  lastSentAt: undefined,
  lastConfirmedAt: undefined,
  nextDueAt: undefined,
  lastActivityAt: undefined,
  idleExpiresAt: undefined,
  idleTimeoutMs: undefined,
  consecutiveFailures: 0,
  lastError: undefined,
});
