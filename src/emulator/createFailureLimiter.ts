import type { EmulatorClock } from './createManualClock';

/**
 * Counts consecutive failed logins per account name and locks the name for a while after
 * too many (THR-01, THR-02). Names that match no user are counted the same way, so a lock
 * tells nothing about whether an account exists.
 *
 * @example
 * ```ts
 * const limiter = createFailureLimiter({ clock, maxFailures: 5, durationMs: 15 * 60_000 });
 * if (limiter.lockedUntil('olivia@sunrise.example') === undefined) tryPassword();
 * ```
 */
export interface FailureLimiter {
  /** End of the current lock for `key`, or `undefined` when it may try again. */
  lockedUntil(key: string): number | undefined;
  /** Counts a failure; returns the end of the lock it started, if it started one. */
  recordFailure(key: string): number | undefined;
  /** A success forgets earlier failures. */
  recordSuccess(key: string): void;
  clear(): void;
}

/** Bounds memory when someone sprays random names; the oldest counters go first. */
const MAX_TRACKED_NAMES = 100_000;

/**
 * Creates a {@link FailureLimiter}. The lock lifts by itself after `durationMs` and the
 * count starts again from zero.
 *
 * @example
 * ```ts
 * const limiter = createFailureLimiter({ clock: systemClock, maxFailures: 5, durationMs: 900_000 });
 * ```
 */
export function createFailureLimiter(options: {
  clock: EmulatorClock;
  maxFailures: number;
  durationMs: number;
}): FailureLimiter {
  const { clock, maxFailures, durationMs } = options;
  const entries = new Map<string, { failures: number; lockedUntil: number | undefined }>();

  function lockedUntil(key: string): number | undefined {
    const entry = entries.get(key);
    if (entry?.lockedUntil === undefined) return undefined;
    if (clock.now() < entry.lockedUntil) return entry.lockedUntil;
    entries.delete(key);
    return undefined;
  }

  return {
    lockedUntil,
    recordFailure(key) {
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= MAX_TRACKED_NAMES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entry = { failures: 0, lockedUntil: undefined };
        entries.set(key, entry);
      }
      entry.failures += 1;
      if (entry.failures < maxFailures) return undefined;
      entry.failures = 0;
      entry.lockedUntil = clock.now() + durationMs;
      return entry.lockedUntil;
    },
    recordSuccess(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
