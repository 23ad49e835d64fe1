/// <reference types="node" />
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  readonly payload: AdapterPayload;
  /** Epoch milliseconds; `Infinity` for entries stored without a lifetime. */
  readonly expiresAt: number;
}

/** Models whose entries belong to a grant and die with it (`revokeByGrantId`). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/**
 * In-memory storage for one development OpenID Provider instance.
 *
 * oidc-provider's built-in memory adapter shares a size-capped store and prints a warning on every
 * start; this one is private to the instance (two providers in one test process never see each
 * other's tokens), has no size cap, forgets expired entries, and can be wiped on close.
 */
export interface DevOidcAdapter {
  /** The `adapter` option for oidc-provider's configuration. */
  readonly factory: AdapterFactory;
  /** Drops every stored artifact (sessions, codes, tokens, grants). */
  clear(): void;
  /** Drops the grants of one account (`sub`) and what was issued under them; returns how many. */
  withdrawGrants(accountId: string): number;
  /** Drops the sign-in sessions of one account (`sub`); returns how many. */
  endSessions(accountId: string): number;
}

/**
 * Creates a private in-memory adapter; `now` is injectable so expiry can be tested without waiting.
 */
export function createDevOidcAdapter(now: () => number = Date.now): DevOidcAdapter {
  const entries = new Map<string, Entry>();
  const sessionByUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const grantMembers = new Map<string, Set<string>>();

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = (): void => {
    const at = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= at) entries.delete(key);
    }
  };

  const factory: AdapterFactory = (model: string): Adapter => {
    const keyFor = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        sweep();
        const key = keyFor(id);
        const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Infinity;
        entries.set(key, { payload, expiresAt });
        if (model === 'Session' && typeof payload.uid === 'string')
          sessionByUid.set(payload.uid, id);
        if (typeof payload.userCode === 'string') byUserCode.set(payload.userCode, id);
        if (GRANTABLE.has(model) && typeof payload.grantId === 'string') {
          const members = grantMembers.get(payload.grantId) ?? new Set<string>();
          members.add(key);
          grantMembers.set(payload.grantId, members);
        }
      },
      async find(id) {
        return read(keyFor(id));
      },
      async findByUid(uid) {
        const id = sessionByUid.get(uid);
        return id === undefined ? undefined : read(keyFor(id));
      },
      async findByUserCode(userCode) {
        const id = byUserCode.get(userCode);
        return id === undefined ? undefined : read(keyFor(id));
      },
      async consume(id) {
        const payload = read(keyFor(id));
        // One-time artifacts (authorization codes) are marked, not deleted: a second use must be
        // recognised as a replay so the grant behind it can be revoked.
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        const key = keyFor(id);
        const payload = entries.get(key)?.payload;
        entries.delete(key);
        if (typeof payload?.uid === 'string' && sessionByUid.get(payload.uid) === id) {
          sessionByUid.delete(payload.uid);
        }
        if (typeof payload?.userCode === 'string') byUserCode.delete(payload.userCode);
      },
      async revokeByGrantId(grantId) {
        for (const key of grantMembers.get(grantId) ?? []) entries.delete(key);
        grantMembers.delete(grantId);
      },
    };
  };

  return {
    factory,
    withdrawGrants(accountId) {
      let count = 0;
      for (const [key, entry] of [...entries]) {
        if (!key.startsWith('Grant:') || entry.payload.accountId !== accountId) continue;
        const grantId = key.slice('Grant:'.length);
        entries.delete(key);
        for (const member of grantMembers.get(grantId) ?? []) entries.delete(member);
        grantMembers.delete(grantId);
        count += 1;
      }
      return count;
    },
    endSessions(accountId) {
      let count = 0;
      for (const [key, entry] of [...entries]) {
        if (!key.startsWith('Session:') || entry.payload.accountId !== accountId) continue;
        entries.delete(key);
        if (typeof entry.payload.uid === 'string') sessionByUid.delete(entry.payload.uid);
        count += 1;
      }
      return count;
    },
    clear() {
      entries.clear();
      sessionByUid.clear();
      byUserCode.clear();
      grantMembers.clear();
    },
  };
}
