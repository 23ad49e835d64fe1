import type { EmulatorClock } from '../../src/emulator';

/**
 * The time of one story: the wall clock plus an offset that only grows. Countdowns keep
 * ticking in real time, and {@link StoryClock.advance} skips hours at once, so a story
 * reaches the end of a 48-hour session without waiting for it.
 *
 * @example
 * ```ts
 * const clock: StoryClock = createStoryClock();
 * clock.advance(60_000);
 * clock.now() - Date.now(); // about 60000
 * ```
 */
export interface StoryClock extends EmulatorClock {
  /** Moves this story's time forward by `ms`. */
  advance(ms: number): void;
}

/**
 * Creates a {@link StoryClock} that starts at the wall time.
 *
 * @example
 * ```ts
 * const clock = createStoryClock();
 * const emulator = createVaultEmulator({ clock });
 * ```
 */
export function createStoryClock(): StoryClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(`A story clock only moves forward, by a finite amount; got ${ms}.`);
      }
      offset += ms;
    },
  };
}
