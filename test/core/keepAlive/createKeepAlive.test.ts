import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isTransientError,
  VaultAbortedError,
  VaultApiError,
  VaultConfigError,
  VaultNetworkError,
  VaultProtocolError,
  VaultTimeoutError,
  VaultUnexpectedError,
} from '../../../src/core/errors';
import { createKeepAlive } from '../../../src/core/keepAlive/createKeepAlive';
import type { KeepAliveOptions } from '../../../src/core/keepAlive/KeepAliveOptions';
import { createFakeService, createFakeTab, type FakeService } from './support/createFakeTab';

const MINUTE = 60_000;
const T0 = Date.UTC(2030, 0, 7, 9, 0, 0);

function apiError(type: string, retryAfterSeconds?: number): VaultApiError {
  return new VaultApiError({
    responseStatus: 'FAILURE',
    errors: [{ type, message: `${type} from the service` }],
    retryAfterSeconds,
  });
}

let service: FakeService;
let channelName: string;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
  service = createFakeService();
  channelName = `keep-alive-test-${crypto.randomUUID()}`;
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// A tab alone: no BroadcastChannel, no Web Locks, so it leads by itself.
function soloTab(
  options: Parameters<typeof createFakeTab>[0]['options'] = {},
  random?: () => number,
) {
  const tab = createFakeTab({
    name: 'solo',
    service,
    channelName,
    BroadcastChannel: null,
    options,
    ...(random ? { random } : {}),
  });
  cleanups.push(() => tab.keepAlive.destroy());
  tab.keepAlive.start();
  return tab;
}

function callTimes(): number[] {
  return service.calls.map((call) => call.at - T0);
}

describe('createKeepAlive: activity (SES-05)', () => {
  it('sends exactly one keep-alive per interval while the user is active', async () => {
    const tab = soloTab();
    for (let minute = 0; minute < 30; minute++) {
      tab.input('pointerdown');
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(callTimes()).toEqual([5, 10, 15, 20, 25, 30].map((m) => m * MINUTE));
    expect(tab.sentAt).toEqual([5, 10, 15, 20, 25, 30].map((m) => T0 + m * MINUTE));
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'scheduled',
      isLeader: true,
      lastSentAt: T0 + 30 * MINUTE,
      nextDueAt: T0 + 35 * MINUTE,
      consecutiveFailures: 0,
    });
  });

  it('sends nothing for an idle user, however many intervals pass', async () => {
    const tab = soloTab();
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(service.calls).toHaveLength(0);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'idle',
      lastSentAt: undefined,
      idleExpiresAt: T0 + 30 * MINUTE,
    });
  });

  it('sends at once when an idle user comes back after the interval has passed', async () => {
    const tab = soloTab();
    await vi.advanceTimersByTimeAsync(12 * MINUTE);
    tab.input('wheel');
    await vi.advanceTimersByTimeAsync(0);
    expect(callTimes()).toEqual([12 * MINUTE]);
    // The next one is measured from this send, and again needs fresh activity.
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(service.calls).toHaveLength(1);
  });

  it('counts activity only since the last keep-alive', async () => {
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(service.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(service.calls).toHaveLength(1);
  });

  it('accepts activity reported by the application through notifyActivity()', async () => {
    const tab = soloTab({ trackActivity: false });
    tab.input();
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(service.calls).toHaveLength(0);
    tab.keepAlive.notifyActivity();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.calls).toHaveLength(1);
  });
});

describe('createKeepAlive: offline and resume (B6, B7)', () => {
  it('sends nothing while offline and checks at once when the network returns', async () => {
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    tab.goOffline();
    expect(tab.keepAlive.getSnapshot().status).toBe('offline');
    for (let minute = 2; minute < 20; minute++) {
      tab.input();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(service.calls).toHaveLength(0);
    expect(tab.keepAlive.getSnapshot().status).toBe('offline');

    tab.goOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(callTimes()).toEqual([20 * MINUTE]);
    expect(tab.resumes.count).toBe(1);
    expect(tab.invalidations).toHaveLength(0);
  });

  it.each([
    ['focus', (tab: ReturnType<typeof soloTab>) => tab.focus()],
    ['visibilitychange to visible', (tab: ReturnType<typeof soloTab>) => tab.show()],
    [
      'pageshow (back/forward cache)',
      (tab: ReturnType<typeof soloTab>) => tab.window.dispatchEvent(new Event('pageshow')),
    ],
  ])('after a sleep that froze the timers, %s sends at once if due', async (_, resume) => {
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(MINUTE);
    // The laptop sleeps for 20 minutes: the wall clock jumps, pending timers do not fire.
    vi.setSystemTime(T0 + 21 * MINUTE);
    expect(service.calls).toHaveLength(0);
    resume(tab);
    await vi.advanceTimersByTimeAsync(0);
    expect(callTimes()).toEqual([21 * MINUTE]);
    expect(tab.resumes.count).toBe(1);
  });

  it('does not treat becoming hidden as a resume', async () => {
    const tab = soloTab();
    tab.input();
    vi.setSystemTime(T0 + 21 * MINUTE);
    tab.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.calls).toHaveLength(0);
    expect(tab.resumes.count).toBe(0);
  });

  it('re-checks the wall clock within a minute even without a resume event', async () => {
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(30_000);
    vi.setSystemTime(T0 + 12 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0]?.at).toBeLessThanOrEqual(T0 + 13 * MINUTE);
  });

  it('does not push the schedule into the future when the clock is set back', async () => {
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(service.calls).toHaveLength(1);
    vi.setSystemTime(T0 - 3 * 60 * MINUTE);
    tab.input();
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(service.calls).toHaveLength(2);
  });
});

describe('createKeepAlive: faults (SES-06, B3, B4)', () => {
  it('backs off with growing delays on transient faults, keeps the session and resets on success', async () => {
    const failures = [
      new VaultProtocolError('Service unavailable', { status: 503, contentType: 'text/html' }),
      new VaultNetworkError(),
      apiError('API_LIMIT_EXCEEDED'),
    ];
    service.respond = ({ index }) => {
      const failure = failures[index];
      return failure ? Promise.reject(failure) : Promise.resolve();
    };
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'backoff',
      consecutiveFailures: 1,
      nextDueAt: T0 + 5 * MINUTE + 5_000,
    });
    expect(tab.keepAlive.getSnapshot().lastError).toBeInstanceOf(VaultProtocolError);

    await vi.advanceTimersByTimeAsync(60_000);
    const times = callTimes();
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    // random() = 1 draws the top of each full-jitter window: 5 s, 10 s, 20 s.
    expect(gaps).toEqual([5_000, 10_000, 20_000]);
    expect(tab.invalidations).toHaveLength(0);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'scheduled',
      consecutiveFailures: 0,
      lastError: undefined,
      lastSentAt: T0 + 5 * MINUTE + 35_000,
    });
  });

  it('draws each retry delay within the full-jitter window', async () => {
    service.respond = () => Promise.reject(new VaultNetworkError());
    const tab = soloTab({}, () => 0.5);
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot().nextDueAt).toBe(T0 + 5 * MINUTE + 2_500);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(tab.keepAlive.getSnapshot().nextDueAt).toBe(T0 + 5 * MINUTE + 2_500 + 5_000);
  });

  it('caps retries at the interval and never ends the session over transient faults', async () => {
    service.respond = () =>
      Promise.reject(new VaultProtocolError('Bad gateway', { status: 502, contentType: null }));
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    const times = callTimes();
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(Math.max(...gaps)).toBe(5 * MINUTE);
    expect(gaps.slice(-3)).toEqual([5 * MINUTE, 5 * MINUTE, 5 * MINUTE]);
    expect(tab.invalidations).toHaveLength(0);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'backoff' });
    expect(tab.keepAlive.getSnapshot().consecutiveFailures).toBe(times.length);
  });

  it('waits at least as long as the service asks after API_LIMIT_EXCEEDED', async () => {
    service.respond = ({ index }) =>
      index === 0 ? Promise.reject(apiError('API_LIMIT_EXCEEDED', 90)) : Promise.resolve();
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot().nextDueAt).toBe(T0 + 5 * MINUTE + 90_000);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(service.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(service.calls).toHaveLength(2);
  });

  it('aborts a hung keep-alive after sendTimeoutMs and retries it (B4)', async () => {
    service.respond = ({ index }) =>
      index === 0 ? new Promise<void>(() => {}) : Promise.resolve();
    const tab = soloTab({ sendTimeoutMs: 20_000 });
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot().status).toBe('sending');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(service.calls[0]?.signal.aborted).toBe(true);
    expect(tab.keepAlive.getSnapshot().lastError).toBeInstanceOf(VaultTimeoutError);
    expect(tab.keepAlive.getSnapshot().status).toBe('backoff');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.calls).toHaveLength(2);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'scheduled',
      lastError: undefined,
    });
    expect(tab.invalidations).toHaveLength(0);
  });

  it('retries an unexpected non-transient answer only after a full interval', async () => {
    service.respond = ({ index }) =>
      index === 0 ? Promise.reject(apiError('INSUFFICIENT_ACCESS')) : Promise.resolve();
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'backoff',
      nextDueAt: T0 + 10 * MINUTE,
    });
    expect(tab.invalidations).toHaveLength(0);
  });

  it('does not retry a bug in send on its own, nor call it a connection fault, and keeps the session', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const bug = new TypeError("Cannot read properties of undefined (reading 'keepAlive')");
    service.respond = () => Promise.reject(bug);
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(service.calls).toHaveLength(1);
    const { lastError } = tab.keepAlive.getSnapshot();
    expect(lastError).toBeInstanceOf(VaultUnexpectedError);
    expect(lastError?.cause).toBe(bug);
    expect(isTransientError(lastError)).toBe(false);
    expect(reported).toEqual([bug]);

    for (let minute = 0; minute < 30; minute++) {
      tab.input();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(service.calls).toHaveLength(1);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'idle', consecutiveFailures: 1 });
    expect(tab.invalidations).toHaveLength(0);

    // "Stay signed in" tries again, and a send that works puts the schedule back.
    service.respond = () => Promise.resolve();
    await tab.keepAlive.extend();
    expect(service.calls).toHaveLength(2);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'scheduled',
      lastError: undefined,
    });
  });

  it('stops for good on INVALID_SESSION_ID and tells the session layer once', async () => {
    service.respond = () => Promise.reject(apiError('INVALID_SESSION_ID'));
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.invalidations).toHaveLength(1);
    expect(tab.invalidations[0]).toBeInstanceOf(VaultApiError);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'stopped', isLeader: false });

    for (let minute = 0; minute < 60; minute++) {
      tab.input();
      tab.focus();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(service.calls).toHaveLength(1);
    expect(tab.invalidations).toHaveLength(1);
    await expect(tab.keepAlive.extend()).rejects.toBeInstanceOf(VaultAbortedError);
  });
});

describe('createKeepAlive: the 48-hour deadline (SES-04)', () => {
  it('never sends at or after the deadline, even for an active user', async () => {
    const deadline = T0 + 12 * MINUTE;
    const tab = soloTab({ deadline: () => deadline });
    for (let minute = 0; minute < 60; minute++) {
      tab.input();
      tab.focus();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(callTimes()).toEqual([5 * MINUTE, 10 * MINUTE]);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'idle', nextDueAt: undefined });
  });

  it('plans no send for a due time that equals the deadline', async () => {
    const tab = soloTab({ deadline: () => T0 + 10 * MINUTE });
    for (let minute = 0; minute < 15; minute++) {
      tab.input();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(callTimes()).toEqual([5 * MINUTE]);
  });

  it('drops a retry that would land past the deadline', async () => {
    service.respond = () => Promise.reject(new VaultNetworkError());
    const tab = soloTab({ deadline: () => T0 + 5 * MINUTE + 4_000 });
    tab.input();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(service.calls).toHaveLength(1);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'idle', consecutiveFailures: 1 });
  });

  it('sends nothing when woken after the deadline with activity pending', async () => {
    const tab = soloTab({ deadline: () => T0 + 48 * 60 * MINUTE });
    tab.input();
    vi.setSystemTime(T0 + 49 * 60 * MINUTE);
    tab.focus();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(service.calls).toHaveLength(0);
  });
});

describe('createKeepAlive: extend() ("Stay signed in", A11Y-04)', () => {
  it('sends at once, counts as activity and restarts the interval', async () => {
    const tab = soloTab();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    await tab.keepAlive.extend();
    expect(callTimes()).toEqual([2 * MINUTE]);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      lastSentAt: T0 + 2 * MINUTE,
      lastActivityAt: T0 + 2 * MINUTE,
      nextDueAt: T0 + 7 * MINUTE,
      idleExpiresAt: T0 + 32 * MINUTE,
    });
  });

  it('joins a keep-alive already in flight instead of sending a second one', async () => {
    let finish: () => void = () => {};
    service.respond = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    const extended = tab.keepAlive.extend();
    finish();
    await extended;
    expect(service.calls).toHaveLength(1);
  });

  it('rejects with the failure and leaves the session to the retry schedule', async () => {
    service.respond = ({ index }) =>
      index === 0 ? Promise.reject(new VaultNetworkError()) : Promise.resolve();
    const tab = soloTab();
    await expect(tab.keepAlive.extend()).rejects.toBeInstanceOf(VaultNetworkError);
    expect(tab.keepAlive.getSnapshot().status).toBe('backoff');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.calls).toHaveLength(2);
    expect(tab.invalidations).toHaveLength(0);
  });

  it('rejects with VaultAbortedError when not running', async () => {
    const keepAlive = createKeepAlive({
      send: () => Promise.resolve(),
      deadline: () => undefined,
      onSessionInvalid: () => {},
      environment: { BroadcastChannel: null, window: null, navigator: null, document: null },
    });
    await expect(keepAlive.extend()).rejects.toBeInstanceOf(VaultAbortedError);
  });
});

describe('createKeepAlive: lifecycle', () => {
  it('aborts a keep-alive in flight on stop() and sends nothing afterwards', async () => {
    service.respond = ({ signal }) =>
      new Promise<void>((_, reject) => {
        signal.addEventListener('abort', () => reject(new VaultAbortedError()));
      });
    const tab = soloTab();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot().status).toBe('sending');
    tab.keepAlive.stop();
    expect(service.calls[0]?.signal.aborted).toBe(true);
    expect(tab.keepAlive.getSnapshot().status).toBe('stopped');
    for (let minute = 0; minute < 30; minute++) {
      tab.input();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(service.calls).toHaveLength(1);
    expect(tab.invalidations).toHaveLength(0);
  });

  it('can be started again after stop(), but not after destroy()', async () => {
    const tab = soloTab();
    tab.keepAlive.stop();
    tab.keepAlive.start();
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(service.calls).toHaveLength(1);
    tab.keepAlive.destroy();
    tab.keepAlive.start();
    tab.input();
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(service.calls).toHaveLength(1);
    expect(tab.keepAlive.getSnapshot().status).toBe('stopped');
  });

  it('keeps the snapshot object until something changes and notifies subscribers', async () => {
    const tab = soloTab();
    const seen: string[] = [];
    const unsubscribe = tab.keepAlive.subscribe(() =>
      seen.push(tab.keepAlive.getSnapshot().status),
    );
    const first = tab.keepAlive.getSnapshot();
    expect(tab.keepAlive.getSnapshot()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    tab.input();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(tab.keepAlive.getSnapshot()).not.toBe(first);
    expect(seen).toContain('sending');
    expect(seen.at(-1)).toBe('scheduled');
    unsubscribe();
    const count = seen.length;
    tab.keepAlive.stop();
    expect(seen).toHaveLength(count);
  });

  it('touches no browser global before start() (server-side rendering)', () => {
    const touched: string[] = [];
    const names = ['window', 'document', 'navigator', 'BroadcastChannel'] as const;
    const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
    for (const name of names) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          touched.push(name);
          return undefined;
        },
      });
    }
    try {
      const keepAlive = createKeepAlive({
        send: () => Promise.resolve(),
        deadline: () => undefined,
        onSessionInvalid: () => {},
      });
      keepAlive.getSnapshot();
      expect(touched).toEqual([]);
      keepAlive.start();
      expect(touched.length).toBeGreaterThan(0);
      // Nothing there: the tab leads alone and still works.
      expect(keepAlive.getSnapshot()).toMatchObject({ isLeader: true, status: 'scheduled' });
      keepAlive.destroy();
    } finally {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name as string, descriptor);
        else delete (globalThis as Record<string, unknown>)[name as string];
      }
    }
  });
});

describe('createKeepAlive: settings', () => {
  const base: KeepAliveOptions = {
    send: () => Promise.resolve(),
    deadline: () => undefined,
    onSessionInvalid: () => {},
  };

  it.each([
    ['under 10 s', { intervalMs: 9_999 }, /at least 10000 ms/],
    ['not finite', { intervalMs: Number.POSITIVE_INFINITY }, /finite/],
    ['NaN', { intervalMs: Number.NaN }, /finite/],
    ['equal to the idle timeout', { intervalMs: 30 * MINUTE }, /shorter than the service's idle/],
    [
      'longer than the idle timeout',
      { intervalMs: 20 * MINUTE, idleTimeoutMs: 15 * MINUTE },
      /shorter than the service's idle/,
    ],
    ['a bad idle timeout', { idleTimeoutMs: 0 }, /idleTimeoutMs/],
    ['a backoff base above the interval', { backoffBaseMs: 10 * MINUTE }, /backoffBaseMs/],
  ])('rejects an interval %s with VaultConfigError', (_, settings, message) => {
    expect(() => createKeepAlive({ ...base, ...settings })).toThrow(VaultConfigError);
    expect(() => createKeepAlive({ ...base, ...settings })).toThrow(message);
  });

  it('accepts an interval just below the idle timeout', () => {
    expect(() =>
      createKeepAlive({ ...base, intervalMs: 10 * MINUTE - 1, idleTimeoutMs: 10 * MINUTE }),
    ).not.toThrow();
  });
});
