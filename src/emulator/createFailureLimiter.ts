import type { EmulatorClock } from './createManualClock';

/**
 * Counts consecutive failed logins per account name and locks the name for a while after
 * too many (THR-01, THR-02). Names that match no user are counted the same way, so a lock
 * tells nothing about whether an account exists. Each further lock of the same name lasts
 * twice as long as the one before (up to a day), until a successful login or a day
 * without a lock.
 */
export interface FailureLimiter {
  /** End of the current lock for `key`, or `undefined` when it may try again. */
  lockedUntil(key: string): number | undefined;
  /**
   * Whether a login for `key` may be tried at all: always for a name already tracked (its
   * failures or lock are kept), and for a new name only while the table has room. A full
   * table never makes room by forgetting a name's failures or lock.
   */
  admits(key: string): boolean;
  /** Counts a failure; returns the end of the lock it started, if it started one. */
  recordFailure(key: string): number | undefined;
  /** A success forgets earlier failures and earlier locks. */
  recordSuccess(key: string): void;
  /** Forgets failures and locks (and their history) that no longer matter. */
  sweep(): void;
  clear(): void;
}

const DAY = 24 * 60 * 60_000;
/** Longest single lock, however often a name was locked before. */
const MAX_LOCK_MS = DAY;
/** How long after its last lock ended a name's lock history is kept. */
const LOCK_MEMORY_MS = DAY;
/** How long after its last failure a name's failure count is kept. */
const FAILURE_MEMORY_MS = DAY;

/**
 * Creates a {@link FailureLimiter}. The lock lifts by itself and the count starts again
 * from zero; the n-th lock in a row lasts `durationMs * 2^(n-1)`, at most a day.
 *
 * Memory stays bounded without ever unlocking a name: at most `maxTrackedNames` names
 * with failures or a lock are kept, and an entry leaves only by a successful login or by
 * expiring (a failure count a day after the name's last failure, a lock a day after it
 * ends). While the table is full, {@link FailureLimiter.admits} refuses names it does not
 * already track, so spraying new names can neither evict a name's failures nor win
 * untracked guesses. (Concurrent first failures of new names may overshoot the cap by the
 * number of logins in flight.)
 */
export function createFailureLimiter(options: {
  clock: EmulatorClock;
  maxFailures: number;
  durationMs: number;
  /** Names with failures or a lock kept at most. Default 100 000. */
  maxTrackedNames?: number;
}): FailureLimiter {
  const { clock, maxFailures, durationMs } = options;
  const maxTrackedNames = options.maxTrackedNames ?? 100_000;
  /** Consecutive failures of names that are not locked, by time of the last failure. */
  const counters = new Map<string, { failures: number; last: number }>();
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

  function liveCount(key: string): number {
    const counter = counters.get(key);
    if (!counter) return 0;
    if (clock.now() >= counter.last + FAILURE_MEMORY_MS) {
      counters.delete(key);
      return 0;
    }
    return counter.failures;
  }

  /** Counters are kept in order of their last failure, so expired ones sit at the front. */
  function dropExpiredCounters(): void {
    const now = clock.now();
    for (const [key, counter] of counters) {
      if (now < counter.last + FAILURE_MEMORY_MS) break;
      counters.delete(key);
    }
  }

  return {
    lockedUntil(key) {
      const lock = activeLock(key);
      return lock && clock.now() < lock.until ? lock.until : undefined;
    },
    admits(key) {
      if (counters.has(key) || locks.has(key)) return true;
      if (counters.size + locks.size < maxTrackedNames) return true;
      dropExpiredCounters();
      return counters.size + locks.size < maxTrackedNames;
    },
    recordFailure(key) {
      const failures = liveCount(key) + 1;
      counters.delete(key);
      if (failures < maxFailures) {
        counters.set(key, { failures, last: clock.now() });
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
      dropExpiredCounters();
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
