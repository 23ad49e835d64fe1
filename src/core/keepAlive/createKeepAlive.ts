import { createEmitter } from '../createEmitter';
import {
  isSessionInvalidError,
  VaultAbortedError,
  VaultApiError,
  type VaultError,
} from '../errors';
import { type ActivityMonitor, createActivityMonitor } from './createActivityMonitor';
import {
  createKeepAliveChannel,
  type KeepAliveChannel,
  type KeepAliveMessage,
} from './createKeepAliveChannel';
import { createLeaderElection, type LeaderElection } from './createLeaderElection';
import {
  type KeepAlive,
  type KeepAliveSnapshot,
  type KeepAliveStatus,
  STOPPED_KEEP_ALIVE,
} from './KeepAlive';
import { type KeepAliveOptions, resolveKeepAliveOptions } from './KeepAliveOptions';
import { listenForResume } from './listenForResume';
import { reportUncaught } from './reportUncaught';
import {
  pinKeepAliveEnvironment,
  type ResolvedKeepAliveEnvironment,
  resolveKeepAliveEnvironment,
} from './resolveKeepAliveEnvironment';
import { type KeepAliveAttempt, retryDelay, startKeepAliveAttempt } from './startKeepAliveAttempt';

// A due time is re-checked at least this often: timers do not run during sleep and are
// throttled in background tabs, so a single long timer could fire far too late.
const MAX_TIMER_MS = 60_000;
// Activity is re-announced to other tabs at most this often once it has been reported
// since the last keep-alive; only "was there activity since then" decides a send.
const ACTIVITY_REPORT_MS = 15_000;
// A tab that has just taken the lead waits this long before a send it finds overdue: the
// previous leader's last messages ("sent", "invalid") may still be on their way.
const TAKEOVER_GRACE_MS = 500;

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
  const { intervalMs, idleTimeoutMs, backoffBaseMs, sendTimeoutMs, channelName } =
    resolveKeepAliveOptions(options);

  let snapshot: KeepAliveSnapshot = STOPPED_KEEP_ALIVE;
  const changed = createEmitter(reportUncaught);
  let destroyed = false;

  // Per-run state; reset by start().
  let running = false;
  let env: ResolvedKeepAliveEnvironment | undefined;
  let election: LeaderElection | undefined;
  let channel: KeepAliveChannel | undefined;
  let monitor: ActivityMonitor | undefined;
  let removeEventListeners: (() => void) | undefined;
  let timer: unknown;
  let attempt: KeepAliveAttempt | undefined;
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
    changed.emit();
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
    const startedAtMs = env.now();
    const current = startKeepAliveAttempt({
      send: (signal) => options.send(signal),
      timeoutMs: sendTimeoutMs,
      environment: env,
      settle(self, error) {
        if (attempt !== self) return false;
        attempt = undefined;
        if (error) onFailure(error);
        else onSuccess(startedAtMs);
        return true;
      },
    });
    attempt = current;
    clearTimer();
    publish({ status: 'sending', nextDueAt: undefined });
    return current.promise;
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
    const delay = retryDelay(error, consecutiveFailures, backoffBaseMs, intervalMs, env.random);
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

  function post(message: KeepAliveMessage): void {
    channel?.post(message);
  }

  function onChannelMessage(message: KeepAliveMessage): void {
    if (!running) return;
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

  function teardown(): void {
    running = false;
    clearTimer();
    const inFlight = attempt;
    attempt = undefined;
    inFlight?.abort(new VaultAbortedError());
    monitor?.stop();
    monitor = undefined;
    removeEventListeners?.();
    removeEventListeners = undefined;
    election?.stop();
    election = undefined;
    channel?.close();
    channel = undefined;
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
    channel = createKeepAliveChannel(runEnv, channelName, onChannelMessage);
    removeEventListeners = listenForResume(runEnv, onResume, evaluate);
    if (runEnv.window && options.trackActivity !== false) {
      monitor = createActivityMonitor({
        target: runEnv.window,
        now: runEnv.now,
        onActivity: (at) => {
          if (running) recordActivity(at, true);
        },
      });
    }
    election = createLeaderElection({
      name: channelName,
      environment: pinKeepAliveEnvironment(runEnv),
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
      return changed.on(listener);
    },
    destroy() {
      if (destroyed) return;
      stop();
      destroyed = true;
      changed.clear();
    },
  };
}

// A throwing callback must not leave the scheduler half-updated.
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    reportUncaught(error);
  }
}

function shallowEqual(a: KeepAliveSnapshot, b: KeepAliveSnapshot): boolean {
  for (const key of Object.keys(a) as (keyof KeepAliveSnapshot)[]) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}

function ignore(): void {}
