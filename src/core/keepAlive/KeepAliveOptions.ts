import type { VaultError } from '../errors';
import { configError } from '../explainInDevelopment';
import type { KeepAliveEnvironment } from '../resolveEnvironment';

const MINUTE = 60_000;
const MIN_INTERVAL_MS = 10_000;

/**
 * Settings of {@link createKeepAlive}.
 *
 * @example
 * ```ts
 * const options: KeepAliveOptions = {
 *   async send(signal) {
 *     const own = manager.getOwnSession();
 *     if (own) await client.keepAlive(own, { signal });
 *   },
 *   deadline: () => manager.getSnapshot().deadline,
 *   onSessionInvalid: () => navigate('/login'),
 *   intervalMs: 5 * 60_000,
 * };
 * ```
 */
export interface KeepAliveOptions {
  /**
   * Performs one keep-alive call and rejects with a `VaultError` on failure. The signal is
   * aborted when the scheduler stops or the attempt times out.
   */
  send: (signal: AbortSignal) => Promise<void>;
  /**
   * Local epoch milliseconds of the session's absolute end (the 48-hour cap), or
   * `undefined` when unknown. Read before every planned send; none is started at or after
   * it.
   */
  deadline: () => number | undefined;
  /**
   * The service answered `INVALID_SESSION_ID` (here or in another tab). The scheduler has
   * stopped for good; the session is over. Called once per `start()`.
   */
  onSessionInvalid: (error: VaultError) => void;
  /** A keep-alive from this tab succeeded, at local time `at`. */
  onSent?: (at: number) => void;
  /**
   * The page came back: focus, visible again, restored from the back/forward cache, or
   * back online. The session layer can re-check its deadline here (the laptop may have
   * slept through it).
   */
  onResume?: () => void;
  /** Time between two keep-alives. Default 5 minutes; at least 10 s, below `idleTimeoutMs`. */
  intervalMs?: number;
  /** The service's idle timeout, if known. Default 30 minutes. */
  idleTimeoutMs?: number;
  /** Upper bound of the first retry delay; later ones double up to `intervalMs`. Default 5 s. */
  backoffBaseMs?: number;
  /** An attempt that has not settled after this long is aborted and retried. Default 30 s. */
  sendTimeoutMs?: number;
  /**
   * Name of the keep-alive's messages between tabs and of its Web Lock. Schedulers with the
   * same name share one keep-alive. Default `vault-session-kit:keep-alive`. Suffixing a
   * non-secret tag of the session (never its ID) keeps the messages of an ended session
   * away from the next one, and gives a delegated session a keep-alive of its own.
   *
   * Alone, the keep-alive opens a BroadcastChannel of this name. In a session
   * (`createVaultSession`, `SessionProvider`) it opens none: the name, suffixed with the
   * session's start time, is its topic on the session's one channel (`channelName` of the
   * session), unless `environment` names a BroadcastChannel of its own. Without Web Locks
   * the tabs' lease election talks on the same channel, as the topic `name:leader`.
   */
  channelName?: string;
  /** Listen to user input on `environment.window`. Default `true`. */
  trackActivity?: boolean;
  environment?: KeepAliveEnvironment;
}
/**
 * The timings and channel name of a keep-alive, with defaults applied and checked.
 */
export interface KeepAliveSettings {
  readonly intervalMs: number;
  readonly idleTimeoutMs: number;
  readonly backoffBaseMs: number;
  readonly sendTimeoutMs: number;
  readonly channelName: string;
}

/**
 * Applies the defaults of {@link KeepAliveOptions} and checks the result. Throws
 * `VaultConfigError` for an interval under 10 s, not below the idle timeout, or not
 * finite, for other timings that are not positive and finite, for an empty channel name,
 * and for a missing `send`.
 */
export function resolveKeepAliveOptions(options: KeepAliveOptions): KeepAliveSettings {
  const intervalMs = options.intervalMs ?? 5 * MINUTE;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30 * MINUTE;
  const backoffBaseMs = options.backoffBaseMs ?? 5_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const channelName = options.channelName ?? 'vault-session-kit:keep-alive';
  if (!Number.isFinite(idleTimeoutMs) || idleTimeoutMs <= 0) {
    throw configError('Keep-alive: idleTimeoutMs is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `Keep-alive: idleTimeoutMs must be a positive, finite number of milliseconds, got ${idleTimeoutMs}.`,
    );
  }
  if (!Number.isFinite(intervalMs) || intervalMs < MIN_INTERVAL_MS) {
    throw configError('Keep-alive: intervalMs is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `Keep-alive: intervalMs must be a finite number of at least ${MIN_INTERVAL_MS} ms, got ${intervalMs}.`,
    );
  }
  if (intervalMs >= idleTimeoutMs) {
    throw configError('Keep-alive: intervalMs is not below idleTimeoutMs.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `Keep-alive: intervalMs (${intervalMs} ms) must be shorter than the service's idle timeout (idleTimeoutMs = ${idleTimeoutMs} ms), or the session expires between two keep-alives.`,
    );
  }
  if (!Number.isFinite(backoffBaseMs) || backoffBaseMs <= 0 || backoffBaseMs > intervalMs) {
    throw configError('Keep-alive: backoffBaseMs is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `Keep-alive: backoffBaseMs must be a positive number no larger than intervalMs (${intervalMs} ms), got ${backoffBaseMs}.`,
    );
  }
  if (!Number.isFinite(sendTimeoutMs) || sendTimeoutMs <= 0) {
    throw configError('Keep-alive: sendTimeoutMs is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `Keep-alive: sendTimeoutMs must be a positive, finite number of milliseconds, got ${sendTimeoutMs}.`,
    );
  }
  if (typeof channelName !== 'string' || channelName.length === 0) {
    throw configError('Keep-alive: channelName is empty.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'Keep-alive: channelName must be a non-empty string.',
    );
  }
  if (typeof options.send !== 'function') {
    throw configError('Keep-alive: send is not a function.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'Keep-alive: send must be a function that performs the call.',
    );
  }
  return { intervalMs, idleTimeoutMs, backoffBaseMs, sendTimeoutMs, channelName };
}
