import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VaultApiError, VaultNetworkError } from '../../../src/core/errors';
import { advanceTabs } from './support/advanceTabs';
import {
  createFakeService,
  createFakeTab,
  type FakeService,
  type FakeTab,
} from './support/createFakeTab';
import { createMemoryLockManager, type MemoryLockManager } from './support/createMemoryLockManager';

// Several "tabs" in one process: each has its own window, document and navigator; they
// share a lock manager (the browser's Web Locks) and talk over Node's real BroadcastChannel.

const MINUTE = 60_000;
const T0 = Date.UTC(2030, 0, 7, 9, 0, 0);
// The envelope every message of the kit travels in; a keep-alive's topic is its channel name.
const KIT = { ns: 'vault-session-kit', v: 1 } as const;
const onTopic = () => ({ ...KIT, topic: channelName });

let service: FakeService;
let channelName: string;
let locks: MemoryLockManager;
const opened: FakeTab[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
  service = createFakeService();
  channelName = `keep-alive-tabs-${crypto.randomUUID()}`;
  locks = createMemoryLockManager();
});

afterEach(() => {
  for (const tab of opened.splice(0)) tab.keepAlive.destroy();
  vi.useRealTimers();
});

function openTab(name: string, mechanism: 'locks' | 'broadcast'): FakeTab {
  const tab = createFakeTab({
    name,
    service,
    channelName,
    ...(mechanism === 'locks' ? { locks } : {}),
  });
  opened.push(tab);
  tab.keepAlive.start();
  return tab;
}

function openTabs(count: number, mechanism: 'locks' | 'broadcast'): FakeTab[] {
  return Array.from({ length: count }, (_, i) => openTab(`tab-${i}`, mechanism));
}

function leaders(tabs: FakeTab[]): string[] {
  return tabs.filter((tab) => tab.keepAlive.getSnapshot().isLeader).map((tab) => tab.name);
}

function callTimes(): number[] {
  return service.calls.map((call) => call.at - T0);
}

describe.each(['locks', 'broadcast'] as const)(
  'keep-alive across tabs (%s election)',
  (mechanism) => {
    it.each([3, 5])(
      '%i tabs, activity only in a follower tab: one keep-alive per interval in total',
      async (count) => {
        const tabs = openTabs(count, mechanism);
        await advanceTabs(1_000);
        expect(leaders(tabs)).toHaveLength(1);
        const follower = tabs.find((tab) => !tab.keepAlive.getSnapshot().isLeader);
        if (!follower) throw new Error('no follower');

        for (let second = 1; second < 30 * 60; second += 20) {
          follower.input(second % 40 === 1 ? 'scroll' : 'keydown');
          await advanceTabs(20_000);
        }
        expect(callTimes()).toEqual([5, 10, 15, 20, 25, 30].map((m) => m * MINUTE));
        const [leader] = leaders(tabs);
        expect(new Set(service.calls.map((call) => call.tab))).toEqual(new Set([leader]));
        // Every tab knows when the last keep-alive went out.
        for (const tab of tabs) {
          expect(tab.keepAlive.getSnapshot().lastSentAt).toBe(T0 + 30 * MINUTE);
        }
      },
    );

    it('5 idle tabs send nothing', async () => {
      const tabs = openTabs(5, mechanism);
      await advanceTabs(60 * MINUTE);
      expect(service.calls).toHaveLength(0);
      expect(leaders(tabs)).toHaveLength(1);
    });

    it('when the leader tab closes another takes over, keeping the interval', async () => {
      const tabs = openTabs(3, mechanism);
      await advanceTabs(1_000);
      const [firstLeader] = leaders(tabs);
      const active = tabs.find((tab) => tab.name !== firstLeader);
      if (!active) throw new Error('no follower');

      for (let minute = 1; minute <= 7; minute++) {
        active.input();
        await advanceTabs(MINUTE);
      }
      expect(callTimes()).toEqual([5 * MINUTE]);

      tabs.find((tab) => tab.name === firstLeader)?.keepAlive.stop();
      await advanceTabs(1_000);
      const remaining = tabs.filter((tab) => tab.name !== firstLeader);
      expect(leaders(remaining)).toHaveLength(1);
      expect(leaders(remaining)[0]).not.toBe(firstLeader);

      for (let minute = 8; minute <= 20; minute++) {
        active.input();
        await advanceTabs(MINUTE);
      }
      // The new leader knew about the send at 5 min: no extra keep-alive at takeover.
      expect(callTimes()).toEqual([5, 10, 15, 20].map((m) => m * MINUTE));
      expect(service.calls.slice(1).every((call) => call.tab === leaders(remaining)[0])).toBe(true);
    });

    it('INVALID_SESSION_ID in the leader stops every tab and tells each one once (SES-06)', async () => {
      service.respond = () =>
        Promise.reject(
          new VaultApiError({
            responseStatus: 'FAILURE',
            errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }],
          }),
        );
      const tabs = openTabs(3, mechanism);
      await advanceTabs(1_000);
      tabs[2]?.input();
      await advanceTabs(5 * MINUTE);
      for (const tab of tabs) {
        expect(tab.invalidations).toHaveLength(1);
        expect(tab.keepAlive.getSnapshot().status).toBe('stopped');
      }
      for (let minute = 0; minute < 30; minute++) {
        for (const tab of tabs) tab.input();
        await advanceTabs(MINUTE);
      }
      expect(service.calls).toHaveLength(1);
      for (const tab of tabs) expect(tab.invalidations).toHaveLength(1);
    });
  },
);

describe('keep-alive across tabs: hand-over details', () => {
  it('a tab opened later learns when the last keep-alive went out', async () => {
    const first = openTab('first', 'locks');
    first.input();
    await advanceTabs(6 * MINUTE);
    expect(callTimes()).toEqual([5 * MINUTE]);

    const second = openTab('second', 'locks');
    await advanceTabs(MINUTE);
    expect(second.keepAlive.getSnapshot().lastSentAt).toBe(T0 + 5 * MINUTE);
    first.keepAlive.stop();
    second.input();
    await advanceTabs(4 * MINUTE);
    // Due 5 minutes after the last send, not 5 minutes after the second tab opened.
    expect(callTimes()).toEqual([5 * MINUTE, 10 * MINUTE]);
    expect(service.calls[1]?.tab).toBe('second');
  });

  it('"Stay signed in" in a follower sends from there and moves the leader\'s schedule', async () => {
    const tabs = openTabs(3, 'locks');
    await advanceTabs(1_000);
    const follower = tabs[2];
    if (!follower) throw new Error('no tab');
    await advanceTabs(3 * MINUTE);
    await follower.keepAlive.extend();
    expect(service.calls.map((call) => call.tab)).toEqual(['tab-2']);
    await advanceTabs(MINUTE);
    for (let minute = 0; minute < 5; minute++) {
      follower.input();
      await advanceTabs(MINUTE);
    }
    const extendedAt = 3 * MINUTE + 1_000;
    expect(callTimes()).toEqual([extendedAt, extendedAt + 5 * MINUTE]);
    expect(service.calls[1]?.tab).toBe('tab-0');
  });

  it('activity right after a send in another tab still reaches the leader', async () => {
    let finish: () => void = () => {};
    service.respond = ({ index }) =>
      index === 0
        ? new Promise<void>((resolve) => {
            finish = resolve;
          })
        : Promise.resolve();
    const tabs = openTabs(2, 'locks');
    await advanceTabs(1_000);
    const follower = tabs[1];
    if (!follower) throw new Error('no tab');
    await advanceTabs(5 * MINUTE - 6_000);
    follower.input();
    await advanceTabs(5_000);
    expect(service.calls).toHaveLength(1);
    // One more action while that keep-alive is still under way, within the report
    // throttle of the previous one, then nothing: it must still count for the next.
    await advanceTabs(3_000);
    follower.input();
    await advanceTabs(1_000);
    finish();
    await advanceTabs(10 * MINUTE);
    expect(callTimes()).toEqual([5 * MINUTE, 10 * MINUTE + 4_000]);
  });

  it('a follower going offline does not stop the leader', async () => {
    const tabs = openTabs(2, 'locks');
    await advanceTabs(1_000);
    tabs[1]?.goOffline();
    expect(tabs[1]?.keepAlive.getSnapshot().status).toBe('offline');
    tabs[1]?.input();
    await advanceTabs(5 * MINUTE);
    expect(service.calls.map((call) => call.tab)).toEqual(['tab-0']);
  });

  it('keeps sessions apart by channel name', async () => {
    const a = openTab('a', 'locks');
    const other = createFakeTab({
      name: 'b',
      service,
      channelName: `${channelName}:delegated`,
      locks,
    });
    opened.push(other);
    other.keepAlive.start();
    await advanceTabs(1_000);
    expect(a.keepAlive.getSnapshot().isLeader).toBe(true);
    expect(other.keepAlive.getSnapshot().isLeader).toBe(true);
    a.input();
    await advanceTabs(5 * MINUTE);
    expect(service.calls.map((call) => call.tab)).toEqual(['a']);
  });

  it('another call that succeeded moves the idle estimate in every tab while the keep-alive fails', async () => {
    const [a, b] = [openTab('a', 'locks'), openTab('b', 'locks')];
    await advanceTabs(1_000);
    service.respond = () => Promise.reject(new VaultNetworkError());
    a?.input();
    await advanceTabs(20 * MINUTE);
    expect(service.calls.length).toBeGreaterThan(0);
    expect(a?.keepAlive.getSnapshot().consecutiveFailures).toBeGreaterThan(0);
    expect(b?.keepAlive.getSnapshot().idleExpiresAt).toBe(T0 + 30 * MINUTE);

    // The app's own request with this session succeeded in tab b.
    b?.keepAlive.confirm();
    await advanceTabs(0);
    const confirmedAt = Date.now();
    for (const tab of [a, b]) {
      expect(tab?.keepAlive.getSnapshot().lastConfirmedAt).toBe(confirmedAt);
      expect(tab?.keepAlive.getSnapshot().idleExpiresAt).toBe(confirmedAt + 30 * MINUTE);
    }
  });

  it('counts a confirmation from another tab no later than now', async () => {
    const a = openTab('a', 'locks');
    await advanceTabs(1_000);
    const channel = new BroadcastChannel(channelName);
    channel.postMessage({ ...onTopic(), t: 'alive', at: Date.now() + 365 * 24 * 60 * MINUTE });
    await advanceTabs(0);
    channel.close();
    expect(a.keepAlive.getSnapshot().lastConfirmedAt).toBeDefined();
    expect(a.keepAlive.getSnapshot().lastConfirmedAt).toBeLessThanOrEqual(Date.now());
    expect(a.keepAlive.getSnapshot().idleExpiresAt).toBeLessThanOrEqual(Date.now() + 30 * MINUTE);
  });

  it('hears only the kit\u2019s own envelope: a bare "invalid" from another script ends nothing', async () => {
    const a = openTab('a', 'locks');
    await advanceTabs(1_000);
    const channel = new BroadcastChannel(channelName);
    channel.postMessage({ t: 'invalid' });
    channel.postMessage({ ns: 'another-kit', v: 1, topic: channelName, t: 'invalid' });
    // An older kit's message names no topic; another topic is another session's.
    channel.postMessage({ ...KIT, t: 'invalid' });
    channel.postMessage({ ...KIT, topic: `${channelName}:other`, t: 'invalid' });
    // The marker: a message in the envelope, posted after the others, has been handled.
    channel.postMessage({ ...onTopic(), t: 'alive', at: Date.now() });
    await vi.waitFor(() => expect(a.keepAlive.getSnapshot().lastConfirmedAt).toBeDefined());
    channel.close();
    expect(a.keepAlive.getSnapshot().status).not.toBe('stopped');
    expect(a.invalidations).toHaveLength(0);
  });
});
