import type { SessionTimers } from './session/types';

// A due time is re-checked at least this often: timers do not run during sleep and are
// throttled in background tabs, so a single long timer could fire far too late (and
// browsers run one longer than 2^31 - 1 ms at once).
const MAX_TIMER_MS = 60_000;

/**
 * A timer armed for the next due time, never for more than a minute: the keep-alive's
 * schedule and the session's deadline each run on one.
 */
export interface DueTimer {
  /** Replaces any armed time: `onDue` runs at `at`, or within a minute to look again. */
  arm(at: number, now: number): void;
  clear(): void;
}

/**
 * Creates a {@link DueTimer} on the given timers (a session's, or its keep-alive's).
 * `onDue` runs when the time has come or a minute has passed, and looks at the clock.
 */
export function createDueTimer(env: SessionTimers, onDue: () => void): DueTimer {
  let timer: unknown;
  const clear = (): void => {
    if (timer !== undefined) env.clearTimeout(timer);
    timer = undefined;
  };
  return {
    clear,
    arm(at, now) {
      clear();
      timer = env.setTimeout(
        () => {
          timer = undefined;
          onDue();
        },
        Math.min(Math.max(0, at - now), MAX_TIMER_MS),
      );
    },
  };
}
