import { describe, expect, it } from 'vitest';
import { createDevOidcAdapter } from '../../src/dev/oidc/createDevOidcAdapter';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('createDevOidcAdapter', () => {
  it('forgets an entry once its lifetime has passed', async () => {
    const time = clock();
    const tokens = createDevOidcAdapter(time.now).factory('AccessToken');
    await tokens.upsert('t1', { jti: 't1', kind: 'AccessToken' }, 60);
    time.advance(59_999);
    expect(await tokens.find('t1')).toMatchObject({ jti: 't1' });
    time.advance(1);
    expect(await tokens.find('t1')).toBeUndefined();
  });

  it('marks a consumed code instead of deleting it, so a replay is recognisable', async () => {
    const time = clock();
    const codes = createDevOidcAdapter(time.now).factory('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode' }, 60);
    await codes.consume('c1');
    expect(await codes.find('c1')).toMatchObject({ consumed: Math.floor(time.now() / 1000) });
  });

  it('revokes every token of a grant and nothing else', async () => {
    const { factory } = createDevOidcAdapter();
    const tokens = factory('AccessToken');
    const codes = factory('AuthorizationCode');
    await tokens.upsert('a', { jti: 'a', grantId: 'g1' }, 600);
    await codes.upsert('b', { jti: 'b', grantId: 'g1' }, 60);
    await tokens.upsert('c', { jti: 'c', grantId: 'g2' }, 600);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('a')).toBeUndefined();
    expect(await codes.find('b')).toBeUndefined();
    expect(await tokens.find('c')).toMatchObject({ jti: 'c' });
  });

  it('finds sessions by uid until they are destroyed', async () => {
    const { factory } = createDevOidcAdapter();
    const sessions = factory('Session');
    await sessions.upsert('s1', { jti: 's1', uid: 'u1' }, 3600);
    expect(await sessions.findByUid('u1')).toMatchObject({ jti: 's1' });
    await sessions.destroy('s1');
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('keeps models apart and wipes everything on clear', async () => {
    const storage = createDevOidcAdapter();
    const tokens = storage.factory('AccessToken');
    const grants = storage.factory('Grant');
    await tokens.upsert('same-id', { jti: 'same-id', kind: 'AccessToken' }, 600);
    expect(await grants.find('same-id')).toBeUndefined();
    storage.clear();
    expect(await tokens.find('same-id')).toBeUndefined();
  });
});
