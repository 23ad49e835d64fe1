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
