import type { ManualClock } from '../../../../src/emulator/createManualClock';

/**
 * Timers on the emulator's manual clock, so that a test can cross hours while the HTTP
 * traffic underneath runs for real (no global timer is faked).
 *
 * @example
 * ```ts
 * const scheduler = createManualScheduler(clock);
 * createKeepAlive({ ..., environment: { now: clock.now, ...scheduler.timers } });
 * await scheduler.advance(60 * 60_000, settle);
 * ```
 */
export interface ManualScheduler {
  readonly timers: {
    setTimeout(callback: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  /**
   * Moves the clock forward by `ms`, firing due timers in time order; after each one,
   * awaits `settle` (e.g. until a request it started has been answered).
   */
  advance(ms: number, settle?: () => Promise<void>): Promise<void>;
}

/**
 * Creates a {@link ManualScheduler} driven by `clock`.
 *
 * @example
 * ```ts
 * const scheduler = createManualScheduler(createManualClock());
 * ```
 */
export function createManualScheduler(clock: ManualClock): ManualScheduler {
  let nextId = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  return {
    timers: {
      setTimeout(callback, ms) {
        const id = nextId++;
        pending.set(id, { at: clock.now() + Math.max(0, ms), run: callback });
        return id;
      },
      clearTimeout(handle) {
        if (typeof handle === 'number') pending.delete(handle);
      },
    },
    async advance(ms, settle = async () => {}) {
      const target = clock.now() + ms;
      for (;;) {
        let nextKey: number | undefined;
        let nextAt = Number.POSITIVE_INFINITY;
        for (const [id, timer] of pending) {
          if (timer.at <= target && timer.at < nextAt) {
            nextKey = id;
            nextAt = timer.at;
          }
        }
        const timer = nextKey === undefined ? undefined : pending.get(nextKey);
        if (nextKey === undefined || !timer) break;
        pending.delete(nextKey);
        if (timer.at > clock.now()) clock.set(timer.at);
        timer.run();
        await settle();
      }
      clock.set(target);
    },
  };
}
