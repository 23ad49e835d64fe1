import type { EmulatorClock } from './createManualClock';

/**
 * Counts consecutive failed logins per account name and locks the name for a while after
 * too many (THR-01, THR-02). Names that match no user are counted the same way, so a lock
 * tells nothing about whether an account exists. Each further lock of the same name lasts
 * twice as long as the one before (up to a day), until a successful login or a day
 * without a lock.
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
  /** A success forgets earlier failures and earlier locks. */
  recordSuccess(key: string): void;
  /** Forgets locks (and their history) that no longer matter. */
  sweep(): void;
  clear(): void;
}

const DAY = 24 * 60 * 60_000;
/** Longest single lock, however often a name was locked before. */
const MAX_LOCK_MS = DAY;
/** How long after its last lock ended a name's lock history is kept. */
const LOCK_MEMORY_MS = DAY;

/**
 * Creates a {@link FailureLimiter}. The lock lifts by itself and the count starts again
 * from zero; the n-th lock in a row lasts `durationMs * 2^(n-1)`, at most a day.
 *
 * Memory stays bounded without ever forgetting a lock: failure counters of names that are
 * not locked are capped at `maxTrackedNames` (the oldest counter goes first), while locks
 * leave only by expiring, and every lock costs `maxFailures` refused logins to make.
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
  /** Failure counters kept for names that are not locked. Default 100 000. */
  maxTrackedNames?: number;
}): FailureLimiter {
  const { clock, maxFailures, durationMs } = options;
  const maxTrackedNames = options.maxTrackedNames ?? 100_000;
  /** Consecutive failures of names that are not locked, oldest first. */
  const counters = new Map<string, number>();
  /** Names locked now, or locked recently enough that the next lock must be longer. */
  const locks = new Map<string, { until: number; strikes: number }>();

  function activeLock(key: string): { until: number; strikes: number } | undefined {
    const lock = locks.get(key);
    if (!lock) return undefined;
    if (clock.now() >= lock.until + LOCK_MEMORY_MS) {
      locks.delete(key);
      return undefined;
    }
    return lock;
  }

  return {
    lockedUntil(key) {
      const lock = activeLock(key);
      return lock && clock.now() < lock.until ? lock.until : undefined;
    },
    recordFailure(key) {
      const failures = (counters.get(key) ?? 0) + 1;
      counters.delete(key);
      if (failures < maxFailures) {
        if (counters.size >= maxTrackedNames) {
          const oldest = counters.keys().next();
          if (!oldest.done) counters.delete(oldest.value);
        }
        counters.set(key, failures);
        return undefined;
      }
      const strikes = (activeLock(key)?.strikes ?? 0) + 1;
      const until = clock.now() + Math.min(durationMs * 2 ** (strikes - 1), MAX_LOCK_MS);
      locks.set(key, { until, strikes });
      return until;
    },
    recordSuccess(key) {
      counters.delete(key);
      locks.delete(key);
    },
    sweep() {
      const now = clock.now();
      for (const [key, lock] of locks) {
        if (now >= lock.until + LOCK_MEMORY_MS) locks.delete(key);
      }
    },
    clear() {
      counters.clear();
      locks.clear();
    },
  };
}
