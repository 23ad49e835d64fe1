import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VaultClient } from '../../../src/core/client/types';
import { demoDirectory } from '../../../src/emulator/index';
import { token, tokenIdOf } from '../../support/sessionReferences';
import {
  createTestClock,
  type EmulatorEnvironment,
  startEmulatorServer,
} from '../../support/startEmulatorServer';
import {
  createTokenTable,
  TEST_AS_CLIENT_ID,
  TEST_ISSUER,
  type TokenTable,
} from './createTokenTable';

// The eight calls against the emulator over real loopback HTTP, with every request
// recorded on its way in so the wire format itself is asserted.

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const CLIENT_ID = 'sunrise-docs-portal';
const UNICODE_PASSWORD = `  Pässwörd 🙂 ${'Ω≈ç√∫˜µ≤≥÷'.repeat(20)}`;

let env: EmulatorEnvironment;
let tokens: TokenTable;
let client: VaultClient;

beforeAll(async () => {
  const clock = createTestClock();
  tokens = createTokenTable(clock);
  env = await startEmulatorServer({
    clock,
    emulator: {
      oidc: tokens.oidcOptions(),
      data: {
        ...demoDirectory,
        users: [
          ...demoDirectory.users,
          {
            id: 69001,
            username: 'unicode@sunrise.example',
            password: UNICODE_PASSWORD,
            status: 'active',
            lastLoginVaultId: 1001,
            vaultIds: [1001],
          },
        ],
      },
    },
    client: { clientId: CLIENT_ID },
  });
  client = env.client;
});
afterAll(() => env.close());
beforeEach(() => {
  env.server.requests.length = 0;
  env.emulator.reset();
});

function only<T>(list: readonly T[]): T {
  expect(list).toHaveLength(1);
  return list[0] as T;
}

describe('the wire format of every call', () => {
  it('1. GET {base}/api lists the versions, oldest first', async () => {
    const versions = await client.getApiVersions();
    const names = versions.versions.map((v) => v.version);
    expect(names.slice(0, 2)).toEqual(['v18.3', 'v19.1']);
    expect(names.slice(-3)).toEqual(['v25.3', 'v26.1', 'v26.2']);
    expect(versions.latest).toBe('v26.2');
    expect(versions.versions.find((v) => v.version === 'v26.1')?.url).toBe(
      `https://${new URL(env.server.url).host}/api/v26.1`,
    );
    const request = only(env.server.requests);
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe('/api');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('x-vaultapi-clientid')).toBe(CLIENT_ID);
    expect(request.headers.get('authorization')).toBeNull();
  });

  it('2. POST {base}/api/{v}/auth with a form body, vaultDNS when known', async () => {
    const result = await client.login({ ...OLIVIA, vaultDns: 'quality.sunrise.example' });
    expect(result).toMatchObject({
      userId: '61001',
      vaultId: 1002,
      vault: {
        id: 1002,
        name: 'Sunrise QualityDocs',
        url: 'https://quality.sunrise.example/api',
        dns: 'quality.sunrise.example',
      },
    });
    expect(result.vaults.map((vault) => vault.dns)).toEqual([
      'promomats.sunrise.example',
      'quality.sunrise.example',
    ]);
    expect(tokenIdOf(result.session)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const request = only(env.server.requests);
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/v26.1/auth');
    expect(request.url.search).toBe('');
    expect(request.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers.get('x-vaultapi-clientid')).toBe(CLIENT_ID);
    expect(Object.fromEntries(request.form)).toEqual({
      ...OLIVIA,
      vaultDNS: 'quality.sunrise.example',
    });
  });

  it('2. leaves vaultDNS out when no vault is named, landing in the default vault', async () => {
    const result = await client.login(OLIVIA);
    expect(result.vaultId).toBe(1001);
    expect(only(env.server.requests).form.has('vaultDNS')).toBe(false);
  });

  it('3. POST {auth}/auth/oauth/session/{profileId} with the Bearer access token', async () => {
    const accessToken = tokens.issue();
    const result = await client.loginWithAccessToken({
      profileId: 'harbor-oidc',
      accessToken,
      vaultDns: 'clinical.harbor.example',
    });
    expect(result).toMatchObject({ userId: '61006', vaultId: 2001 });
    expect(result.vault?.dns).toBe('clinical.harbor.example');
    expect(tokens.introspections).toContain(accessToken);
    const request = only(env.server.requests);
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/auth/oauth/session/harbor-oidc');
    expect(request.url.search).toBe('');
    expect(request.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(Object.fromEntries(request.form)).toEqual({
      vaultDNS: 'clinical.harbor.example',
      client_id: CLIENT_ID,
    });
  });

  it('3. encodes the profile ID as one path segment', async () => {
    const error = await client
      .loginWithAccessToken({ profileId: '../api/v26.1/auth?x=1', accessToken: tokens.issue() })
      .catch((e) => e);
    expect(error.type).toBe('INSUFFICIENT_ACCESS');
    expect(only(env.server.requests).url.pathname).toBe(
      '/auth/oauth/session/..%2Fapi%2Fv26.1%2Fauth%3Fx%3D1',
    );
  });

  it('4. POST {auth}/auth/discovery with username and client_id in the form body', async () => {
    const sso = await client.discover({ username: 'sam@harbor.example' });
    expect(sso).toEqual({
      authType: 'sso',
      profiles: [
        {
          id: 'harbor-oidc',
          label: 'Harbor SSO',
          description: 'Sign in with your Harbor account.',
          // The service's URLs are https whatever scheme the emulator was reached by.
          vaultSessionEndpoint: `${env.server.url.replace(/^http:/, 'https:')}/auth/oauth/session/harbor-oidc`,
          asClientId: TEST_AS_CLIENT_ID,
          asMetadata: expect.objectContaining({
            issuer: TEST_ISSUER,
            authorizationEndpoint: `${TEST_ISSUER}/authorize`,
            tokenEndpoint: `${TEST_ISSUER}/token`,
            scopesSupported: ['openid', 'profile', 'email'],
          }),
        },
      ],
    });
    const profile = sso.profiles[0];
    expect(profile?.asMetadata.raw.token_endpoint_auth_methods_supported).toEqual([
      'none',
      'client_secret_basic',
    ]);
    const request = only(env.server.requests);
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/auth/discovery');
    expect(request.url.search).toBe('');
    expect(Object.fromEntries(request.form)).toEqual({
      username: 'sam@harbor.example',
      client_id: CLIENT_ID,
    });

    await expect(client.discover({ username: OLIVIA.username })).resolves.toEqual({
      authType: 'password',
      profiles: [],
    });
  });

  it('4. without a client ID there is no client_id and no as_client_id', async () => {
    const plain = env.clientWith({});
    const sso = await plain.discover({ username: 'sam@harbor.example' });
    expect(sso.profiles[0]?.asClientId).toBeUndefined();
    const request = env.server.requests.at(-1);
    expect(request?.form.has('client_id')).toBe(false);
    expect(request?.headers.get('x-vaultapi-clientid')).toBeNull();
  });

  it('5, 6, 7, 8. session calls send the raw session ID as Authorization, never in a URL', async () => {
    const sessionId = tokenIdOf((await client.login(OLIVIA)).session);
    await client.keepAlive(token(sessionId));
    const delegations = await client.getDelegations(token(sessionId));
    expect(delegations).toEqual([
      {
        id: 1002,
        name: 'Sunrise QualityDocs',
        dns: 'quality.sunrise.example',
        delegatorUserId: '61002',
      },
    ]);
    const delegatedSessionId = tokenIdOf(
      (
        await client.loginDelegated(token(sessionId), {
          vaultId: 1002,
          delegatorUserId: '61002',
        })
      ).session,
    );
    expect(delegatedSessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await client.endSession(token(sessionId));

    const calls = env.server.requests.slice(1);
    expect(calls.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /api/v26.1/keep-alive',
      'GET /api/v26.1/delegation/vaults',
      'POST /api/v26.1/delegation/login',
      'DELETE /api/v26.1/session',
    ]);
    for (const request of calls) {
      expect(request.headers.get('authorization')).toBe(sessionId);
      expect(request.headers.get('x-vaultapi-clientid')).toBe(CLIENT_ID);
      expect(request.url.search).toBe('');
    }
    expect(Object.fromEntries(calls[2]?.form ?? [])).toEqual({
      vault_id: '1002',
      delegator_userid: '61002',
    });
    for (const request of env.server.requests) {
      expect(request.url.href).not.toContain(sessionId);
      expect(request.url.href).not.toContain(delegatedSessionId);
      expect(request.url.href).not.toContain(OLIVIA.password);
    }
  });

  it('a separate auth URL and another API version route to the right places', async () => {
    const split = env.clientWith({ authUrl: `${env.server.url}/` });
    await split.discover({ username: OLIVIA.username });
    expect(env.server.requests.at(-1)?.url.pathname).toBe('/auth/discovery');
    const versioned = env.clientWith({ apiVersion: 'v25.3' });
    await versioned.keepAlive((await versioned.login(OLIVIA)).session);
    expect(env.server.requests.at(-1)?.url.pathname).toBe('/api/v25.3/keep-alive');
  });
});

describe('PWD-04: the password is sent exactly as typed', () => {
  it('a password with spaces, umlauts and an emoji reaches the service unchanged and signs in', async () => {
    const result = await client.login({
      username: 'unicode@sunrise.example',
      password: UNICODE_PASSWORD,
    });
    expect(result.userId).toBe('69001');
    expect(only(env.server.requests).form.get('password')).toBe(UNICODE_PASSWORD);
  });

  it('trimmed or normalised variants are different passwords', async () => {
    for (const variant of [UNICODE_PASSWORD.trim(), UNICODE_PASSWORD.normalize('NFD')]) {
      const error = await client
        .login({ username: 'unicode@sunrise.example', password: variant })
        .catch((e) => e);
      expect(error.type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
    }
    expect(env.server.requests.map((request) => request.form.get('password'))).toEqual([
      UNICODE_PASSWORD.trim(),
      UNICODE_PASSWORD.normalize('NFD'),
    ]);
  });
});

describe('how fetch is called', () => {
  it('uses redirect: error, credentials: omit and cache: no-store', async () => {
    const inits: RequestInit[] = [];
    const recording = env.clientWith({
      fetch: (input, init) => {
        inits.push(init ?? {});
        return globalThis.fetch(input, init);
      },
    });
    await recording.getApiVersions();
    expect(inits[0]).toMatchObject({ redirect: 'error', credentials: 'omit', cache: 'no-store' });
    expect(inits[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('looks globalThis.fetch up at call time', async () => {
    const plain = env.clientWith({});
    const original = globalThis.fetch;
    const seen: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input));
      return original(input, init);
    });
    try {
      await plain.getApiVersions();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(seen).toEqual([`${env.server.url}/api`]);
  });
});
