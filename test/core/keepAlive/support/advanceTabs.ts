import { vi } from 'vitest';

/**
 * Advances the fake clock, then lets real BroadcastChannel messages that the last timers
 * posted arrive: Node delivers them on its event loop, which fake timers do not drive.
 * Needs `setImmediate` left unfaked.
 *
 * @example
 * ```ts
 * vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
 * await advanceTabs(1_000);
 * ```
 */
export async function advanceTabs(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  // A delivered message can trigger an answer (a heartbeat, a state reply); a few turns
  // let such short exchanges finish.
  for (let turn = 0; turn < 5; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}
