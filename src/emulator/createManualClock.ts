/**
 * The emulator's source of time, in epoch milliseconds. Every expiry, lock and rate-limit
 * window reads it, so a test can cross 48 hours without waiting.
 *
 * @example
 * ```ts
 * const clock: EmulatorClock = { now: () => Date.now() };
 * ```
 */
export interface EmulatorClock {
  now(): number;
}

/**
 * A clock that only moves when told to.
 *
 * @example
 * ```ts
 * const clock: ManualClock = createManualClock(0);
 * clock.advance(60_000);
 * clock.now(); // 60000
 * ```
 */
export interface ManualClock extends EmulatorClock {
  /** Jumps to an absolute time (epoch ms). */
  set(ms: number): void;
  /** Moves forward (or back, with a negative value) by `ms`. */
  advance(ms: number): void;
}

/**
 * The wall clock, used when no clock is injected.
 *
 * @example
 * ```ts
 * createVaultEmulator({ clock: systemClock });
 * ```
 */
export const systemClock: EmulatorClock = { now: () => Date.now() };

/**
 * Creates a {@link ManualClock} starting at `startMs` (default: the current wall time, so
 * that token expiry times from a real identity provider still make sense).
 *
 * @example
 * ```ts
 * const clock = createManualClock();
 * const emulator = createVaultEmulator({ clock });
 * clock.advance(48 * 60 * 60 * 1000);
 * ```
 */
export function createManualClock(startMs: number = Date.now()): ManualClock {
  assertFinite(startMs);
  let current = startMs;
  return {
    now: () => current,
    set(ms) {
      assertFinite(ms);
      current = ms;
    },
    advance(ms) {
      assertFinite(ms);
      current += ms;
    },
  };
}

function assertFinite(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError(`Clock time must be a finite number, got ${ms}.`);
}
