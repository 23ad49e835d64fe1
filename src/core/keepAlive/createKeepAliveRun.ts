import { createDueTimer } from '../createDueTimer';
import { isSessionInvalidError, VaultAbortedError, type VaultError } from '../errors';
import { joinKeepAliveTabs } from './joinKeepAliveTabs';
import type { KeepAliveSnapshot, KeepAliveStatus } from './KeepAlive';
import {
  endedInAnotherTab,
  type KeepAliveChannel,
  type KeepAliveMessage,
} from './KeepAliveMessage';
import type { KeepAliveRun, KeepAliveRunOptions } from './KeepAliveRun';
import { laterOf } from './laterOf';
import { reportUncaught, safely } from './reportUncaught';
import { type KeepAliveAttempt, retryDelay, startKeepAliveAttempt } from './startKeepAliveAttempt';

// Activity is re-announced to other tabs at most this often once it has been reported
// since the last keep-alive; only "was there activity since then" decides a send.
const ACTIVITY_REPORT_MS = 15_000;
// A tab that has just taken the lead waits this long before a send it finds overdue: the
// previous leader's last messages ("sent", "invalid") may still be on their way.
const TAKEOVER_GRACE_MS = 500;

/**
 * Creates one run of the scheduler described by {@link createKeepAlive}, in the environment
 * its keep-alive resolved. It touches nothing until `start()`, so the caller holds the run before
 * any of its callbacks can reach back (a listener may stop it during its first publish).
 * Every change goes out through `publish` with all the fields the run owns. The first
 * keep-alive is due an interval after `startedAtMs` (default: now), the moment the session
 * asked for the run, which is earlier than now when the run's code had to be loaded first.
 */
export function createKeepAliveRun({
  env,
  options,
  settings,
  publish,
  startedAt: startedAtMs,
}: KeepAliveRunOptions): KeepAliveRun {
  const { intervalMs, idleTimeoutMs, backoffBaseMs, sendTimeoutMs, channelName } = settings;
  let running = true;
  let tabs: KeepAliveChannel | undefined;
  const due = createDueTimer(env, () => evaluate());
  let attempt: KeepAliveAttempt | undefined;
  let startedAt = startedAtMs ?? env.now();
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
  // Set by a bug in `send` (not a fault of the network or the service): retrying it would
  // only repeat it, so nothing goes out on its own until the user asks (`extend`).
  let halted = false;
  // Set while this tab leads, so it also answers whether it does.
  let leaderSince: number | undefined;

  // The next due time is part of every decision, so one left out means there is none.
  function update(patch: Partial<KeepAliveSnapshot>): void {
    publish({
      nextDueAt: undefined,
      isLeader: leaderSince !== undefined,
      lastSentAt,
      lastConfirmedAt,
      lastActivityAt,
      idleExpiresAt: running
        ? Math.max(startedAt, lastSentAt ?? 0, lastConfirmedAt ?? 0) + idleTimeoutMs
        : undefined,
      idleTimeoutMs: running ? idleTimeoutMs : undefined,
      consecutiveFailures,
      lastError,
      ...patch,
    });
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
      due.arm(settledAt, now);
      update({ status, nextDueAt: settledAt });
      return;
    }
    void runAttempt().catch(ignore);
  }

  // The one place that decides what happens next; every event funnels here.
  function evaluate(): void {
    if (!running) return;
    rebaseIfClockWentBack(env.now());
    if (attempt) {
      update({ status: 'sending' });
      return;
    }
    due.clear();
    if (halted) {
      update({ status: 'idle' });
      return;
    }
    if (env.navigator?.onLine === false) {
      update({ status: 'offline' });
      return;
    }
    if (leaderSince === undefined) {
      update({ status: 'idle' });
      return;
    }
    const now = env.now();
    const deadline = options.deadline();
    const beforeDeadline = (at: number): boolean => deadline === undefined || at < deadline;
    // A retry goes out at the end of its back-off whatever the activity; a scheduled send
    // only once the user has been active since the last one.
    const retrying = backoffUntil !== undefined;
    const dueAt = backoffUntil ?? (lastSentAt ?? startedAt) + intervalMs;
    const status = retrying ? 'backoff' : 'scheduled';
    if (beforeDeadline(dueAt)) {
      if (now < dueAt) {
        due.arm(dueAt, now);
        update({ status, nextDueAt: dueAt });
        return;
      }
      if ((retrying || hasUnusedActivity()) && beforeDeadline(now)) {
        sendWhenSettled(now, status);
        return;
      }
    }
    update({ status: 'idle' });
  }

  function runAttempt(): Promise<void> {
    if (attempt) return attempt.promise;
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
    due.clear();
    update({ status: 'sending' });
    return current.promise;
  }

  function onSuccess(since: number): void {
    if (!running) return;
    const at = env.now();
    post(recordSent(at, since));
    safely(() => options.onSent?.(at));
    evaluate();
  }

  // A keep-alive reached the service, from this tab or another: whatever failed here was
  // not the session. Returns the notice that tells the other tabs.
  function recordSent(at: number, since: number): KeepAliveMessage {
    lastSentAt = laterOf(lastSentAt, at);
    consumedAt = laterOf(consumedAt, since);
    backoffUntil = undefined;
    consecutiveFailures = 0;
    lastError = undefined;
    return { t: 'sent', at: lastSentAt, since: consumedAt };
  }

  function onFailure(error: VaultError): void {
    if (!running) return;
    if (isSessionInvalidError(error)) {
      terminate(error, true);
      return;
    }
    consecutiveFailures += 1;
    lastError = error;
    if (error.kind === 'unexpected') {
      halted = true;
      reportUncaught(error.cause ?? error);
      evaluate();
      return;
    }
    const delay = retryDelay(error, {
      failures: consecutiveFailures,
      baseMs: backoffBaseMs,
      intervalMs,
      random: env.random,
    });
    backoffUntil = env.now() + delay;
    evaluate();
  }

  function recordConfirmation(at: number): void {
    const now = env.now();
    rebaseIfClockWentBack(now);
    // A time from the future (another tab's skewed clock, a forged message) must not hold
    // the idle warning off: a confirmation counts from now at the latest.
    const confirmed = Math.min(at, now);
    lastConfirmedAt = laterOf(lastConfirmedAt, confirmed);
    evaluate();
  }

  function recordActivity(at: number, local: boolean): void {
    rebaseIfClockWentBack(env.now());
    lastActivityAt = laterOf(lastActivityAt, at);
    if (local) {
      localActivityAt = laterOf(localActivityAt, at);
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
    tabs?.post(message);
  }

  function onChannelMessage(message: KeepAliveMessage): void {
    if (!running) return;
    switch (message.t) {
      case 'activity':
        recordActivity(message.at, false);
        return;
      case 'sent': {
        recordSent(message.at, message.since);
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
        if (leaderSince !== undefined) post({ t: 'state', lastSentAt, consumedAt, lastActivityAt });
        return;
      case 'state':
        lastSentAt = laterOf(lastSentAt, message.lastSentAt);
        consumedAt = laterOf(consumedAt, message.consumedAt);
        lastActivityAt = laterOf(lastActivityAt, message.lastActivityAt);
        evaluate();
        return;
      case 'check':
        evaluate();
        return;
      case 'invalid':
        terminate(endedInAnotherTab(), false);
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

  function stop(): void {
    if (!running) return;
    running = false;
    due.clear();
    const inFlight = attempt;
    attempt = undefined;
    inFlight?.abort(new VaultAbortedError());
    tabs?.close();
    update({
      status: 'stopped',
      isLeader: false,
      idleExpiresAt: undefined,
      idleTimeoutMs: undefined,
    });
  }

  function terminate(error: VaultError, broadcast: boolean): void {
    if (!running) return;
    if (broadcast) post({ t: 'invalid' });
    lastError = error;
    stop();
    safely(() => options.onSessionInvalid(error));
  }

  return {
    running: () => running,
    start() {
      tabs = joinKeepAliveTabs({
        env,
        name: channelName,
        trackActivity: options.trackActivity !== false,
        onMessage: onChannelMessage,
        onActivity(at) {
          if (running) recordActivity(at, true);
        },
        onResume,
        onOffline: evaluate,
        onLead(leading) {
          leaderSince = leading ? env.now() : undefined;
          evaluate();
        },
      });
      post({ t: 'hello' });
      evaluate();
    },
    stop,
    notifyActivity() {
      if (running) recordActivity(env.now(), true);
    },
    confirm() {
      if (!running) return;
      // A call nobody asked for (a refetch when the tab regains focus, a poll) proves the
      // session alive but not the user present: only a call after new activity moves the
      // idle estimate, or the warning would never come to a user who has left.
      const base = Math.max(startedAt, lastSentAt ?? 0, lastConfirmedAt ?? 0);
      if (lastActivityAt === undefined || lastActivityAt <= base) return;
      const at = env.now();
      recordConfirmation(at);
      post({ t: 'alive', at });
    },
    extend() {
      if (!running) return Promise.reject(new VaultAbortedError());
      halted = false;
      recordActivity(env.now(), true);
      return runAttempt();
    },
  };
}

function ignore(): void {}
