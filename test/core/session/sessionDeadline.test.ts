import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../../src/core/client/types';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import type { SessionManager } from '../../../src/core/session/SessionManager';
import type { SessionClient } from '../../../src/core/session/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2026-03-02T08:00:00Z');

// These tests drive time only; no call reaches a service, so every client method refuses.
const unreachable = (): Promise<never> => Promise.reject(new Error('no service in this test'));
const offlineClient: SessionClient = {
  login: unreachable,
  loginDelegated: unreachable,
  endSession: unreachable,
  getDelegations: unreachable,
};

const result: AuthResult = {
  session: { kind: 'token', id: 'Q2xvY2tUZXN0U2Vzc2lvbklkMDEyMzQ1Njc4OWFi' },
  userId: '61001',
  vaultId: 1001,
  vaults: [
    {
      id: 1001,
      name: 'Sunrise PromoMats',
      url: 'https://promomats.sunrise.example/api',
      dns: 'promomats.sunrise.example',
    },
  ],
  vault: undefined,
};

let session: SessionManager | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  session?.destroy();
  session = undefined;
  vi.useRealTimers();
});

function start(options: { warnBeforeMs?: number } = {}): SessionManager {
  session = createSessionManager({ client: offlineClient, BroadcastChannel: null, ...options });
  session.establish(result, { username: 'olivia@sunrise.example', startedAt: Date.now() });
  return session;
}

describe('the 48-hour deadline', () => {
  it('warns five minutes before the cap and expires at it, by timer', () => {
    const manager = start();
    expect(manager.getSnapshot()).toMatchObject({ status: 'active', deadline: T0 + 48 * HOUR });
    vi.advanceTimersByTime(48 * HOUR - 5 * MINUTE - 1);
    expect(manager.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(1);
    expect(manager.getSnapshot().status).toBe('expiring');
    expect(manager.getSession()).toEqual(result.session);
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(manager.getSnapshot().status).toBe('expiring');
    vi.advanceTimersByTime(1);
    expect(manager.getSnapshot()).toMatchObject({
      status: 'expired',
      endReason: 'expired',
      lastUsername: 'olivia@sunrise.example',
    });
    expect(manager.getSession()).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('catches up within a minute of waking from a sleep that passed the cap, without a focus event', () => {
    const manager = start();
    vi.advanceTimersByTime(HOUR);
    // Asleep: the clock moves on and no timer runs.
    vi.setSystemTime(T0 + 49 * HOUR);
    expect(manager.getSnapshot().status).toBe('active');
    vi.advanceTimersByTime(MINUTE);
    expect(manager.getSnapshot()).toMatchObject({ status: 'expired', endReason: 'expired' });
  });

  it('honours a custom warning window', () => {
    const manager = start({ warnBeforeMs: 30 * MINUTE });
    vi.advanceTimersByTime(47 * HOUR + 30 * MINUTE);
    expect(manager.getSnapshot().status).toBe('expiring');
  });

  it('catches up after a clock jump (sleep) when checkDeadline runs (B7)', () => {
    const manager = start();
    // The laptop sleeps for three days: the wall clock jumps, no timer fires.
    vi.setSystemTime(T0 + 72 * HOUR);
    expect(manager.getSnapshot().status).toBe('active');
    manager.checkDeadline();
    expect(manager.getSnapshot()).toMatchObject({ status: 'expired', endReason: 'expired' });
    expect(manager.getSession()).toBeUndefined();
  });

  it('moves to expiring on a jump into the warning window, then expires by timer', () => {
    const manager = start();
    vi.setSystemTime(T0 + 48 * HOUR - 2 * MINUTE);
    manager.checkDeadline();
    expect(manager.getSnapshot().status).toBe('expiring');
    vi.advanceTimersByTime(2 * MINUTE);
    expect(manager.getSnapshot().status).toBe('expired');
  });

  it('expires a session whose timer fired late (a throttled background tab)', () => {
    const manager = start();
    vi.setSystemTime(T0 + 49 * HOUR);
    // The pending timer fires now, long after its due time, and reads the clock.
    vi.advanceTimersByTime(48 * HOUR);
    expect(manager.getSnapshot().status).toBe('expired');
  });

  it('establishes a login sent more than 48 hours ago as expired', () => {
    session = createSessionManager({ client: offlineClient, BroadcastChannel: null });
    session.establish(result, {
      username: 'olivia@sunrise.example',
      startedAt: T0 - 48 * HOUR,
    });
    expect(session.getSnapshot()).toMatchObject({ status: 'expired', endReason: 'expired' });
    expect(session.getSession()).toBeUndefined();
  });

  it('works with an injected clock and timers instead of fake globals', () => {
    vi.useRealTimers();
    let clock = T0;
    const pending = new Map<number, { due: number; callback: () => void }>();
    let nextHandle = 1;
    session = createSessionManager({
      client: offlineClient,
      BroadcastChannel: null,
      now: () => clock,
      timers: {
        setTimeout: (callback, ms) => {
          pending.set(nextHandle, { due: clock + ms, callback });
          return nextHandle++;
        },
        clearTimeout: (handle) => {
          pending.delete(handle as number);
        },
      },
    });
    session.establish(result, { username: 'olivia@sunrise.example', startedAt: clock });
    const runDue = (): void => {
      for (const [handle, timer] of [...pending]) {
        if (timer.due <= clock) {
          pending.delete(handle);
          timer.callback();
        }
      }
    };
    clock = T0 + 48 * HOUR - 5 * MINUTE;
    runDue();
    expect(session.getSnapshot().status).toBe('expiring');
    clock = T0 + 48 * HOUR;
    runDue();
    expect(session.getSnapshot().status).toBe('expired');
    expect(pending.size).toBe(0);
  });
});
