import type { EmulatorClock } from './createManualClock';

/**
 * The verdict on one call counted by a {@link BurstLimiter}.
 */
export interface BurstVerdict {
  readonly allowed: boolean;
  readonly limit: number;
  /** Calls left in the current window, never negative. */
  readonly remaining: number;
  /** Whole seconds until the window reopens (at least 1). */
  readonly retryAfterSeconds: number;
}

/**
 * A fixed-window call counter per key: the service's auth burst limit, counted per
 * user name and vault DNS over one minute.
 */
export interface BurstLimiter {
  /**
   * Counts one call. A key not yet counted while the table is full of open windows is
   * refused (until the oldest closes) rather than let an open window be forgotten.
   */
  hit(key: string): BurstVerdict;
  /**
   * Takes back one call counted at clock time `hitAt`, if its window is still open: an
   * attempt counted while in flight that turned out not to count.
   */
  refund(key: string, hitAt: number): void;
  /** The verdict the next call would get, without counting one. */
  peek(key: string): BurstVerdict;
  /** Forgets windows that have closed. */
  sweep(): void;
  clear(): void;
}

/**
 * Creates a {@link BurstLimiter}.
 */
export function createBurstLimiter(options: {
  clock: EmulatorClock;
  limit: number;
  windowMs: number;
  /** Open windows kept at most; past it a new key waits for the oldest to close. Default 100 000. */
  maxKeys?: number;
}): BurstLimiter {
  const { clock, limit, windowMs } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  const windows = new Map<string, { start: number; count: number }>();

  function current(key: string, now: number): { start: number; count: number } {
    const window = windows.get(key);
    if (window && now < window.start + windowMs && now >= window.start) return window;
    return { start: now, count: 0 };
  }

  function verdict(
    window: { start: number; count: number },
    now: number,
    allowed: boolean,
  ): BurstVerdict {
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
    };
  }

  return {
    hit(key) {
      const now = clock.now();
      const window = current(key, now);
      if (windows.get(key) !== window) {
        windows.delete(key);
        // Windows are kept in the order they opened, so closed ones leave from the front; an
        // open one is never dropped to make room, or a spray of other keys would reset it.
        for (const [oldKey, old] of windows) {
          if (windows.size < maxKeys) break;
          if (now < old.start + windowMs && now >= old.start) {
            return verdict({ start: old.start, count: limit }, now, false);
          }
          windows.delete(oldKey);
        }
        windows.set(key, window);
      }
      window.count += 1;
      return verdict(window, now, window.count <= limit);
    },
    refund(key, hitAt) {
      const window = windows.get(key);
      if (window && window.count > 0 && hitAt >= window.start && hitAt < window.start + windowMs) {
        window.count -= 1;
      }
    },
    peek(key) {
      const now = clock.now();
      const window = current(key, now);
      return verdict(window, now, window.count < limit);
    },
    sweep() {
      const now = clock.now();
      for (const [key, window] of windows) {
        if (now >= window.start + windowMs) windows.delete(key);
      }
    },
    clear() {
      windows.clear();
    },
  };
}
