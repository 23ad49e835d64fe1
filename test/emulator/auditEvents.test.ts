import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOidcOptions } from '../../src/emulator';
import { DEMO, type RunningEmulator, startEmulator, TEST_START_MS } from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

const TOKEN = 'at-8d1f0c2b9e';
const oidc: EmulatorOidcOptions = {
  issuer: 'https://idp.harbor.example',
  authorizationEndpoint: 'https://idp.harbor.example/authorize',
  tokenEndpoint: 'https://idp.harbor.example/token',
  allowedClientIds: ['harbor-portal'],
  introspect: async (token) =>
    token === TOKEN
      ? {
          active: true,
          client_id: 'harbor-portal',
          iss: 'https://idp.harbor.example',
          sub: 'sam',
          exp: Math.floor(TEST_START_MS / 1000) + 600,
        }
      : { active: false },
};

describe('audit events (SES-09, DEL-04, EXCH-08)', () => {
  it('cover the whole session life cycle without a session ID, password or token', async () => {
    vault = await startEmulator({ oidc });
    const secrets: string[] = [DEMO.olivia[1], DEMO.marcus[1], 'Wrong-Password-9', TOKEN];

    const olivia = (await vault.login(...DEMO.olivia)).sessionId;
    const marcus = (await vault.login(...DEMO.marcus)).sessionId;
    await vault.post('/api/v26.1/auth', { username: DEMO.olivia[0], password: 'Wrong-Password-9' });
    const delegated = (
      await (
        await vault.post(
          '/api/v26.1/delegation/login',
          { vault_id: '1002', delegator_userid: '61002' },
          { Authorization: olivia },
        )
      ).json()
    ).delegated_sessionid as string;
    await vault.post(
      '/api/v26.1/delegation/login',
      { vault_id: '1002', delegator_userid: '61002' },
      {
        Authorization: delegated,
      },
    );
    const sam = (
      await (
        await vault.post(
          '/auth/oauth/session/harbor-oidc',
          {},
          { Authorization: `Bearer ${TOKEN}` },
        )
      ).json()
    ).sessionId as string;
    await vault.post(
      '/auth/oauth/session/harbor-oidc',
      {},
      { Authorization: 'Bearer other-token' },
    );
    await vault.del('/api/v26.1/session', { Authorization: olivia });
    await vault.post('/api/v26.1/keep-alive', {}, { Authorization: olivia });
    vault.clock.advance(48 * 60 * 60 * 1000);
    expect(vault.emulator.sessionCount()).toBe(0);
    secrets.push(olivia, marcus, delegated, sam);

    const types = new Set(vault.events.map((e) => e.type));
    for (const type of [
      'login',
      'login_failed',
      'delegation_started',
      'delegation_refused',
      'oauth_failed',
      'session_ended',
      'invalid_session',
    ]) {
      expect(types).toContain(type);
    }
    const text = JSON.stringify(vault.events);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Not even the prefix the service puts into X-VaultAPI-TruncatedSessionId.
    for (const id of [olivia, marcus, delegated, sam]) expect(text).not.toContain(id.slice(0, 6));
    const ended = vault.events.filter((e) => e.type === 'session_ended').map((e) => e.reason);
    expect(ended.sort()).toEqual(['absolute_timeout', 'absolute_timeout', 'actor_ended', 'logout']);
  });

  it('never carry what was typed as a user name at a failed login, only a one-way tag', async () => {
    vault = await startEmulator({ lockout: { maxFailures: 2 } });
    // A password typed into the user-name field, as happens when a form is filled in haste.
    const typed = 'Sunrise-Demo-1';
    for (let i = 0; i < 2; i++) {
      await vault.post('/api/v26.1/auth', { username: typed, password: 'olivia@sunrise.example' });
    }
    await vault.post('/api/v26.1/auth', { username: DEMO.olivia[0], password: 'Wrong-1' });
    const failed = vault.events.filter((e) => e.type === 'login_failed');
    const locked = vault.events.filter((e) => e.type === 'account_locked');
    expect(failed).toHaveLength(3);
    expect(locked).toHaveLength(1);
    const text = JSON.stringify(vault.events);
    expect(text.toLowerCase()).not.toContain(typed.toLowerCase());
    const [first, second, olivia] = failed;
    // The same name gets the same tag, so repeated attempts can still be followed.
    expect(first?.nameTag).toMatch(/^[0-9a-f]{16}$/);
    expect(second?.nameTag).toBe(first?.nameTag);
    expect(locked[0]?.nameTag).toBe(first?.nameTag);
    expect(olivia?.nameTag).not.toBe(first?.nameTag);
    expect(first).not.toHaveProperty('userId');
    expect(olivia).toMatchObject({ userId: 61001, reason: 'wrong_password' });
  });

  it('keep answering when an event observer throws', async () => {
    vault = await startEmulator({
      onEvent: () => {
        throw new Error('observer failure');
      },
    });
    const body = await vault.login(...DEMO.olivia);
    expect(body.responseStatus).toBe('SUCCESS');
  });
});
