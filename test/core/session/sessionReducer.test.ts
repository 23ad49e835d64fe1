import { describe, expect, it } from 'vitest';
import { VaultApiError, VaultNetworkError } from '../../../src/core/errors';
import {
  initialSessionState,
  type SessionEvent,
  type SessionState,
  sessionReducer,
  toSessionSnapshot,
} from '../../../src/core/session/sessionReducer';
import type { DelegationRecord, SessionRecord } from '../../../src/core/session/types';

const HOUR = 3_600_000;
const WARN = 5 * 60_000;
const T0 = Date.parse('2026-03-02T08:00:00Z');
const OWN_ID = 'own-session-id-0123456789abcdef';
const DELEGATED_ID = 'delegated-session-id-0123456789';

const record: SessionRecord = {
  v: 1,
  key: 'key-1',
  session: { kind: 'token', id: OWN_ID },
  userId: '61001',
  username: 'olivia@sunrise.example',
  vaultId: 1001,
  vaults: [
    {
      id: 1001,
      name: 'Sunrise PromoMats',
      url: 'https://promomats.sunrise.example/api',
      dns: 'promomats.sunrise.example',
    },
    {
      id: 1002,
      name: 'Sunrise QualityDocs',
      url: 'https://quality.sunrise.example/api',
      dns: 'quality.sunrise.example',
    },
  ],
  startedAt: T0,
  deadline: T0 + 48 * HOUR,
};

const delegation: DelegationRecord = {
  session: { kind: 'token', id: DELEGATED_ID },
  vaultId: 1002,
  vaultName: 'Sunrise QualityDocs',
  dns: 'quality.sunrise.example',
  delegatorUserId: '61002',
};

function run(...events: SessionEvent[]): SessionState {
  return events.reduce(sessionReducer, initialSessionState);
}

const established: SessionEvent = {
  type: 'session-established',
  record,
  now: T0 + 1_000,
  warnBeforeMs: WARN,
};

describe('sessionReducer', () => {
  it('walks signed-out -> signing-in -> active -> delegated -> active -> ended', () => {
    let state = initialSessionState;
    expect(state.status).toBe('signed-out');
    state = sessionReducer(state, { type: 'sign-in-started', username: record.username });
    expect(state.status).toBe('signing-in');
    expect(state.lastUsername).toBe(record.username);
    state = sessionReducer(state, established);
    expect(state.status).toBe('active');
    state = sessionReducer(state, {
      type: 'delegation-changed',
      delegation,
      now: T0 + 2_000,
      warnBeforeMs: WARN,
    });
    expect(state.status).toBe('delegated');
    expect(state.record?.delegation?.session).toEqual({ kind: 'token', id: DELEGATED_ID });
    expect(state.record?.revision).toBe(1);
    state = sessionReducer(state, {
      type: 'delegation-changed',
      delegation: undefined,
      now: T0 + 3_000,
      warnBeforeMs: WARN,
    });
    expect(state.status).toBe('active');
    expect(state.record?.delegation).toBeUndefined();
    // Every change counts, so tabs can tell the later record from the earlier one.
    expect(state.record?.revision).toBe(2);
    state = sessionReducer(state, { type: 'session-ended', reason: 'signed-out' });
    expect(state).toMatchObject({
      status: 'ended',
      record: undefined,
      endReason: 'signed-out',
      lastUsername: record.username,
    });
  });

  it('keeps the sign-in error and the user name after a failed sign-in', () => {
    const error = new VaultApiError({
      responseStatus: 'FAILURE',
      errors: [{ type: 'USERNAME_OR_PASSWORD_INCORRECT', message: 'no' }],
    });
    const state = run(
      { type: 'sign-in-started', username: 'x@y.example' },
      {
        type: 'sign-in-failed',
        error,
      },
    );
    expect(state.status).toBe('signed-out');
    expect(state.error).toBe(error);
    expect(state.lastUsername).toBe('x@y.example');
    // A new attempt clears the old error.
    expect(sessionReducer(state, { type: 'sign-in-started', username: 'x' }).error).toBeUndefined();
  });

  it('ignores a late sign-in failure or cancel once a session is established', () => {
    const active = run(established);
    expect(sessionReducer(active, { type: 'sign-in-failed', error: new VaultNetworkError() })).toBe(
      active,
    );
    expect(sessionReducer(active, { type: 'sign-in-cancelled' })).toBe(active);
  });

  it('turns expiring inside the warning window and expired at the deadline', () => {
    const active = run(established);
    const stillActive = sessionReducer(active, {
      type: 'clock-checked',
      now: record.deadline - WARN - 1,
      warnBeforeMs: WARN,
    });
    // Nothing changed: the very same object, so snapshots stay referentially stable.
    expect(stillActive).toBe(active);
    const expiring = sessionReducer(active, {
      type: 'clock-checked',
      now: record.deadline - WARN,
      warnBeforeMs: WARN,
    });
    expect(expiring.status).toBe('expiring');
    const expired = sessionReducer(expiring, {
      type: 'clock-checked',
      now: record.deadline,
      warnBeforeMs: WARN,
    });
    expect(expired).toMatchObject({
      status: 'expired',
      endReason: 'expired',
      record: undefined,
      lastUsername: record.username,
    });
  });

  it('reports expiring over delegated, keeping the delegation visible', () => {
    const state = run(established, {
      type: 'delegation-changed',
      delegation,
      now: record.deadline - 60_000,
      warnBeforeMs: WARN,
    });
    expect(state.status).toBe('expiring');
    expect(toSessionSnapshot(state).delegation?.vaultName).toBe('Sunrise QualityDocs');
  });

  it('establishes a record already past its deadline as expired (a stale restore)', () => {
    const state = run({ ...established, now: record.deadline + 1 } as SessionEvent);
    expect(state).toMatchObject({ status: 'expired', endReason: 'expired', record: undefined });
  });

  it('ends with invalid-session as expired, and remote sign-out as ended', () => {
    expect(run(established, { type: 'session-ended', reason: 'invalid-session' })).toMatchObject({
      status: 'expired',
      endReason: 'invalid-session',
    });
    expect(run(established, { type: 'session-ended', reason: 'remote-sign-out' })).toMatchObject({
      status: 'ended',
      endReason: 'remote-sign-out',
    });
  });

  it('lets an expiry or remote sign-out without a session change nothing', () => {
    const signingIn = run({ type: 'sign-in-started', username: 'a@b.example' });
    expect(sessionReducer(signingIn, { type: 'session-ended', reason: 'invalid-session' })).toBe(
      signingIn,
    );
    expect(sessionReducer(signingIn, { type: 'session-ended', reason: 'remote-sign-out' })).toBe(
      signingIn,
    );
    // A local sign-out does cancel the sign-in.
    expect(sessionReducer(signingIn, { type: 'session-ended', reason: 'signed-out' }).status).toBe(
      'ended',
    );
    const ended = run(established, { type: 'session-ended', reason: 'signed-out' });
    expect(sessionReducer(ended, { type: 'session-ended', reason: 'signed-out' })).toBe(ended);
  });

  it('ignores a delegation change without a live session', () => {
    const state = run({
      type: 'delegation-changed',
      delegation,
      now: T0,
      warnBeforeMs: WARN,
    });
    expect(state).toBe(initialSessionState);
  });

  it('tracks joining only while no session and no sign-in is under way', () => {
    const joining = run({ type: 'join-started' });
    expect(joining.joining).toBe(true);
    expect(toSessionSnapshot(joining).joining).toBe(true);
    expect(sessionReducer(joining, established).joining).toBe(false);
    expect(sessionReducer(joining, { type: 'join-finished' }).joining).toBe(false);
    expect(run(established, { type: 'join-started' }).joining).toBe(false);
  });
});

describe('toSessionSnapshot', () => {
  it('shows the user, vault and delegation but no session ID', () => {
    const state = run(established, {
      type: 'delegation-changed',
      delegation,
      now: T0 + 1,
      warnBeforeMs: WARN,
    });
    const snapshot = toSessionSnapshot(state);
    expect(snapshot).toEqual({
      status: 'delegated',
      user: {
        userId: '61001',
        username: 'olivia@sunrise.example',
        vaultId: 1001,
        vault: record.vaults[0],
        vaults: record.vaults,
      },
      delegation: {
        vaultId: 1002,
        vaultName: 'Sunrise QualityDocs',
        dns: 'quality.sunrise.example',
        delegatorUserId: '61002',
      },
      // Calls go to the delegation's vault while acting for someone.
      vault: { id: 1002, name: 'Sunrise QualityDocs', dns: 'quality.sunrise.example' },
      startedAt: record.startedAt,
      deadline: record.deadline,
      lastUsername: 'olivia@sunrise.example',
    });
    expect(toSessionSnapshot(run(established)).vault).toEqual({
      id: 1001,
      name: record.vaults[0]?.name,
      dns: record.vaults[0]?.dns,
    });
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain(OWN_ID);
    expect(text).not.toContain(DELEGATED_ID);
  });

  it('is deeply frozen', () => {
    const snapshot = toSessionSnapshot(run(established));
    expect(Object.isFrozen(snapshot)).toBe(true);
    expect(Object.isFrozen(snapshot.user)).toBe(true);
    expect(Object.isFrozen(snapshot.user?.vaults)).toBe(true);
    expect(Object.isFrozen(snapshot.user?.vaults[0])).toBe(true);
  });

  it('keeps the last user name after expiry so the login form can prefill it (A11Y-02)', () => {
    const snapshot = toSessionSnapshot(
      run(established, { type: 'session-ended', reason: 'expired' }),
    );
    expect(snapshot).toEqual({
      status: 'expired',
      endReason: 'expired',
      lastUsername: 'olivia@sunrise.example',
    });
  });
});
