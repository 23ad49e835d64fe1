import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ServedFetch, serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import { VaultApiError, type VaultError } from '../../../src/core/errors';
import { createKeepAlive } from '../../../src/core/keepAlive/createKeepAlive';
import type { KeepAlive } from '../../../src/core/keepAlive/KeepAlive';
import type { KeepAliveOptions } from '../../../src/core/keepAlive/KeepAliveOptions';
import { createManualClock, type ManualClock } from '../../../src/emulator/createManualClock';
import { createVaultEmulator } from '../../../src/emulator/createVaultEmulator';
import type { EmulatorEvent } from '../../../src/emulator/EmulatorEvent';
import { token, tokenIdOf } from '../../support/sessionReferences';
import { createManualScheduler, type ManualScheduler } from './support/createManualScheduler';

// The scheduler against the reference service over real loopback HTTP. Time is the
// emulator's manual clock, shared with the scheduler through injected timers; nothing
// global is faked, so sockets and fetch run normally.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Rig {
  clock: ManualClock;
  scheduler: ManualScheduler;
  keepAliveCalls: number[];
  events: EmulatorEvent[];
  sessionCount(): number;
  loginAt: number;
  sessionId: string;
  client: ReturnType<typeof createVaultClient>;
  server: ServedFetch;
}

let rig: Rig;
let keepAlive: KeepAlive | undefined;

async function startRig(emulatorIdleMs: number): Promise<Rig> {
  const clock = createManualClock(Date.UTC(2030, 2, 4, 8, 0, 0));
  const events: EmulatorEvent[] = [];
  const keepAliveCalls: number[] = [];
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    clock,
    passwordHashIterations: 1_000,
    idleTimeoutMs: emulatorIdleMs,
    onEvent: (event) => events.push(event),
  });
  const server = await serveFetch((request) => {
    if (new URL(request.url).pathname.endsWith('/keep-alive')) keepAliveCalls.push(clock.now());
    return emulator.fetch(request);
  });
  const client = createVaultClient({ baseUrl: server.url });
  const loginAt = clock.now();
  const sessionId = tokenIdOf(
    (
      await client.login({
        username: 'olivia@sunrise.example',
        password: 'Sunrise-Demo-1',
      })
    ).session,
  );
  return {
    clock,
    scheduler: createManualScheduler(clock),
    keepAliveCalls,
    events,
    sessionCount: () => emulator.sessionCount(),
    loginAt,
    sessionId,
    client,
    server,
  };
}

function startKeepAlive(options: Partial<KeepAliveOptions> & Pick<KeepAliveOptions, 'deadline'>): {
  keepAlive: KeepAlive;
  window: EventTarget;
  invalid: VaultError[];
} {
  const window = new EventTarget();
  const invalid: VaultError[] = [];
  keepAlive = createKeepAlive({
    send: (signal) => rig.client.keepAlive(token(rig.sessionId), { signal }),
    onSessionInvalid: (error) => invalid.push(error),
    ...options,
    environment: {
      now: () => rig.clock.now(),
      ...rig.scheduler.timers,
      window,
      document: null,
      navigator: { onLine: true },
      BroadcastChannel: null,
    },
  });
  keepAlive.start();
  return { keepAlive, window, invalid };
}

// Lets a keep-alive started by a timer or an input finish over the real socket.
async function settle(): Promise<void> {
  const current = keepAlive;
  if (current?.getSnapshot().status !== 'sending') return;
  await vi.waitFor(() => expect(current.getSnapshot().status).not.toBe('sending'), {
    timeout: 5_000,
    interval: 2,
  });
}

async function userActs(window: EventTarget): Promise<void> {
  window.dispatchEvent(new Event('keydown'));
  await settle();
}

afterEach(async () => {
  keepAlive?.destroy();
  keepAlive = undefined;
  await rig.server.close();
});

describe('keep-alive against the emulator (SES-05)', () => {
  beforeEach(async () => {
    rig = await startRig(30 * MINUTE);
  });

  it('keeps an active user signed in past the idle timeout; idleness then ends the session', async () => {
    const { window, invalid } = startKeepAlive({ deadline: () => rig.loginAt + 48 * HOUR });
    for (let minute = 0; minute < 60; minute++) {
      await userActs(window);
      await rig.scheduler.advance(MINUTE, settle);
    }
    expect(rig.keepAliveCalls.map((at) => (at - rig.loginAt) / MINUTE)).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60,
    ]);
    // An hour in, twice the idle timeout, and the service still knows the session.
    expect(rig.sessionCount()).toBe(1);
    expect(keepAlive?.getSnapshot()).toMatchObject({
      status: 'scheduled',
      lastSentAt: rig.loginAt + 60 * MINUTE,
      consecutiveFailures: 0,
    });

    // The user walks away: no keep-alive at all, and the service's idle timeout strikes.
    await rig.scheduler.advance(45 * MINUTE, settle);
    expect(rig.keepAliveCalls).toHaveLength(12);
    expect(rig.sessionCount()).toBe(0);
    expect(invalid).toHaveLength(0);

    // Back at the keyboard: the overdue keep-alive goes out and learns the session is gone.
    await userActs(window);
    expect(rig.keepAliveCalls).toHaveLength(13);
    expect(invalid).toHaveLength(1);
    expect(invalid[0]).toBeInstanceOf(VaultApiError);
    expect((invalid[0] as VaultApiError).type).toBe('INVALID_SESSION_ID');
    expect(keepAlive?.getSnapshot().status).toBe('stopped');
    expect(rig.events).toContainEqual(expect.objectContaining({ reason: 'idle_timeout' }));
  });
});

describe('keep-alive against the emulator: the 48-hour cap (SES-04, SES-06)', () => {
  beforeEach(async () => {
    rig = await startRig(8 * HOUR);
  });

  it('stops for good when the service answers INVALID_SESSION_ID after 48 hours', async () => {
    // The local deadline is unknown here (as after a clock mix-up): the service decides.
    const { window, invalid } = startKeepAlive({
      deadline: () => undefined,
      intervalMs: 4 * HOUR,
      idleTimeoutMs: 8 * HOUR,
    });
    for (let hour = 0; hour < 52; hour++) {
      await userActs(window);
      await rig.scheduler.advance(HOUR, settle);
    }
    const hours = rig.keepAliveCalls.map((at) => (at - rig.loginAt) / HOUR);
    expect(hours).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(invalid).toHaveLength(1);
    expect((invalid[0] as VaultApiError).type).toBe('INVALID_SESSION_ID');
    expect(rig.events).toContainEqual(expect.objectContaining({ reason: 'absolute_timeout' }));
    expect(keepAlive?.getSnapshot()).toMatchObject({ status: 'stopped', isLeader: false });

    // No retry, no further request, however active the user is.
    for (let hour = 0; hour < 12; hour++) {
      await userActs(window);
      window.dispatchEvent(new Event('focus'));
      await rig.scheduler.advance(HOUR, settle);
    }
    expect(rig.keepAliveCalls).toHaveLength(12);
    expect(invalid).toHaveLength(1);
  });

  it('with the local deadline known, sends nothing at or after it', async () => {
    const { window, invalid } = startKeepAlive({
      deadline: () => rig.loginAt + 48 * HOUR,
      intervalMs: 4 * HOUR,
      idleTimeoutMs: 8 * HOUR,
    });
    for (let hour = 0; hour < 52; hour++) {
      await userActs(window);
      await rig.scheduler.advance(HOUR, settle);
    }
    const hours = rig.keepAliveCalls.map((at) => (at - rig.loginAt) / HOUR);
    expect(hours).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44]);
    expect(invalid).toHaveLength(0);
    expect(keepAlive?.getSnapshot()).toMatchObject({ status: 'idle', nextDueAt: undefined });
  });
});
