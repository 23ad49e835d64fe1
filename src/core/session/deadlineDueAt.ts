import { isLiveStatus, type SessionState } from './sessionReducer';
import type { SessionRecord } from './types';

/**
 * When a live session next changes on its own: the warning `warnBeforeMs` before the
 * deadline, then the deadline itself. `undefined` for a session that is not live.
 */
export function deadlineDueAt(state: SessionState, warnBeforeMs: number): number | undefined {
  const { record } = state;
  if (!record || !isLiveStatus(state.status)) return undefined;
  return state.status === 'expiring' ? record.deadline : record.deadline - warnBeforeMs;
}

/**
 * A record whose deadline is no later than its start plus `maxSessionMs`: a record from
 * storage or another tab never gets a later deadline than the cap allows.
 */
export function capSessionDeadline(record: SessionRecord, maxSessionMs: number): SessionRecord {
  const deadline = Math.min(record.deadline, record.startedAt + maxSessionMs);
  return deadline === record.deadline ? record : { ...record, deadline };
}
