import { isLiveStatus, type SessionState } from './sessionReducer';
import type { SessionRecord, SessionTimers } from './types';

/** Browsers run a longer setTimeout at once; the deadline check re-arms itself instead. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The one timer that moves a session to `expiring` and then `expired`.
 *
 * @example
 * ```ts
 * deadlineTimer.arm(deadlineDueAt(state, warnBeforeMs));
 * ```
 */
export interface DeadlineTimer {
  /** Replaces the pending timer with one due at `dueAt`; `undefined` leaves none. */
  arm(dueAt: number | undefined): void;
  clear(): void;
}

/**
 * Creates a {@link DeadlineTimer} that calls `onDue` when the time comes. A due time past
 * the longest delay browsers honour fires early, at that delay; `onDue` re-arms for the rest.
 *
 * @example
 * ```ts
 * const deadlineTimer = createDeadlineTimer(timers, () => Date.now(), checkDeadline);
 * ```
 */
export function createDeadlineTimer(
  timers: SessionTimers,
  now: () => number,
  onDue: () => void,
): DeadlineTimer {
  let handle: unknown;
  const clear = (): void => {
    if (handle !== undefined) {
      timers.clearTimeout(handle);
      handle = undefined;
    }
  };
  return {
    arm(dueAt) {
      clear();
      if (dueAt === undefined) return;
      const delay = Math.min(Math.max(dueAt - now(), 0), MAX_TIMER_MS);
      handle = timers.setTimeout(() => {
        handle = undefined;
        onDue();
      }, delay);
    },
    clear,
  };
}

/**
 * When a live session next changes on its own: the warning `warnBeforeMs` before the
 * deadline, then the deadline itself. `undefined` for a session that is not live.
 *
 * @example
 * ```ts
 * deadlineDueAt(state, 5 * 60_000); // record.deadline - 300000 while active
 * ```
 */
export function deadlineDueAt(state: SessionState, warnBeforeMs: number): number | undefined {
  const { record } = state;
  if (!record || !isLiveStatus(state.status)) return undefined;
  return state.status === 'expiring' ? record.deadline : record.deadline - warnBeforeMs;
}

/**
 * A record whose deadline is no later than its start plus `maxSessionMs`: a record from
 * storage or another tab never gets a later deadline than the cap allows.
 *
 * @example
 * ```ts
 * const capped = capSessionDeadline(stored, 48 * 60 * 60 * 1000);
 * ```
 */
export function capSessionDeadline(record: SessionRecord, maxSessionMs: number): SessionRecord {
  const deadline = Math.min(record.deadline, record.startedAt + maxSessionMs);
  return deadline === record.deadline ? record : { ...record, deadline };
}
