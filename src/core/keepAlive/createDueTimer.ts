import type { ResolvedKeepAliveEnvironment } from '../resolveEnvironment';

// A due time is re-checked at least this often: timers do not run during sleep and are
// throttled in background tabs, so a single long timer could fire far too late.
const MAX_TIMER_MS = 60_000;

/**
 * The scheduler's one timer: armed for the next due time, never for more than a minute.
 *
 * @example
 * ```ts
 * const due: DueTimer = createDueTimer(env, evaluate);
 * due.arm(nextDueAt, env.now());
 * ```
 */
export interface DueTimer {
  /** Replaces any armed time: `onDue` runs at `at`, or within a minute to look again. */
  arm(at: number, now: number): void;
  clear(): void;
}

/**
 * Creates the {@link DueTimer} of a keep-alive run, on the run's environment's timers.
 *
 * @example
 * ```ts
 * const due = createDueTimer(env, () => evaluate());
 * due.arm(Date.now() + 5 * 60_000, Date.now()); // fires after 1 minute, then is re-armed
 * due.clear();
 * ```
 */
export function createDueTimer(
  env: Pick<ResolvedKeepAliveEnvironment, 'setTimeout' | 'clearTimeout'>,
  onDue: () => void,
): DueTimer {
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
