import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createLeaderElection,
  type LeaderElection,
} from '../../../src/core/keepAlive/createLeaderElection';
import type {
  BroadcastChannelConstructor,
  BroadcastChannelLike,
  KeepAliveEnvironment,
  LockManagerLike,
} from '../../../src/core/resolveEnvironment';
import { advanceTabs } from './support/advanceTabs';
import { createMemoryLockManager } from './support/createMemoryLockManager';

let name: string;
const started: LeaderElection[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  name = `election-${crypto.randomUUID()}`;
});

afterEach(() => {
  for (const election of started.splice(0)) election.stop();
  vi.useRealTimers();
});

function join(environment: KeepAliveEnvironment) {
  const changes: boolean[] = [];
  const election = createLeaderElection({
    name,
    environment,
    onChange: (leading) => changes.push(leading),
  });
  started.push(election);
  election.start();
  return { election, changes };
}

// A real BroadcastChannel whose tab can "crash": it then neither sends nor hears anything,
// like a frozen or killed page that never said goodbye.
function crashableChannel(): {
  Channel: BroadcastChannelConstructor;
  crash(): void;
  heal(): void;
} {
  let crashed = false;
  const Channel = class {
    readonly inner: BroadcastChannel;
    readonly wrapped = new Map<(event: MessageEvent) => void, (event: MessageEvent) => void>();
    constructor(channelName: string) {
      this.inner = new BroadcastChannel(channelName);
    }
    postMessage(message: unknown): void {
      if (!crashed) this.inner.postMessage(message);
    }
    close(): void {
      this.inner.close();
    }
    addEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
      const guarded = (event: MessageEvent) => {
        if (!crashed) listener(event);
      };
      this.wrapped.set(listener, guarded);
      this.inner.addEventListener(type, guarded as EventListener);
    }
    removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void {
      const guarded = this.wrapped.get(listener);
      if (guarded) this.inner.removeEventListener(type, guarded as EventListener);
    }
  } satisfies new (
    channelName: string,
  ) => BroadcastChannelLike;
  return {
    Channel,
    crash: () => {
      crashed = true;
    },
    heal: () => {
      crashed = false;
    },
  };
}

function leaderCount(elections: { election: LeaderElection }[]): number {
  return elections.filter(({ election }) => election.isLeader()).length;
}

describe('createLeaderElection with Web Locks', () => {
  it('makes exactly one of three participants the leader, and hands over on stop', async () => {
    const locks = createMemoryLockManager();
    const env = { navigator: { locks }, BroadcastChannel: null };
    const tabs = [join(env), join(env), join(env)];
    await advanceTabs(0);
    expect(tabs.map(({ election }) => election.isLeader())).toEqual([true, false, false]);
    expect(tabs[0]?.election.mechanism()).toBe('locks');

    tabs[0]?.election.stop();
    expect(tabs[0]?.election.isLeader()).toBe(false);
    await advanceTabs(0);
    expect(tabs.map(({ election }) => election.isLeader())).toEqual([false, true, false]);
    expect(tabs[0]?.changes).toEqual([true, false]);
    expect(locks.waiting(name)).toBe(1);

    tabs[2]?.election.stop();
    await advanceTabs(0);
    expect(locks.waiting(name)).toBe(0);
    expect(tabs[1]?.election.isLeader()).toBe(true);
  });

  it('falls back to the BroadcastChannel protocol when the lock request fails', async () => {
    const failing: LockManagerLike = {
      request: () => Promise.reject(new DOMException('Opaque origin', 'SecurityError')),
    };
    const env = { navigator: { locks: failing } };
    const tabs = [join(env), join(env)];
    await advanceTabs(1_000);
    expect(leaderCount(tabs)).toBe(1);
    expect(tabs[0]?.election.mechanism()).toBe('broadcast');
  });
});

describe('createLeaderElection over BroadcastChannel (no Web Locks)', () => {
  it('elects exactly one leader among five and a new one when it resigns', async () => {
    const tabs = Array.from({ length: 5 }, () => join({ navigator: null }));
    await advanceTabs(1_000);
    expect(leaderCount(tabs)).toBe(1);
    expect(tabs[0]?.election.mechanism()).toBe('broadcast');
    // Stays stable over time: heartbeats keep the followers quiet.
    await advanceTabs(60_000);
    expect(leaderCount(tabs)).toBe(1);
    const before = tabs.findIndex(({ election }) => election.isLeader());

    tabs[before]?.election.stop();
    await advanceTabs(1_000);
    const rest = tabs.filter((_, i) => i !== before);
    expect(leaderCount(rest)).toBe(1);
  });

  it('lets a newcomer follow the existing leader', async () => {
    const first = join({ navigator: null });
    await advanceTabs(1_000);
    expect(first.election.isLeader()).toBe(true);
    const second = join({ navigator: null });
    await advanceTabs(30_000);
    expect(first.election.isLeader()).toBe(true);
    expect(second.election.isLeader()).toBe(false);
    expect(second.changes).toEqual([]);
  });

  it('replaces a leader that vanished without resigning once its lease runs out', async () => {
    const crashable = crashableChannel();
    const first = join({ navigator: null, BroadcastChannel: crashable.Channel });
    await advanceTabs(1_000);
    const others = [join({ navigator: null }), join({ navigator: null })];
    await advanceTabs(5_000);
    expect(first.election.isLeader()).toBe(true);
    expect(leaderCount(others)).toBe(0);

    crashable.crash();
    await advanceTabs(5_000);
    expect(leaderCount(others)).toBe(0);
    await advanceTabs(6_000);
    expect(leaderCount(others)).toBe(1);
  });

  it('resolves two leaders that could not hear each other to one', async () => {
    const a = crashableChannel();
    const b = crashableChannel();
    a.crash();
    b.crash();
    const tabs = [
      join({ navigator: null, BroadcastChannel: a.Channel }),
      join({ navigator: null, BroadcastChannel: b.Channel }),
    ];
    await advanceTabs(1_000);
    expect(leaderCount(tabs)).toBe(2);
    // The partition heals: each now hears the other's heartbeats.
    a.heal();
    b.heal();
    await advanceTabs(3_000);
    expect(leaderCount(tabs)).toBe(1);
    await advanceTabs(30_000);
    expect(leaderCount(tabs)).toBe(1);
  });
});

describe('createLeaderElection without Web Locks or BroadcastChannel', () => {
  it('leads alone at once', () => {
    const { election, changes } = join({ navigator: null, BroadcastChannel: null });
    expect(election.isLeader()).toBe(true);
    expect(election.mechanism()).toBe('single');
    expect(changes).toEqual([true]);
    election.stop();
    expect(changes).toEqual([true, false]);
  });

  it('rejects a lease that is not longer than the heartbeat', () => {
    expect(() => createLeaderElection({ name, heartbeatMs: 1_000, leaseMs: 1_000 })).toThrow(
      RangeError,
    );
  });
});
