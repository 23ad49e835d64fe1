import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isTransientError,
  VaultAbortedError,
  VaultNetworkError,
  VaultUnexpectedError,
} from '../../../src/core/errors';
import { createKeepAliveFront } from '../../../src/core/keepAlive/createKeepAliveFront';
import { createKeepAliveRun } from '../../../src/core/keepAlive/createKeepAliveRun';
import {
  deferKeepAliveRun,
  type KeepAliveRunLoader,
} from '../../../src/core/keepAlive/deferKeepAliveRun';
import { createFakeService, createFakeTab, type FakeService } from './support/createFakeTab';

// The provider's sessions fetch the keep-alive scheduler as a chunk of its own. These tests
// stand in for the network with loaders they settle by hand, on fake timers.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const INTERVAL = 5 * MINUTE;
const T0 = Date.UTC(2030, 0, 7, 9, 0, 0);

type Factory = typeof createKeepAliveRun;

/** A loader whose every call waits for the test to answer it. */
function manualLoader() {
  const calls: { resolve(factory: Factory): void; reject(error: unknown): void }[] = [];
  const load: KeepAliveRunLoader = () =>
    new Promise<Factory>((resolve, reject) => calls.push({ resolve, reject }));
  return {
    load,
    calls,
    arrive: () => calls.at(-1)?.resolve(createKeepAliveRun),
    fail: () => calls.at(-1)?.reject(new TypeError('Failed to fetch dynamically imported module')),
  };
}

let service: FakeService;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
  service = createFakeService();
  // A give-up is reported through the platform; the tests that care read it.
  vi.stubGlobal('reportError', () => undefined);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function tabWith(load: KeepAliveRunLoader) {
  const tab = createFakeTab({
    name: 'solo',
    service,
    channelName: `deferred-${crypto.randomUUID()}`,
    BroadcastChannel: null,
    create: (options) => createKeepAliveFront({ ...options, createRun: deferKeepAliveRun(load) }),
  });
  cleanups.push(() => tab.keepAlive.destroy());
  return tab;
}

const callTimes = (): number[] => service.calls.map((call) => call.at - T0);

describe('a keep-alive whose scheduler loads first: a scheduler that arrives later', () => {
  it('counts the interval from start(), not from the moment the code arrived', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    expect(tab.keepAlive.getSnapshot().status).toBe('stopped');

    await vi.advanceTimersByTimeAsync(3 * SECOND);
    loader.arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'scheduled',
      isLeader: true,
      nextDueAt: T0 + INTERVAL,
      idleExpiresAt: T0 + 30 * MINUTE,
    });

    tab.input();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(callTimes()).toEqual([INTERVAL]);
    expect(loader.calls).toHaveLength(1);
  });

  it('hands activity reported while loading on to the scheduler', async () => {
    const withActivity = manualLoader();
    const active = tabWith(withActivity.load);
    active.keepAlive.start();
    active.keepAlive.notifyActivity();
    withActivity.arrive();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(callTimes()).toEqual([INTERVAL]);
  });

  it('sends nothing for a user who was not active while it loaded', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    loader.arrive();
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(callTimes()).toEqual([]);
    expect(tab.keepAlive.getSnapshot().status).toBe('idle');
  });

  it('starts nothing when stopped or destroyed before the code arrives', async () => {
    const stopped = manualLoader();
    const first = tabWith(stopped.load);
    first.keepAlive.start();
    first.keepAlive.stop();
    stopped.arrive();

    const destroyed = manualLoader();
    const second = tabWith(destroyed.load);
    second.keepAlive.start();
    second.keepAlive.destroy();
    destroyed.arrive();

    for (let minute = 0; minute < 12; minute++) {
      first.input();
      second.input();
      await vi.advanceTimersByTimeAsync(MINUTE);
    }
    expect(callTimes()).toEqual([]);
    expect(first.keepAlive.getSnapshot().status).toBe('stopped');
    expect(second.keepAlive.getSnapshot().status).toBe('stopped');
  });

  it('extend() waits for the code, then sends at once', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    const extended = tab.keepAlive.extend();
    await vi.advanceTimersByTimeAsync(2 * SECOND);
    expect(callTimes()).toEqual([]);
    loader.arrive();
    await expect(extended).resolves.toBeUndefined();
    expect(callTimes()).toEqual([2 * SECOND]);
  });

  it('extend() without a started keep-alive is refused as before', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    await expect(tab.keepAlive.extend()).rejects.toBeInstanceOf(VaultAbortedError);
    expect(loader.calls).toHaveLength(0);
  });
});

describe('a keep-alive whose scheduler loads first: the code cannot be fetched', () => {
  it('shows backoff with a network error, retries after 5 s, 10 s…, and runs once it arrives', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    loader.fail();
    await vi.advanceTimersByTimeAsync(0);
    const first = tab.keepAlive.getSnapshot();
    expect(first).toMatchObject({
      status: 'backoff',
      consecutiveFailures: 1,
      nextDueAt: T0 + 5 * SECOND,
      // The idle warning still knows when the service will idle the session out.
      idleExpiresAt: T0 + 30 * MINUTE,
    });
    expect(first.lastError).toBeInstanceOf(VaultNetworkError);
    expect(first.lastError?.cause).toBeInstanceOf(TypeError);

    await vi.advanceTimersByTimeAsync(5 * SECOND - 1);
    expect(loader.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loader.calls).toHaveLength(2);
    loader.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'backoff',
      consecutiveFailures: 2,
      nextDueAt: T0 + 15 * SECOND,
    });

    await vi.advanceTimersByTimeAsync(10 * SECOND);
    expect(loader.calls).toHaveLength(3);
    loader.arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'scheduled',
      consecutiveFailures: 0,
      lastError: undefined,
      nextDueAt: T0 + INTERVAL,
    });
    tab.input();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(callTimes()).toEqual([INTERVAL]);
  });

  it('extend() while the code cannot be fetched rejects with the network error', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    const extended = tab.keepAlive.extend();
    loader.fail();
    await expect(extended).rejects.toBeInstanceOf(VaultNetworkError);
    expect(callTimes()).toEqual([]);
  });

  it('stops retrying when stopped, and shows stopped again', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    loader.fail();
    await vi.advanceTimersByTimeAsync(0);
    tab.keepAlive.stop();
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'stopped', lastError: undefined });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(loader.calls).toHaveLength(1);
  });

  it('never waits longer than an interval between tries', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    const gaps: number[] = [];
    let last = Date.now();
    for (let attempt = 0; attempt < 9; attempt++) {
      loader.fail();
      const calls = loader.calls.length;
      while (loader.calls.length === calls) await vi.advanceTimersByTimeAsync(SECOND);
      gaps.push(Date.now() - last);
      last = Date.now();
    }
    expect(gaps).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300].map((s) => s * SECOND));
  });

  it('after five failures online, asks for a reload instead of blaming the connection, and still tries', async () => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.keepAlive.start();
    const kinds: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      loader.fail();
      const calls = loader.calls.length;
      await vi.advanceTimersByTimeAsync(0);
      kinds.push(tab.keepAlive.getSnapshot().lastError?.kind);
      while (loader.calls.length === calls) await vi.advanceTimersByTimeAsync(SECOND);
    }
    expect(kinds).toEqual(['network', 'network', 'network', 'network', 'unexpected', 'unexpected']);
    const { lastError, status } = tab.keepAlive.getSnapshot();
    expect(status).toBe('backoff');
    expect(lastError).toBeInstanceOf(VaultUnexpectedError);
    expect(lastError?.message).toMatch(/reload the page/);
    expect(lastError?.cause).toBeInstanceOf(TypeError);
    // The expiry dialog calls only transient faults an unreliable connection.
    expect(isTransientError(lastError)).toBe(false);
    // Told once, not at every try.
    expect(reported).toEqual([expect.any(VaultUnexpectedError)]);

    // It keeps trying: the code may still come.
    loader.arrive();
    await vi.advanceTimersByTimeAsync(0);
    // Past its first due time with no activity since, the run waits for the user.
    expect(tab.keepAlive.getSnapshot()).toMatchObject({
      status: 'idle',
      consecutiveFailures: 0,
      lastError: undefined,
    });
  });

  it('offline, a failed fetch stays a network error however often it fails', async () => {
    const loader = manualLoader();
    const tab = tabWith(loader.load);
    tab.navigator.onLine = false;
    tab.keepAlive.start();
    for (let attempt = 0; attempt < 6; attempt++) {
      loader.fail();
      const calls = loader.calls.length;
      await vi.advanceTimersByTimeAsync(0);
      while (loader.calls.length === calls) await vi.advanceTimersByTimeAsync(SECOND);
    }
    expect(tab.keepAlive.getSnapshot().lastError).toBeInstanceOf(VaultNetworkError);
  });

  it('a restart whose fetch fails shows backoff, and stopping it shows stopped again', async () => {
    let fetches = 0;
    const flaky: KeepAliveRunLoader = () => {
      fetches += 1;
      return fetches === 1
        ? Promise.resolve(createKeepAliveRun)
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    };
    const tab = tabWith(flaky);
    tab.keepAlive.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.keepAlive.getSnapshot().status).toBe('scheduled');
    tab.keepAlive.stop();
    tab.keepAlive.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.keepAlive.getSnapshot().status).toBe('backoff');

    tab.keepAlive.stop();
    expect(tab.keepAlive.getSnapshot()).toMatchObject({ status: 'stopped', lastError: undefined });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(fetches).toBe(2);
  });
});
