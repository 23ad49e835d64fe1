import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeepAliveRun } from '../../../src/core/keepAlive/createKeepAliveRun';
import {
  deferKeepAliveRun,
  type KeepAliveRunLoader,
} from '../../../src/core/keepAlive/deferKeepAliveRun';
import type { KeepAliveRunFactory } from '../../../src/core/keepAlive/KeepAliveRun';
import { createSession } from '../../../src/core/session/createSession';
import type { SessionTimers } from '../../../src/core/session/types';
import type { VaultSession } from '../../../src/core/session/VaultSession';
import { OLIVIA, type SessionBackend, startSessionBackend } from './startSessionBackend';

// `SessionProvider`'s sessions fetch the keep-alive's code when they connect, and a sign-in
// never waits for it. These tests hold that fetch by hand; the session's timers are manual
// too, so nothing here depends on how fast the machine is.

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

function connectedSession(loadRun: KeepAliveRunLoader, timers: ManualTimers): VaultSession {
  session = createSession({
    client: backend.client,
    BroadcastChannel: null,
    timers,
    createRun: deferKeepAliveRun(loadRun),
  });
  disconnect = session.connect();
  return session;
}

describe('a sign-in while the keep-alive code is still on its way', () => {
  it('resolves once the user is signed in, and the keep-alive starts when the code arrives', async () => {
    let arrive: (value: KeepAliveRunFactory) => void = () => undefined;
    const code = new Promise<KeepAliveRunFactory>((resolve) => {
      arrive = resolve;
    });
    const timers = manualTimers();
    const vault = connectedSession(() => code, timers);

    await vault.manager.signIn(OLIVIA);
    expect(vault.manager.getSnapshot().status).toBe('active');
    expect(vault.keepAlive.getSnapshot().status).toBe('stopped');

    arrive(createKeepAliveRun);
    await expect.poll(() => vault.keepAlive.getSnapshot().status).toBe('scheduled');
  });

  it('resolves while the code never arrives, on no timer of the session', async () => {
    const timers = manualTimers();
    const vault = connectedSession(() => new Promise<KeepAliveRunFactory>(() => undefined), timers);

    await vault.manager.signIn(OLIVIA);
    expect(vault.manager.getSnapshot().status).toBe('active');
    expect(timers.fire(5_000)).toBe(0);
  });
});
