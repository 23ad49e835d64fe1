import { afterEach, describe, expect, it } from 'vitest';
import { demoDirectory, type EmulatorData, hashPassword } from '../../src/emulator';
import {
  DEMO,
  headerNames,
  type RunningEmulator,
  stableHeaders,
  startEmulator,
} from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

const AUTH = '/api/v26.1/auth';
const MINUTE = 60_000;

async function auth(
  form: Record<string, string>,
): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await vault.post(AUTH, form);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function expectAuthFailure(form: Record<string, string>, type: string): Promise<Response> {
  const { response, body } = await auth(form);
  expect(response.status).toBe(200);
  expect(body).toEqual({
    responseStatus: 'FAILURE',
    errors: [{ type, message: expect.any(String) }],
    errorType: 'AUTHENTICATION_FAILED',
  });
  expect(response.headers.get('x-vaultapi-status')).toBe('FAILURE');
  return response;
}

describe('password login success', () => {
  it('answers the service shape, in the oldest vault when no vaultDNS is sent and none was used before', async () => {
    vault = await startEmulator();
    const { response, body } = await auth({ username: DEMO.olivia[0], password: DEMO.olivia[1] });
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      userId: 61001,
      vaultId: 1001,
      vaultIds: [
        { id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api' },
        { id: 1002, name: 'Sunrise QualityDocs', url: 'https://quality.sunrise.example/api' },
      ],
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-vaultapi-userid')).toBe('61001');
    expect(response.headers.get('x-vaultapi-vaultid')).toBe('1001');
  });

  it('opens the session in the vault named by vaultDNS when the user belongs to it', async () => {
    vault = await startEmulator();
    const body = await vault.login(...DEMO.olivia, 'quality.sunrise.example');
    expect(body.vaultId).toBe(1002);
  });

  it('defaults to the most relevant vault when vaultDNS names one the user cannot access', async () => {
    vault = await startEmulator();
    const olivia = await vault.login(...DEMO.olivia, 'clinical.harbor.example');
    expect(olivia.vaultId).toBe(1001);
    const asked = olivia.vaultIds.find((v) => v.id === olivia.vaultId);
    // What the client's DNS validation compares: the session is not where it asked to be.
    expect(new URL(asked?.url ?? '').host).not.toBe('clinical.harbor.example');
    const marcus = await vault.login(...DEMO.marcus, 'promomats.sunrise.example');
    expect(marcus.vaultId).toBe(1002);
    expect(vault.events.filter((e) => e.type === 'login').map((e) => e.defaultedVault)).toEqual([
      true,
      true,
    ]);
  });

  it('treats an empty vaultDNS like none, as the service client sends it', async () => {
    vault = await startEmulator();
    expect((await vault.login(...DEMO.marcus, '')).vaultId).toBe(1002);
  });

  it('matches user names case-insensitively', async () => {
    vault = await startEmulator();
    const body = await vault.login('OLIVIA@Sunrise.Example', DEMO.olivia[1]);
    expect(body.userId).toBe(61001);
  });

  it('compares passwords exactly as sent: no trimming, no case folding (PWD-04)', async () => {
    vault = await startEmulator();
    const username = DEMO.olivia[0];
    for (const password of [` ${DEMO.olivia[1]}`, `${DEMO.olivia[1]} `, 'sunrise-demo-1']) {
      await expectAuthFailure({ username, password }, 'USERNAME_OR_PASSWORD_INCORRECT');
    }
  });
});

describe('password login failures', () => {
  it('requires a user name and a password', async () => {
    vault = await startEmulator();
    await expectAuthFailure({ password: 'x' }, 'PARAMETER_REQUIRED');
    await expectAuthFailure({ username: DEMO.olivia[0] }, 'NO_PASSWORD_PROVIDED');
    await expectAuthFailure({ username: DEMO.olivia[0], password: '' }, 'NO_PASSWORD_PROVIDED');
  });

  it('gives an unknown user exactly the answer of a wrong password (PWD-06)', async () => {
    vault = await startEmulator();
    const wrong = await vault.post(AUTH, { username: DEMO.olivia[0], password: 'nope' });
    const unknown = await vault.post(AUTH, { username: 'ghost@sunrise.example', password: 'nope' });
    const sso = await vault.post(AUTH, { username: 'sam@harbor.example', password: 'nope' });
    const wrongText = await wrong.text();
    expect(await unknown.text()).toBe(wrongText);
    expect(await sso.text()).toBe(wrongText);
    expect(JSON.parse(wrongText).errors[0].type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    expect(unknown.status).toBe(wrong.status);
    expect(headerNames(unknown)).toEqual(headerNames(wrong));
    expect(stableHeaders(unknown)).toEqual(stableHeaders(wrong));
  });

  it('answers the demo accounts with their fixed states', async () => {
    vault = await startEmulator();
    await expectAuthFailure(
      { username: 'locked@sunrise.example', password: 'any' },
      'USER_LOCKED_OUT',
    );
    await expectAuthFailure(
      { username: 'inactive@sunrise.example', password: 'x' },
      'INACTIVE_USER',
    );
    await expectAuthFailure(
      { username: DEMO.newhire[0], password: DEMO.newhire[1] },
      'PASSWORD_CHANGE_REQUIRED',
    );
    await expectAuthFailure(
      { username: DEMO.newhire[0], password: 'wrong' },
      'USERNAME_OR_PASSWORD_INCORRECT',
    );
    expect(vault.emulator.sessionCount()).toBe(0);
  });
});

describe('account lockout (THR-01, THR-02)', () => {
  it('locks after five consecutive failures, refuses even the right password, then lifts', async () => {
    vault = await startEmulator();
    const [username, password] = DEMO.olivia;
    for (let i = 0; i < 5; i++) {
      await expectAuthFailure(
        { username, password: `wrong-${i}` },
        'USERNAME_OR_PASSWORD_INCORRECT',
      );
    }
    await expectAuthFailure({ username, password }, 'USER_LOCKED_OUT');
    vault.clock.advance(15 * MINUTE - 1_000);
    await expectAuthFailure({ username, password }, 'USER_LOCKED_OUT');
    vault.clock.advance(1_000);
    expect((await vault.login(username, password)).userId).toBe(61001);
    expect(vault.events.some((e) => e.type === 'account_locked')).toBe(true);
  });

  it('counts failures per account, case-insensitively, and resets them on success', async () => {
    vault = await startEmulator();
    const [username, password] = DEMO.olivia;
    for (let i = 0; i < 4; i++) {
      await expectAuthFailure(
        { username: i % 2 ? username.toUpperCase() : username, password: 'bad' },
        'USERNAME_OR_PASSWORD_INCORRECT',
      );
    }
    await vault.login(username, password);
    for (let i = 0; i < 4; i++) {
      await expectAuthFailure({ username, password: 'bad' }, 'USERNAME_OR_PASSWORD_INCORRECT');
    }
    await vault.login(username, password);
    // Another account's failures do not count against this one.
    for (let i = 0; i < 5; i++) {
      await expectAuthFailure(
        { username: DEMO.marcus[0], password: 'bad' },
        'USERNAME_OR_PASSWORD_INCORRECT',
      );
    }
    await vault.login(username, password);
  });

  it('locks unknown names at the same threshold, so a lock reveals nothing', async () => {
    vault = await startEmulator();
    const form = { username: 'ghost@sunrise.example', password: 'guess' };
    for (let i = 0; i < 5; i++) await expectAuthFailure(form, 'USERNAME_OR_PASSWORD_INCORRECT');
    await expectAuthFailure(form, 'USER_LOCKED_OUT');
  });

  it('is forgotten, with every session, by reset()', async () => {
    vault = await startEmulator();
    const [username, password] = DEMO.olivia;
    const { sessionId } = await vault.login(username, password);
    for (let i = 0; i < 5; i++) {
      await expectAuthFailure({ username, password: 'bad' }, 'USERNAME_OR_PASSWORD_INCORRECT');
    }
    await expectAuthFailure({ username, password }, 'USER_LOCKED_OUT');
    vault.emulator.reset();
    expect(vault.emulator.sessionCount()).toBe(0);
    const keepAlive = await vault.post('/api/v26.1/keep-alive', {}, { Authorization: sessionId });
    expect((await keepAlive.json()).errors[0].type).toBe('INVALID_SESSION_ID');
    await vault.login(username, password);
  });

  it('honours a configured threshold and duration', async () => {
    vault = await startEmulator({ lockout: { maxFailures: 2, durationMs: MINUTE } });
    const [username, password] = DEMO.marcus;
    await expectAuthFailure({ username, password: 'a' }, 'USERNAME_OR_PASSWORD_INCORRECT');
    await expectAuthFailure({ username, password: 'b' }, 'USERNAME_OR_PASSWORD_INCORRECT');
    await expectAuthFailure({ username, password }, 'USER_LOCKED_OUT');
    vault.clock.advance(MINUTE);
    await vault.login(username, password);
  });
});

describe('auth burst limit', () => {
  it('counts per user name + vault DNS per minute and fails past the limit with Retry-After', async () => {
    vault = await startEmulator({ authBurstLimit: 3 });
    const [username, password] = DEMO.olivia;
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const { response } = await auth({ username, password: 'wrong' });
      expect(response.headers.get('x-vaultapi-burstlimit')).toBe('3');
      remaining.push(response.headers.get('x-vaultapi-burstlimitremaining'));
      vault.clock.advance(10_000);
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const blocked = await expectAuthFailure({ username, password }, 'API_LIMIT_EXCEEDED');
    expect(blocked.headers.get('x-vaultapi-burstlimitremaining')).toBe('0');
    expect(blocked.headers.get('retry-after')).toBe('30');

    // Another vault DNS is another window; another user too.
    expect((await vault.login(username, password, 'quality.sunrise.example')).vaultId).toBe(1002);
    await vault.login(...DEMO.marcus);

    vault.clock.advance(30_000);
    const reopened = await auth({ username, password });
    expect(reopened.body.responseStatus).toBe('SUCCESS');
    expect(reopened.response.headers.get('x-vaultapi-burstlimitremaining')).toBe('2');
    expect(reopened.response.headers.has('retry-after')).toBe(false);
  });

  it('opens no new window for a vaultDNS that names no vault, however it is varied', async () => {
    vault = await startEmulator({ authBurstLimit: 3 });
    const [username, password] = DEMO.olivia;
    const types: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { body } = await auth({ username, password, vaultDNS: `made-up-${i}.example` });
      types.push((body.errors as { type: string }[] | undefined)?.[0]?.type ?? 'SUCCESS');
    }
    expect(types).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'API_LIMIT_EXCEEDED',
      'API_LIMIT_EXCEEDED',
      'API_LIMIT_EXCEEDED',
    ]);
    // A vault of the service is still a window of its own, as the service counts.
    expect((await vault.login(username, password, 'quality.sunrise.example')).vaultId).toBe(1002);
  });

  it('puts the burst headers on every /auth answer, failures included', async () => {
    vault = await startEmulator();
    for (const form of [
      {},
      { username: 'a@b.example' },
      { username: 'a@b.example', password: 'x' },
    ]) {
      const response = await vault.post(AUTH, form);
      expect(response.headers.get('x-vaultapi-burstlimit')).toBe('20');
      expect(response.headers.get('x-vaultapi-burstlimitremaining')).toMatch(/^\d+$/);
    }
  });
});

describe('password storage', () => {
  it('keeps only a salted PBKDF2-SHA-256 hash, made when the emulator starts', async () => {
    vault = await startEmulator({ passwordHashIterations: 2_000 });
    const [username, password] = DEMO.olivia;
    // Any login waits for the start-up hashing; olivia's own has not been tried.
    await vault.post(AUTH, { username: 'someone@sunrise.example', password: 'x' });
    const stored = vault.emulator.storedCredential(username);
    expect(stored).toMatchObject({ algorithm: 'PBKDF2-SHA-256', iterations: 2_000 });
    expect(JSON.stringify(stored)).not.toContain(password);
    expect(JSON.stringify(vault.emulator.sessions())).not.toContain(password);

    // The stored hash is what WebCrypto derives from the password and the stored salt.
    const salt = new Uint8Array(Buffer.from(stored?.salt ?? '', 'base64url'));
    expect(salt.length).toBe(16);
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(password),
      'PBKDF2',
      false,
      ['deriveBits'],
    );
    const bits = new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 2_000 },
        key,
        256,
      ),
    );
    expect(new Uint8Array(Buffer.from(stored?.hash ?? '', 'base64url'))).toEqual(bits);
  });

  it('salts per user: the same password gives different hashes', async () => {
    const twin = (id: number, username: string) => ({
      id,
      username,
      password: 'Same-Password-1',
      status: 'active' as const,
      lastLoginVaultId: 1001,
      vaultIds: [1001],
    });
    const data: EmulatorData = {
      ...demoDirectory,
      users: [twin(1, 'a@sunrise.example'), twin(2, 'b@sunrise.example')],
      delegations: [],
      subjects: [],
    };
    vault = await startEmulator({ data });
    await vault.login('a@sunrise.example', 'Same-Password-1');
    await vault.login('b@sunrise.example', 'Same-Password-1');
    const a = vault.emulator.storedCredential('a@sunrise.example');
    const b = vault.emulator.storedCredential('b@sunrise.example');
    expect(a?.salt).not.toBe(b?.salt);
    expect(a?.hash).not.toBe(b?.hash);
  });

  it('accepts users given only a precomputed hash', async () => {
    const passwordHash = await hashPassword('Precomputed-1', { iterations: 1_000 });
    const data: EmulatorData = {
      ...demoDirectory,
      users: [
        {
          id: 7,
          username: 'pre@sunrise.example',
          passwordHash,
          status: 'active',
          lastLoginVaultId: 1001,
          vaultIds: [1001],
        },
      ],
      delegations: [],
      subjects: [],
    };
    vault = await startEmulator({ data });
    expect((await vault.login('pre@sunrise.example', 'Precomputed-1')).userId).toBe(7);
    await expectAuthFailure(
      { username: 'pre@sunrise.example', password: 'Precomputed-2' },
      'USERNAME_OR_PASSWORD_INCORRECT',
    );
  });
});
