import type { VaultError } from '../errors';
import type {
  DelegationRecord,
  SessionEndReason,
  SessionRecord,
  SessionSnapshot,
  SessionStatus,
} from './types';

/**
 * The full state of one tab's session, session IDs included. Only the manager sees it; UIs
 * get the {@link SessionSnapshot} made from it by {@link toSessionSnapshot}.
 *
 * @example
 * ```ts
 * const state: SessionState = initialSessionState;
 * ```
 */
export interface SessionState {
  readonly status: SessionStatus;
  /** Present exactly when `status` is `active`, `delegated` or `expiring`. */
  readonly record: SessionRecord | undefined;
  readonly lastUsername: string | undefined;
  readonly endReason: SessionEndReason | undefined;
  readonly error: VaultError | undefined;
  readonly joining: boolean;
}

/**
 * Everything that can happen to a session. Time-dependent events carry the clock reading
 * and the warning window so the reducer stays pure.
 *
 * @example
 * ```ts
 * const event: SessionEvent = { type: 'clock-checked', now: Date.now(), warnBeforeMs: 300_000 };
 * ```
 */
export type SessionEvent =
  | { readonly type: 'sign-in-started'; readonly username: string }
  | { readonly type: 'sign-in-failed'; readonly error: VaultError }
  | { readonly type: 'sign-in-cancelled' }
  | {
      readonly type: 'session-established';
      readonly record: SessionRecord;
      readonly now: number;
      readonly warnBeforeMs: number;
    }
  | {
      readonly type: 'delegation-changed';
      readonly delegation: DelegationRecord | undefined;
      readonly now: number;
      readonly warnBeforeMs: number;
    }
  | { readonly type: 'clock-checked'; readonly now: number; readonly warnBeforeMs: number }
  | {
      readonly type: 'session-ended';
      readonly reason: SessionEndReason;
      /** The user asked to be forgotten: the user name kept for the next sign-in goes too. */
      readonly forget?: boolean | undefined;
    }
  | { readonly type: 'join-started' }
  | {
      readonly type: 'join-finished';
      /** Why the tab could not learn its session: a setup error the login form shows. */
      readonly error?: VaultError | undefined;
    };

/**
 * The state of a tab that has never signed in.
 *
 * @example
 * ```ts
 * let state = initialSessionState;
 * state = sessionReducer(state, { type: 'sign-in-started', username: 'olivia@sunrise.example' });
 * ```
 */
export const initialSessionState: SessionState = Object.freeze({
  status: 'signed-out',
  record: undefined,
  lastUsername: undefined,
  endReason: undefined,
  error: undefined,
  joining: false,
});

/**
 * The status a live session has at `now`: `expired` at or past its deadline, `expiring`
 * within `warnBeforeMs` of it, else `delegated` or `active`.
 *
 * @example
 * ```ts
 * liveStatus({ deadline: 10_000 }, 9_000, 5_000); // 'expiring'
 * ```
 */
export function liveStatus(
  record: Pick<SessionRecord, 'deadline' | 'delegation'>,
  now: number,
  warnBeforeMs: number,
): SessionStatus {
  if (now >= record.deadline) return 'expired';
  if (record.deadline - now <= warnBeforeMs) return 'expiring';
  return record.delegation ? 'delegated' : 'active';
}

/**
 * True for the statuses in which a session is held and may be used.
 *
 * @example
 * ```ts
 * isLiveStatus('expiring'); // true: the session still works until its deadline
 * isLiveStatus('expired'); // false
 * const canCallVault = isLiveStatus(manager.getSnapshot().status);
 * ```
 */
export function isLiveStatus(status: SessionStatus): boolean {
  return status === 'active' || status === 'delegated' || status === 'expiring';
}

/**
 * The session state machine: a pure `(state, event) => state`. An event that changes
 * nothing returns the very same state object, which keeps snapshots referentially stable.
 *
 * @example
 * ```ts
 * const signingIn = sessionReducer(initialSessionState, {
 *   type: 'sign-in-started',
 *   username: 'olivia@sunrise.example',
 * });
 * signingIn.status; // 'signing-in'
 * sessionReducer(signingIn, { type: 'join-started' }) === signingIn; // true: nothing changed
 * ```
 */
export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'sign-in-started':
      return freeze({
        status: 'signing-in',
        record: undefined,
        lastUsername: event.username,
        endReason: undefined,
        error: undefined,
        joining: false,
      });

    case 'sign-in-failed':
      if (state.status !== 'signing-in') return state;
      return freeze({ ...state, status: 'signed-out', error: event.error });

    case 'sign-in-cancelled':
      if (state.status !== 'signing-in') return state;
      return freeze({ ...state, status: 'signed-out' });

    case 'session-established': {
      const { record } = event;
      const status = liveStatus(record, event.now, event.warnBeforeMs);
      if (status === 'expired') {
        return freeze({
          status: 'expired',
          record: undefined,
          lastUsername: record.username,
          endReason: 'expired',
          error: undefined,
          joining: false,
        });
      }
      return freeze({
        status,
        record,
        lastUsername: record.username,
        endReason: undefined,
        error: undefined,
        joining: false,
      });
    }

    case 'delegation-changed': {
      if (!state.record || !isLiveStatus(state.status)) return state;
      const { delegation: _dropped, ...own } = state.record;
      const counted = { ...own, revision: (own.revision ?? 0) + 1 };
      const record: SessionRecord = event.delegation
        ? { ...counted, delegation: event.delegation }
        : counted;
      const status = liveStatus(record, event.now, event.warnBeforeMs);
      if (status === 'expired') return ended(state, 'expired');
      return freeze({ ...state, status, record });
    }

    case 'clock-checked': {
      if (!state.record || !isLiveStatus(state.status)) return state;
      const status = liveStatus(state.record, event.now, event.warnBeforeMs);
      if (status === state.status) return state;
      if (status === 'expired') return ended(state, 'expired');
      return freeze({ ...state, status });
    }

    case 'session-ended': {
      const local = event.reason === 'signed-out';
      // Without a session there is nothing for an expiry or another tab's sign-out to end;
      // a local sign-out also cancels a sign-in in flight.
      if (!state.record && !(local && state.status === 'signing-in')) return state;
      return ended(state, event.reason, event.forget);
    }

    case 'join-started':
      if (state.joining || state.record || state.status === 'signing-in') return state;
      return freeze({ ...state, joining: true });

    case 'join-finished':
      if (!state.joining) return state;
      return freeze({ ...state, joining: false, error: event.error });
  }
}

function ended(state: SessionState, reason: SessionEndReason, forget?: boolean): SessionState {
  // A lent session the service no longer knows was ended by the vault that lent it: decided
  // here, once, from the record that is about to go.
  const why = reason === 'invalid-session' && state.record?.lent ? 'vault-ended' : reason;
  const expired = why === 'expired' || why === 'invalid-session' || why === 'vault-ended';
  return freeze({
    status: expired ? 'expired' : 'ended',
    record: undefined,
    lastUsername: forget ? undefined : (state.record?.username ?? state.lastUsername),
    endReason: why,
    error: undefined,
    joining: false,
  });
}

function freeze(state: SessionState): SessionState {
  return Object.freeze(state);
}

/**
 * Builds the UI-facing snapshot: the state without any session ID, deeply frozen.
 *
 * @example
 * ```ts
 * const state = sessionReducer(initialSessionState, { type: 'session-ended', reason: 'signed-out' });
 * toSessionSnapshot(state); // { status: 'signed-out' }: without a session nothing has ended
 * ```
 */
export function toSessionSnapshot(state: SessionState): SessionSnapshot {
  const snapshot: {
    -readonly [K in keyof SessionSnapshot]: SessionSnapshot[K];
  } = { status: state.status };
  const { record } = state;
  if (record) {
    const vault = record.vaults.find((entry) => entry.id === record.vaultId);
    snapshot.user = Object.freeze({
      userId: record.userId,
      username: record.username,
      vaultId: record.vaultId,
      ...(vault ? { vault: Object.freeze({ ...vault }) } : {}),
      vaults: Object.freeze(record.vaults.map((entry) => Object.freeze({ ...entry }))),
    });
    if (record.delegation) {
      const { vaultId, vaultName, dns, delegatorUserId } = record.delegation;
      snapshot.delegation = Object.freeze({ vaultId, vaultName, dns, delegatorUserId });
      snapshot.vault = Object.freeze({ id: vaultId, name: vaultName, dns });
    } else {
      snapshot.vault = Object.freeze({
        id: record.vaultId,
        name: vault?.name ?? '',
        dns: record.dns ?? vault?.dns ?? '',
      });
    }
    snapshot.startedAt = record.startedAt;
    snapshot.deadline = record.deadline;
    if (record.renewal !== undefined) snapshot.renewal = record.renewal;
    if (record.lent) snapshot.lent = true;
  }
  if (state.lastUsername !== undefined) snapshot.lastUsername = state.lastUsername;
  if (state.endReason !== undefined) snapshot.endReason = state.endReason;
  if (state.error !== undefined) snapshot.error = state.error;
  if (state.joining) snapshot.joining = true;
  return Object.freeze(snapshot);
}
