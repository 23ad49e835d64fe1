import {
  isSessionInvalidError,
  isTransientError,
  normalizeError,
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  type VaultError,
  VaultTimeoutError,
} from '../errors';
import { backoffDelay } from './backoffDelay';
import { type ActivityMonitor, createActivityMonitor } from './createActivityMonitor';
import { createLeaderElection, type LeaderElection } from './createLeaderElection';
import {
  type BroadcastChannelLike,
  type EventTargetLike,
  type KeepAliveEnvironment,
  type ResolvedKeepAliveEnvironment,
  resolveKeepAliveEnvironment,
} from './resolveKeepAliveEnvironment';

const MINUTE = 60_000;
const MIN_INTERVAL_MS = 10_000;
const MIN_BACKOFF_MS = 1_000;
// A due time is re-checked at least this often: timers do not run during sleep and are
// throttled in background tabs, so a single long timer could fire far too late.
const MAX_TIMER_MS = MINUTE;
// Activity is re-announced to other tabs at most this often once it has been reported
// since the last keep-alive; only "was there activity since then" decides a send.
const ACTIVITY_REPORT_MS = 15_000;
// A tab that has just taken the lead waits this long before a send it finds overdue: the
// previous leader's last messages ("sent", "invalid") may still be on their way.
const TAKEOVER_GRACE_MS = 500;

/**
 * What the scheduler of this tab is doing.
 *
 * - `stopped`: not started, stopped, destroyed, or ended by `INVALID_SESSION_ID`.
 * - `idle`: running, nothing planned: another tab leads, the user has not been active since
 *   the last keep-alive (one goes out as soon as they are), or the 48-hour cap is too close.
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
  /** Failed attempts since the last success. */
  readonly consecutiveFailures: number;
  readonly lastError: VaultError | undefined;
}

/**
 * Settings of {@link createKeepAlive}.
 *
 * @example
 * ```ts
 * const options: KeepAliveOptions = {
 *   send: (signal) => client.keepAlive(sessionId, { signal }),
 *   deadline: () => manager.getSnapshot().deadline,
 *   onSessionInvalid: () => markExpired(),
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
   * Name of the BroadcastChannel and of the Web Lock. Schedulers with the same name share
   * one keep-alive. Default `vault-session-kit:keep-alive`. Suffixing a non-secret tag of
   * the session (never its ID) keeps the messages of an ended session away from the next
   * one, and gives a delegated session a keep-alive of its own.
   */
  channelName?: string;
  /** Listen to user input on `environment.window`. Default `true`. */
  trackActivity?: boolean;
  environment?: KeepAliveEnvironment;
}

/**
 * The scheduler's controls.
 *
 * @example
 * ```ts
 * keepAlive.start();
 * const unsubscribe = keepAlive.subscribe(() => render(keepAlive.getSnapshot()));
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
   * call itself is going through.
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

type ChannelMessage =
  | { readonly t: 'activity'; readonly at: number }
  | { readonly t: 'sent'; readonly at: number; readonly since: number }
  | { readonly t: 'alive'; readonly at: number }
  | { readonly t: 'hello' }
  | {
      readonly t: 'state';
      readonly lastSentAt: number | undefined;
      readonly consumedAt: number | undefined;
      readonly lastActivityAt: number | undefined;
    }
  | { readonly t: 'check' }
  | { readonly t: 'invalid' };

interface Attempt {
  readonly controller: AbortController;
  readonly timeoutHandle: unknown;
  readonly promise: Promise<void>;
  abort(reason: VaultError): void;
}

/**
 * The snapshot of a scheduler that is not running.
 *
 * @example
 * ```ts
 * const idle = keepAlive?.getSnapshot() ?? STOPPED_KEEP_ALIVE;
 * ```
 */
export const STOPPED_KEEP_ALIVE: KeepAliveSnapshot = Object.freeze({
  status: 'stopped',
  isLeader: false,
  lastSentAt: undefined,
  lastConfirmedAt: undefined,
  nextDueAt: undefined,
  lastActivityAt: undefined,
  idleExpiresAt: undefined,
  consecutiveFailures: 0,
  lastError: undefined,
});

/**
 * Creates the activity-driven keep-alive scheduler of one session.
 *
 * - One keep-alive per interval for the whole browser: the tabs elect a leader (Web Locks,
 *   else a BroadcastChannel lease, else the tab alone) and only the leader sends on
 *   schedule. When the leader tab closes, another takes over and knows when the last
 *   keep-alive went out.
 * - A keep-alive goes out only if the user was active, in any tab, since the previous one
 *   (SES-05). Other tabs forward their activity over the BroadcastChannel; the messages
 *   carry times, never a credential. After an idle stretch the first activity sends at
 *   once if the interval has passed.
 * - Nothing is sent while the browser is offline. Coming online, focus, becoming visible
 *   and `pageshow` trigger an immediate check, and `onResume`.
 * - Transient faults (network, timeout, protocol, `API_LIMIT_EXCEEDED`, `UNEXPECTED_ERROR`)
 *   never end the session: retries back off exponentially with full jitter up to the
 *   interval (SES-06, B3, B4, B6). Other unexpected answers retry after a full interval.
 *   `INVALID_SESSION_ID` stops every tab's scheduler and calls `onSessionInvalid` once.
 * - Due times are wall-clock epoch milliseconds, re-checked whenever a timer fires and at
 *   least once a minute, so sleep and throttled background timers cause no drift (B7). No
 *   send is planned at or after `deadline()`.
 *
 * Nothing touches `window`, `navigator` or `BroadcastChannel` before `start()`.
 * Throws {@link VaultConfigError} for an interval under 10 s, not below the idle timeout,
 * or not finite.
 *
 * @example
 * ```ts
 * const keepAlive = createKeepAlive({
 *   send: (signal) => client.keepAlive(sessionId, { signal }),
 *   deadline: () => manager.getSnapshot().deadline,
 *   onSessionInvalid: () => markExpired(),
 *   onResume: () => checkDeadline(),
 * });
 * keepAlive.start();
 * // "Stay signed in" button:
 * await keepAlive.extend();
 * // sign-out:
 * keepAlive.destroy();
 * ```
 */
export function createKeepAlive(options: KeepAliveOptions): KeepAlive {
  const intervalMs = options.intervalMs ?? 5 * MINUTE;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30 * MINUTE;
  const backoffBaseMs = options.backoffBaseMs ?? 5_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  const channelName = options.channelName ?? 'vault-session-kit:keep-alive';
  validate({ intervalMs, idleTimeoutMs, backoffBaseMs, sendTimeoutMs, channelName });
  if (typeof options.send !== 'function') {
    throw new VaultConfigError('Keep-alive: send must be a function that performs the call.');
  }

  let snapshot: KeepAliveSnapshot = STOPPED_KEEP_ALIVE;
  const listeners = new Set<() => void>();
  let destroyed = false;

  // Per-run state; reset by start().
  let running = false;
  let env: ResolvedKeepAliveEnvironment | undefined;
  let election: LeaderElection | undefined;
  let channel: BroadcastChannelLike | undefined;
  let monitor: ActivityMonitor | undefined;
  let removeEventListeners: (() => void) | undefined;
  let timer: unknown;
  let attempt: Attempt | undefined;
  let startedAt = 0;
  let lastSentAt: number | undefined;
  let lastConfirmedAt: number | undefined;
  // Start time of the last successful send: activity up to it has been "used up".
  let consumedAt: number | undefined;
  let lastActivityAt: number | undefined;
  let localActivityAt: number | undefined;
  let lastReportAt: number | undefined;
  let backoffUntil: number | undefined;
  let consecutiveFailures = 0;
  let lastError: VaultError | undefined;
  let invalidNotified = false;
  let leaderSince: number | undefined;

  function publish(patch: Partial<KeepAliveSnapshot>): void {
    const next: KeepAliveSnapshot = {
      ...snapshot,
      isLeader: election?.isLeader() ?? false,
      lastSentAt,
      lastConfirmedAt,
      lastActivityAt,
      idleExpiresAt: running
        ? Math.max(startedAt, lastSentAt ?? 0, lastConfirmedAt ?? 0) + idleTimeoutMs
        : undefined,
      consecutiveFailures,
      lastError,
      ...patch,
    };
    if (shallowEqual(next, snapshot)) return;
    snapshot = Object.freeze(next);
    for (const listener of [...listeners]) safely(listener);
  }

  function clearTimer(): void {
    if (timer !== undefined && env) env.clearTimeout(timer);
    timer = undefined;
  }

  function arm(at: number, now: number): void {
    clearTimer();
    if (!env) return;
    timer = env.setTimeout(
      () => {
        timer = undefined;
        evaluate();
      },
      Math.min(Math.max(0, at - now), MAX_TIMER_MS),
    );
  }

  function isOffline(): boolean {
    return env?.navigator?.onLine === false;
  }

  function hasUnusedActivity(): boolean {
    return (
      lastActivityAt !== undefined && (consumedAt === undefined || lastActivityAt > consumedAt)
    );
  }

  // A clock set back (by the user, or corrected by NTP) leaves stored times in the future,
  // where they would hide new activity and delay the schedule. Pull them back to now while
  // keeping the one fact that matters: whether activity is waiting for a keep-alive.
  function rebaseIfClockWentBack(now: number): void {
    const latest = Math.max(startedAt, lastSentAt ?? 0, consumedAt ?? 0, lastActivityAt ?? 0);
    if (now >= latest) return;
    const pending = hasUnusedActivity();
    startedAt = Math.min(startedAt, now);
    if (lastSentAt !== undefined) lastSentAt = Math.min(lastSentAt, now);
    if (lastConfirmedAt !== undefined) lastConfirmedAt = Math.min(lastConfirmedAt, now);
    if (consumedAt !== undefined) consumedAt = Math.min(consumedAt, now - 1);
    if (lastActivityAt !== undefined) {
      lastActivityAt = pending ? now : Math.min(lastActivityAt, consumedAt ?? now - 1);
    }
    if (localActivityAt !== undefined) localActivityAt = Math.min(localActivityAt, now);
    if (lastReportAt !== undefined) lastReportAt = Math.min(lastReportAt, now);
    if (backoffUntil !== undefined) backoffUntil = Math.min(backoffUntil, now + intervalMs);
  }

  // Sends now, or right after the take-over grace when the lead is brand new.
  function sendWhenSettled(now: number, status: KeepAliveStatus): void {
    const settledAt = leaderSince === undefined ? now : leaderSince + TAKEOVER_GRACE_MS;
    if (now >= (leaderSince ?? now) && now < settledAt) {
      arm(settledAt, now);
      publish({ status, nextDueAt: settledAt });
      return;
    }
    void runAttempt().catch(ignore);
  }

  // The one place that decides what happens next; every event funnels here.
  function evaluate(): void {
    if (!running || !env) return;
    rebaseIfClockWentBack(env.now());
    if (attempt) {
      publish({ status: 'sending', nextDueAt: undefined });
      return;
    }
    clearTimer();
    if (isOffline()) {
      publish({ status: 'offline', nextDueAt: undefined });
      return;
    }
    if (!election?.isLeader()) {
      publish({ status: 'idle', nextDueAt: undefined });
      return;
    }
    const now = env.now();
    const deadline = options.deadline();
    const beforeDeadline = (at: number): boolean => deadline === undefined || at < deadline;

    if (backoffUntil !== undefined) {
      if (!beforeDeadline(backoffUntil)) {
        publish({ status: 'idle', nextDueAt: undefined });
        return;
      }
      if (now < backoffUntil) {
        arm(backoffUntil, now);
        publish({ status: 'backoff', nextDueAt: backoffUntil });
        return;
      }
      if (beforeDeadline(now)) {
        sendWhenSettled(now, 'backoff');
        return;
      }
      publish({ status: 'idle', nextDueAt: undefined });
      return;
    }

    const dueAt = (lastSentAt ?? startedAt) + intervalMs;
    if (!beforeDeadline(dueAt)) {
      publish({ status: 'idle', nextDueAt: undefined });
      return;
    }
    if (now < dueAt) {
      arm(dueAt, now);
      publish({ status: 'scheduled', nextDueAt: dueAt });
      return;
    }
    if (hasUnusedActivity() && beforeDeadline(now)) {
      sendWhenSettled(now, 'scheduled');
      return;
    }
    publish({ status: 'idle', nextDueAt: undefined });
  }

  function runAttempt(): Promise<void> {
    if (attempt) return attempt.promise;
    if (!env) return Promise.reject(new VaultAbortedError());
    const runEnv = env;
    const controller = new AbortController();
    // Kept here as well as on the signal: older engines drop the reason passed to abort().
    let abortReason: VaultError | undefined;
    const abort = (reason: VaultError): void => {
      abortReason ??= reason;
      controller.abort(reason);
    };
    const startedAtMs = runEnv.now();
    // The attempt settles on its own abort too, so a `send` that ignores its signal can
    // neither hang `extend()` nor hold the schedule.
    const settled = new Promise<void>((resolve, reject) => {
      controller.signal.addEventListener(
        'abort',
        () => reject(abortReason ?? new VaultAbortedError()),
        {
          once: true,
        },
      );
      Promise.resolve()
        .then(() => options.send(controller.signal))
        .then(resolve, reject);
    });
    const timeoutHandle = runEnv.setTimeout(
      () => abort(new VaultTimeoutError(sendTimeoutMs)),
      sendTimeoutMs,
    );
    const promise = settled.then(
      () => {
        runEnv.clearTimeout(timeoutHandle);
        if (attempt?.controller !== controller) return;
        attempt = undefined;
        onSuccess(startedAtMs);
      },
      (reason: unknown) => {
        runEnv.clearTimeout(timeoutHandle);
        const error = normalizeError(reason);
        if (attempt?.controller !== controller) {
          // Stopped while in flight: the outcome no longer concerns any session here.
          throw error instanceof VaultAbortedError
            ? error
            : new VaultAbortedError({ cause: error });
        }
        attempt = undefined;
        onFailure(error);
        throw error;
      },
    );
    attempt = { controller, timeoutHandle, promise, abort };
    clearTimer();
    publish({ status: 'sending', nextDueAt: undefined });
    return promise;
  }

  function onSuccess(since: number): void {
    if (!running || !env) return;
    const at = env.now();
    lastSentAt = Math.max(lastSentAt ?? at, at);
    consumedAt = Math.max(consumedAt ?? since, since);
    backoffUntil = undefined;
    consecutiveFailures = 0;
    lastError = undefined;
    post({ t: 'sent', at: lastSentAt, since: consumedAt });
    safely(() => options.onSent?.(at));
    evaluate();
  }

  function onFailure(error: VaultError): void {
    if (!running || !env) return;
    if (isSessionInvalidError(error)) {
      terminate(error, true);
      return;
    }
    consecutiveFailures += 1;
    lastError = error;
    let delay = isTransientError(error)
      ? backoffDelay(consecutiveFailures, {
          baseMs: backoffBaseMs,
          capMs: intervalMs,
          random: env.random,
          minMs: MIN_BACKOFF_MS,
        })
      : intervalMs;
    if (error instanceof VaultApiError && error.retryAfterSeconds !== undefined) {
      delay = Math.max(delay, Math.min(error.retryAfterSeconds * 1_000, intervalMs));
    }
    backoffUntil = env.now() + delay;
    evaluate();
  }

  function recordConfirmation(at: number): void {
    if (!env) return;
    const now = env.now();
    rebaseIfClockWentBack(now);
    // A time from the future (another tab's skewed clock, a forged message) must not hold
    // the idle warning off: a confirmation counts from now at the latest.
    const confirmed = Math.min(at, now);
    lastConfirmedAt = Math.max(lastConfirmedAt ?? confirmed, confirmed);
    evaluate();
  }

  function recordActivity(at: number, local: boolean): void {
    if (env) rebaseIfClockWentBack(env.now());
    lastActivityAt = Math.max(lastActivityAt ?? at, at);
    if (local) {
      localActivityAt = Math.max(localActivityAt ?? at, at);
      const reportedSinceSend =
        lastReportAt !== undefined && (consumedAt === undefined || lastReportAt > consumedAt);
      if (!reportedSinceSend || at - (lastReportAt ?? at) >= ACTIVITY_REPORT_MS) {
        lastReportAt = at;
        post({ t: 'activity', at });
      }
    }
    evaluate();
  }

  function post(message: ChannelMessage): void {
    if (!channel) return;
    try {
      channel.postMessage(message);
    } catch {
      // A channel closed under us (page teardown) only costs cross-tab hints.
    }
  }

  function onChannelMessage(event: MessageEvent): void {
    if (!running) return;
    const message = readChannelMessage(event.data);
    if (!message) return;
    switch (message.t) {
      case 'activity':
        recordActivity(message.at, false);
        return;
      case 'sent': {
        lastSentAt = Math.max(lastSentAt ?? message.at, message.at);
        consumedAt = Math.max(consumedAt ?? message.since, message.since);
        // Someone reached the service: whatever failed here was not the session.
        backoffUntil = undefined;
        consecutiveFailures = 0;
        lastError = undefined;
        // Activity here after the cut-off of that send must reach the leader, even if the
        // report throttle swallowed it while the send was under way.
        if (localActivityAt !== undefined && localActivityAt > message.since) {
          lastReportAt = localActivityAt;
          post({ t: 'activity', at: localActivityAt });
        }
        evaluate();
        return;
      }
      case 'alive':
        recordConfirmation(message.at);
        return;
      case 'hello':
        if (election?.isLeader()) post({ t: 'state', lastSentAt, consumedAt, lastActivityAt });
        return;
      case 'state':
        if (message.lastSentAt !== undefined) {
          lastSentAt = Math.max(lastSentAt ?? message.lastSentAt, message.lastSentAt);
        }
        if (message.consumedAt !== undefined) {
          consumedAt = Math.max(consumedAt ?? message.consumedAt, message.consumedAt);
        }
        if (message.lastActivityAt !== undefined) {
          lastActivityAt = Math.max(
            lastActivityAt ?? message.lastActivityAt,
            message.lastActivityAt,
          );
        }
        evaluate();
        return;
      case 'check':
        evaluate();
        return;
      case 'invalid':
        terminate(
          new VaultApiError({
            responseStatus: 'FAILURE',
            errors: [
              { type: 'INVALID_SESSION_ID', message: 'The session ended (seen in another tab).' },
            ],
          }),
          false,
        );
        return;
    }
  }

  function onResume(): void {
    if (!running) return;
    safely(() => options.onResume?.());
    // The leader may be a background tab whose timers slept; ask it to look now.
    post({ t: 'check' });
    evaluate();
  }

  function listen(): void {
    if (!env) return;
    const win = env.window;
    const doc = env.document;
    const removers: (() => void)[] = [];
    const on = (target: EventTargetLike | undefined, type: string, fn: () => void): void => {
      if (!target) return;
      try {
        target.addEventListener(type, fn);
        removers.push(() => target.removeEventListener(type, fn));
      } catch {
        // An exotic target that refuses listeners just provides no signal.
      }
    };
    on(win, 'online', onResume);
    on(win, 'offline', evaluate);
    on(win, 'focus', onResume);
    on(win, 'pageshow', onResume);
    on(doc, 'visibilitychange', () => {
      if (doc?.visibilityState === undefined || doc.visibilityState === 'visible') onResume();
    });
    removeEventListeners = () => {
      for (const remove of removers) remove();
    };
    if (win && options.trackActivity !== false) {
      const runEnv = env;
      monitor = createActivityMonitor({
        target: win,
        now: runEnv.now,
        onActivity: (at) => {
          if (running) recordActivity(at, true);
        },
      });
    }
  }

  function openChannel(): void {
    const Channel = env?.BroadcastChannel;
    if (!Channel) return;
    try {
      channel = new Channel(channelName);
      channel.addEventListener('message', onChannelMessage);
    } catch {
      // Without a channel each tab still keeps its own session alive correctly.
      channel = undefined;
    }
  }

  function teardown(): void {
    running = false;
    clearTimer();
    const inFlight = attempt;
    attempt = undefined;
    if (inFlight) {
      env?.clearTimeout(inFlight.timeoutHandle);
      inFlight.abort(new VaultAbortedError());
    }
    monitor?.stop();
    monitor = undefined;
    removeEventListeners?.();
    removeEventListeners = undefined;
    election?.stop();
    election = undefined;
    if (channel) {
      channel.removeEventListener('message', onChannelMessage);
      try {
        channel.close();
      } catch {
        // Already closed.
      }
      channel = undefined;
    }
  }

  function terminate(error: VaultError, broadcast: boolean): void {
    if (!running) return;
    if (broadcast) post({ t: 'invalid' });
    lastError = error;
    teardown();
    publish({ status: 'stopped', nextDueAt: undefined, isLeader: false, idleExpiresAt: undefined });
    if (!invalidNotified) {
      invalidNotified = true;
      safely(() => options.onSessionInvalid(error));
    }
  }

  function start(): void {
    if (destroyed || running) return;
    const runEnv = resolveKeepAliveEnvironment(options.environment);
    env = runEnv;
    running = true;
    startedAt = runEnv.now();
    lastSentAt = undefined;
    lastConfirmedAt = undefined;
    consumedAt = undefined;
    lastActivityAt = undefined;
    localActivityAt = undefined;
    lastReportAt = undefined;
    backoffUntil = undefined;
    consecutiveFailures = 0;
    lastError = undefined;
    invalidNotified = false;
    leaderSince = undefined;
    openChannel();
    listen();
    election = createLeaderElection({
      name: channelName,
      environment: pinEnvironment(runEnv),
      onChange: (leading) => {
        leaderSince = leading ? runEnv.now() : undefined;
        evaluate();
      },
    });
    election.start();
    post({ t: 'hello' });
    evaluate();
  }

  function stop(): void {
    if (!running) return;
    teardown();
    publish({ status: 'stopped', nextDueAt: undefined, isLeader: false, idleExpiresAt: undefined });
  }

  return {
    start,
    stop,
    notifyActivity() {
      if (!running || !env) return;
      recordActivity(env.now(), true);
    },
    confirm() {
      if (!running || !env) return;
      const at = env.now();
      recordConfirmation(at);
      post({ t: 'alive', at });
    },
    extend() {
      if (!running || !env) return Promise.reject(new VaultAbortedError());
      recordActivity(env.now(), true);
      return runAttempt();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (destroyed) return () => {};
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    destroy() {
      if (destroyed) return;
      stop();
      destroyed = true;
      listeners.clear();
    },
  };
}

// The election must see exactly what the scheduler resolved: an absent facility stays
// absent instead of being looked up again on globalThis.
function pinEnvironment(env: ResolvedKeepAliveEnvironment): KeepAliveEnvironment {
  return {
    now: env.now,
    setTimeout: env.setTimeout,
    clearTimeout: env.clearTimeout,
    random: env.random,
    navigator: env.navigator ?? null,
    window: env.window ?? null,
    document: env.document ?? null,
    BroadcastChannel: env.BroadcastChannel ?? null,
  };
}

// A throwing subscriber or callback must not leave the scheduler half-updated; the error
// is reported the way the platform reports a throwing event listener.
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
    if (typeof report === 'function') report(error);
    else console.error(error);
  }
}

function validate(settings: {
  intervalMs: number;
  idleTimeoutMs: number;
  backoffBaseMs: number;
  sendTimeoutMs: number;
  channelName: string;
}): void {
  const { intervalMs, idleTimeoutMs, backoffBaseMs, sendTimeoutMs, channelName } = settings;
  if (!Number.isFinite(idleTimeoutMs) || idleTimeoutMs <= 0) {
    throw new VaultConfigError(
      `Keep-alive: idleTimeoutMs must be a positive, finite number of milliseconds, got ${idleTimeoutMs}.`,
    );
  }
  if (!Number.isFinite(intervalMs) || intervalMs < MIN_INTERVAL_MS) {
    throw new VaultConfigError(
      `Keep-alive: intervalMs must be a finite number of at least ${MIN_INTERVAL_MS} ms, got ${intervalMs}.`,
    );
  }
  if (intervalMs >= idleTimeoutMs) {
    throw new VaultConfigError(
      `Keep-alive: intervalMs (${intervalMs} ms) must be shorter than the service's idle timeout (idleTimeoutMs = ${idleTimeoutMs} ms), or the session expires between two keep-alives.`,
    );
  }
  if (!Number.isFinite(backoffBaseMs) || backoffBaseMs <= 0 || backoffBaseMs > intervalMs) {
    throw new VaultConfigError(
      `Keep-alive: backoffBaseMs must be a positive number no larger than intervalMs (${intervalMs} ms), got ${backoffBaseMs}.`,
    );
  }
  if (!Number.isFinite(sendTimeoutMs) || sendTimeoutMs <= 0) {
    throw new VaultConfigError(
      `Keep-alive: sendTimeoutMs must be a positive, finite number of milliseconds, got ${sendTimeoutMs}.`,
    );
  }
  if (typeof channelName !== 'string' || channelName.length === 0) {
    throw new VaultConfigError('Keep-alive: channelName must be a non-empty string.');
  }
}

function readChannelMessage(data: unknown): ChannelMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  switch (record.t) {
    case 'activity':
      return isTime(record.at) ? { t: 'activity', at: record.at } : undefined;
    case 'alive':
      return isTime(record.at) ? { t: 'alive', at: record.at } : undefined;
    case 'sent':
      return isTime(record.at) && isTime(record.since)
        ? { t: 'sent', at: record.at, since: record.since }
        : undefined;
    case 'state': {
      const { lastSentAt, consumedAt, lastActivityAt } = record;
      if (![lastSentAt, consumedAt, lastActivityAt].every((v) => v === undefined || isTime(v))) {
        return undefined;
      }
      return {
        t: 'state',
        lastSentAt: lastSentAt as number | undefined,
        consumedAt: consumedAt as number | undefined,
        lastActivityAt: lastActivityAt as number | undefined,
      };
    }
    case 'hello':
    case 'check':
    case 'invalid':
      return { t: record.t };
    default:
      return undefined;
  }
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function shallowEqual(a: KeepAliveSnapshot, b: KeepAliveSnapshot): boolean {
  for (const key of Object.keys(a) as (keyof KeepAliveSnapshot)[]) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}

function ignore(): void {}
