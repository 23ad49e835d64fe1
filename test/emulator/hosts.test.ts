// Each vault answers at its own host, as the service does: a session ID is good only at the
// vault it was issued for, and discovery answers only at the login host. The emulator runs
// over real loopback HTTP and every request names its host in the Host header.
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import { createVaultClient } from '../../src/core';
import {
  createManualClock,
  createVaultEmulator,
  DEFAULT_LOGIN_HOST,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../../src/emulator';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import { tokenIdOf } from '../support/sessionReferences';
import { DEMO, TEST_START_MS } from './startEmulator';

const PROMOMATS = 'promomats.sunrise.example';
const QUALITY = 'quality.sunrise.example';
const V = '/api/v26.1';

interface Answer {
  responseStatus: string;
  errors?: { type: string }[];
  sessionId?: string;
  vaultId?: number;
  delegated_sessionid?: string;
  responseDetails?: { total: number };
  data?: { auth_type: string };
}

let server: ServedFetch | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(
  options: VaultEmulatorOptions = {},
): Promise<{ emulator: VaultEmulator; at: (host: string) => Caller }> {
  const emulator = createVaultEmulator({
    clock: createManualClock(TEST_START_MS),
    passwordHashIterations: 1_000,
    ...options,
  });
  server = await serveFetch(emulator.fetch);
  const send = createLoopbackUpstream(server.port);
  const at = (host: string): Caller => {
    const call = async (
      method: string,
      path: string,
      sessionId?: string,
      form?: Record<string, string>,
    ): Promise<Answer> => {
      const response = await send(
        new Request(`https://${host}${path}`, {
          method,
          headers: sessionId === undefined ? {} : { Authorization: sessionId },
          ...(form === undefined ? {} : { body: new URLSearchParams(form) }),
        }),
      );
      return (await response.json()) as Answer;
    };
    return {
      call,
      async login(username, password, form = {}) {
        const body = await call('POST', `${V}/auth`, undefined, { username, password, ...form });
        expect(body.responseStatus).toBe('SUCCESS');
        return body;
      },
      async keepAlive(sessionId) {
        const body = await call('POST', `${V}/keep-alive`, sessionId);
        return body.errors?.[0]?.type ?? body.responseStatus;
      },
    };
  };
  return { emulator, at };
}

interface Caller {
  call(
    method: string,
    path: string,
    sessionId?: string,
    form?: Record<string, string>,
  ): Promise<Answer>;
  login(username: string, password: string, form?: Record<string, string>): Promise<Answer>;
  keepAlive(sessionId: string): Promise<string>;
}

describe('an emulator whose vaults each answer at their own host (the default)', () => {
  it('refuses a session from vault 1001 at vault 1002, and the refusal does not end it', async () => {
    const { at } = await start();
    const { sessionId = '' } = await at(PROMOMATS).login(...DEMO.olivia);
    expect(await at(PROMOMATS).keepAlive(sessionId)).toBe('SUCCESS');
    // olivia belongs to 1002 as well, but this session was issued for 1001.
    expect(await at(QUALITY).keepAlive(sessionId)).toBe('INVALID_SESSION_ID');
    expect(await at(QUALITY).call('GET', `${V}/objects/users/me`, sessionId)).toMatchObject({
      errors: [{ type: 'INVALID_SESSION_ID' }],
    });
    expect(await at(PROMOMATS).keepAlive(sessionId)).toBe('SUCCESS');
  });

  it("works olivia's delegated session only at quality.sunrise.example", async () => {
    const { at } = await start();
    const { sessionId: own = '' } = await at(PROMOMATS).login(...DEMO.olivia);
    // The delegated login is asked of the actor's own vault; the session it makes lives in 1002.
    const started = await at(PROMOMATS).call('POST', `${V}/delegation/login`, own, {
      vault_id: '1002',
      delegator_userid: '61002',
    });
    const delegated = started.delegated_sessionid ?? '';
    expect(delegated).toMatch(/\S{20,}/);
    expect(await at(QUALITY).keepAlive(delegated)).toBe('SUCCESS');
    expect(await at(PROMOMATS).keepAlive(delegated)).toBe('INVALID_SESSION_ID');
    const documents = await at(QUALITY).call('GET', `${V}/objects/documents`, delegated);
    expect(documents.responseStatus).toBe('SUCCESS');
    expect(await at(QUALITY).call('GET', `${V}/objects/documents`, own)).toMatchObject({
      errors: [{ type: 'INVALID_SESSION_ID' }],
    });
  });

  it('lands marcus in 1002 by auth defaulting when he signs in at 1001, and the session lives there', async () => {
    const { at } = await start();
    const answer = await at(PROMOMATS).login(...DEMO.marcus);
    expect(answer.vaultId).toBe(1002);
    const sessionId = answer.sessionId ?? '';
    expect(await at(QUALITY).keepAlive(sessionId)).toBe('SUCCESS');
    expect(await at(PROMOMATS).keepAlive(sessionId)).toBe('INVALID_SESSION_ID');
    // The body's vaultDNS overrides the host that was called, as at the service.
    const named = await at(PROMOMATS).login(...DEMO.olivia, { vaultDNS: QUALITY });
    expect(named.vaultId).toBe(1002);
  });

  it('with DNS validation, refuses the defaulted session and ends it at the vault it landed in', async () => {
    const { emulator, at } = await start();
    const send = createLoopbackUpstream(server?.port ?? 0);
    const client = createVaultClient({
      authUrl: `https://${DEFAULT_LOGIN_HOST}`,
      vaultUrl: 'https://{dns}',
      fetch: (input, init) => send(new Request(input, init)),
    });
    await expect(
      client.login({ username: DEMO.marcus[0], password: DEMO.marcus[1], vaultDns: PROMOMATS }),
    ).rejects.toMatchObject({ name: 'VaultDnsMismatchError' });
    expect(emulator.sessionCount()).toBe(0);
    // Without an expected vault there is nothing to compare: the session is marcus's in 1002.
    const landed = await client.login({
      username: DEMO.marcus[0],
      password: DEMO.marcus[1],
      vaultDns: QUALITY,
    });
    expect(landed.vault?.dns).toBe(QUALITY);
    await client.keepAlive(landed.session, { vaultDns: QUALITY });
    await expect(client.keepAlive(landed.session, { vaultDns: PROMOMATS })).rejects.toMatchObject({
      type: 'INVALID_SESSION_ID',
    });
    expect(await at(QUALITY).keepAlive(tokenIdOf(landed.session))).toBe('SUCCESS');
  });

  it('answers discovery only at the login host, and vault calls only at vault hosts', async () => {
    const { at } = await start();
    const discovery = await at(DEFAULT_LOGIN_HOST).call('POST', '/auth/discovery', undefined, {
      username: 'olivia@sunrise.example',
    });
    expect(discovery.data?.auth_type).toBe('password');
    for (const [host, method, path] of [
      [PROMOMATS, 'POST', '/auth/discovery'],
      [DEFAULT_LOGIN_HOST, 'POST', `${V}/auth`],
      [DEFAULT_LOGIN_HOST, 'GET', '/api'],
      ['unknown.sunrise.example', 'GET', '/api'],
      ['127.0.0.1', 'POST', `${V}/auth`],
    ] as const) {
      const form = { username: DEMO.olivia[0], password: DEMO.olivia[1] };
      const answer = await at(host).call(
        method,
        path,
        undefined,
        method === 'GET' ? undefined : form,
      );
      expect([host, path, answer.errors?.[0]?.type]).toEqual([host, path, 'MALFORMED_URL']);
    }
  });

  it('takes another login host when told, and refuses one that is also a vault', async () => {
    const { at } = await start({ hosts: { loginHost: 'login.sunrise.example' } });
    const discovery = await at('login.sunrise.example').call('POST', '/auth/discovery', undefined, {
      username: 'sam@harbor.example',
    });
    expect(discovery.data?.auth_type).toBe('sso');
    expect(() => createVaultEmulator({ hosts: { loginHost: PROMOMATS } })).toThrow(RangeError);
    expect(() => createVaultEmulator({ hosts: { loginHost: 'Login.Example' } })).toThrow(
      RangeError,
    );
  });
});

describe("an emulator in single-origin mode (hosts: 'single-origin')", () => {
  it('answers every call at any host and takes a session ID at any of them', async () => {
    const { emulator, at } = await start({ hosts: 'single-origin' });
    expect(emulator.loginHost).toBeUndefined();
    const { sessionId = '' } = await at('127.0.0.1').login(...DEMO.olivia);
    expect(await at(QUALITY).keepAlive(sessionId)).toBe('SUCCESS');
    expect(await at('127.0.0.1').keepAlive(sessionId)).toBe('SUCCESS');
    const discovery = await at('127.0.0.1').call('POST', '/auth/discovery', undefined, {
      username: 'olivia@sunrise.example',
    });
    expect(discovery.responseStatus).toBe('SUCCESS');
  });
});
