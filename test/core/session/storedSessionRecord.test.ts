import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionReference } from '../../../src/core/client/SessionReference';
import { parseSessionRecord, toStoredRecord } from '../../../src/core/session/parseSessionRecord';
import type { SessionRecord } from '../../../src/core/session/types';

const HOUR = 3_600_000;
const TAG = 'q0VbGZ3rUj5pXn9M2a7LkQ';
const OTHER_TAG = 'Zt8kP2mW9xQ4rY7nB3cV1a';
const SESSION_ID = 'VZXy0fMBbeOHbgeUwiFRKH1WbJR1yYy9sh2RUMl6uhc';

const base = {
  v: 1,
  key: 'k1',
  userId: '61001',
  username: 'olivia@sunrise.example',
  vaultId: 1001,
  dns: 'promomats.sunrise.example',
  vaults: [],
  startedAt: 0,
  deadline: 48 * HOUR,
} as const;

const delegation = {
  vaultId: 1002,
  vaultName: 'Sunrise QualityDocs',
  dns: 'quality.sunrise.example',
  delegatorUserId: '61002',
};

describe('the stored session record', () => {
  it('reads records stored, and hand-offs sent, by earlier releases', () => {
    // Token mode: the session IDs themselves.
    expect(
      parseSessionRecord({
        ...base,
        sessionId: SESSION_ID,
        delegation: { ...delegation, sessionId: 'x'.repeat(43) },
      }),
    ).toMatchObject({
      session: { kind: 'token', id: SESSION_ID },
      delegation: { session: { kind: 'token', id: 'x'.repeat(43) } },
    });
    // BFF mode: the proxy's cookie and the session's tag.
    expect(
      parseSessionRecord({
        ...base,
        sessionId: `own:${TAG}`,
        delegation: { ...delegation, sessionId: `delegated:${OTHER_TAG}` },
      }),
    ).toMatchObject({
      session: { kind: 'proxy', cookie: 'own', tag: TAG },
      delegation: { session: { kind: 'proxy', cookie: 'delegated', tag: OTHER_TAG } },
    });
  });

  it('stores each session as earlier releases did, so their tabs read it too', () => {
    const record: SessionRecord = {
      ...base,
      session: { kind: 'proxy', cookie: 'own', tag: TAG },
      delegation: {
        ...delegation,
        session: { kind: 'proxy', cookie: 'delegated', tag: OTHER_TAG },
      },
    };
    const stored = JSON.parse(JSON.stringify(toStoredRecord(record)));
    expect(stored).toMatchObject({
      sessionId: `own:${TAG}`,
      delegation: { sessionId: `delegated:${OTHER_TAG}` },
    });
    expect(stored).not.toHaveProperty('session');
    expect(stored.delegation).not.toHaveProperty('session');
  });

  it('refuses what is neither a session ID nor a session of the proxy', () => {
    for (const sessionId of ['bad id\r\nX: y', 'own:short', `shared:${TAG}`, `own:${TAG}:x`, 42]) {
      expect(parseSessionRecord({ ...base, sessionId })).toBeUndefined();
    }
  });

  it('gives back every session it stores, of either kind, unchanged', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9._~+/-]{16,80}={0,2}$/);
    const tag = fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/);
    const session = (cookie: 'own' | 'delegated'): fc.Arbitrary<SessionReference> =>
      fc.oneof(
        id.map((value): SessionReference => ({ kind: 'token', id: value })),
        tag.map((value): SessionReference => ({ kind: 'proxy', cookie, tag: value })),
      );
    fc.assert(
      fc.property(session('own'), fc.option(session('delegated')), (own, delegated) => {
        const record: SessionRecord = {
          ...base,
          session: own,
          ...(delegated ? { delegation: { ...delegation, session: delegated } } : {}),
        };
        const stored = JSON.parse(JSON.stringify(toStoredRecord(record)));
        expect(parseSessionRecord(stored)).toEqual(record);
      }),
    );
  });
});
