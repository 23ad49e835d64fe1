import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeepAliveRun } from '../../../src/core/keepAlive/createKeepAliveRun';
import { createSession } from '../../../src/core/session/createSession';
import type { SessionTimers } from '../../../src/core/session/types';
import type { VaultSession } from '../../../src/core/session/VaultSession';
import { OLIVIA, type SessionBackend, startSessionBackend } from './startSessionBackend';

// `SessionProvider`'s sessions fetch the keep-alive's code when they connect, and a sign-in
// waits for it. These tests hold that fetch by hand; the session's timers are manual too,
// so nothing here depends on how fast the machine is.

interface ManualTimers extends SessionTimers {
  /** Runs every pending timer of exactly `ms`, as if that much time had passed. */
  fire(ms: number): number;
}

function manualTimers(): ManualTimers {
  let next = 0;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  return {
    setTimeout(callback, ms) {
      next += 1;
      pending.set(next, { callback, ms });
      return next;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    fire(ms) {
      const due = [...pending].filter(([, timer]) => timer.ms === ms);
      for (const [handle, timer] of due) {
        pending.delete(handle);
        timer.callback();
      }
      return due.length;
    },
  };
}

let backend: SessionBackend;
let session: VaultSession | undefined;
let disconnect: (() => void) | undefined;

beforeEach(async () => {
  backend = await startSessionBackend();
});

afterEach(async () => {
  disconnect?.();
  session?.destroy();
  session = undefined;
  await backend.close();
});

function connectedSession(loadCode: () => Promise<unknown>, timers: ManualTimers): VaultSession {
  session = createSession(
    { client: backend.client, BroadcastChannel: null, timers },
    createKeepAliveRun,
    loadCode,
  );
  disconnect = session.connect();
  return session;
}

function tracked(promise: Promise<unknown>): { settled(): boolean } {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return { settled: () => settled };
}

describe('a sign-in while the keep-alive code is still on its way', () => {
  it('shows the user signed in at once and resolves once the code arrives', async () => {
    let arrive: (value: unknown) => void = () => undefined;
    const code = new Promise((resolve) => {
      arrive = resolve;
    });
    const timers = manualTimers();
    const vault = connectedSession(() => code, timers);

    const signIn = tracked(vault.manager.signIn(OLIVIA));
    await expect.poll(() => vault.manager.getSnapshot().status).toBe('active');
    expect(signIn.settled()).toBe(false);

    arrive(undefined);
    await expect.poll(signIn.settled).toBe(true);
  });

  it('resolves after 5 s on the session timers when the code never arrives', async () => {
    const timers = manualTimers();
    const vault = connectedSession(() => new Promise(() => undefined), timers);

    const signIn = tracked(vault.manager.signIn(OLIVIA));
    await expect.poll(() => vault.manager.getSnapshot().status).toBe('active');
    expect(signIn.settled()).toBe(false);

    expect(timers.fire(5_000)).toBe(1);
    await expect.poll(signIn.settled).toBe(true);
    expect(vault.manager.getSnapshot().status).toBe('active');
  });
});
