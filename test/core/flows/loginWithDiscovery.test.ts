import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthProfile } from '../../../src/core/client/types';
import {
  VaultApiError,
  VaultConfigError,
  VaultOAuthError,
  VaultProtocolError,
} from '../../../src/core/errors';
import {
  type AcquireAccessTokenContext,
  loginWithDiscovery,
} from '../../../src/core/flows/loginWithDiscovery';
import { demoDirectory } from '../../../src/emulator/index';
import {
  createTestClock,
  type EmulatorEnvironment,
  startEmulatorServer,
} from '../../support/startEmulatorServer';
import { type LoopbackServer, startLoopbackServer } from '../../support/startLoopbackServer';
import { createTokenTable, TEST_AS_CLIENT_ID, type TokenTable } from '../client/createTokenTable';

// The headless combined sign-in (section 4.10 of the interface) against the emulator over
// loopback. The SSO user's identity provider is a small token endpoint on loopback whose
// tokens the emulator checks by introspection, so every step is real.

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const SAM = { username: 'sam@harbor.example', password: 'Harbor-Demo-1' };

let env: EmulatorEnvironment;
let tokens: TokenTable;
let idp: LoopbackServer;

beforeAll(async () => {
  const clock = createTestClock();
  tokens = createTokenTable(clock);
  // The identity provider's password grant: sam / Harbor-Demo-1 for client harbor-vault.
  idp = await startLoopbackServer(async (request) => {
    const form = new URLSearchParams(await request.text());
    const valid =
      form.get('grant_type') === 'password' &&
      form.get('username') === 'sam' &&
      form.get('password') === SAM.password &&
      form.get('client_id') === TEST_AS_CLIENT_ID &&
      (form.get('scope') ?? '').split(' ').includes('openid');
    return valid
      ? Response.json({ access_token: tokens.issue(), token_type: 'Bearer', expires_in: 300 })
      : Response.json(
          { error: 'invalid_grant', error_description: 'Invalid credentials.' },
          { status: 400 },
        );
  });
  env = await startEmulatorServer({
    clock,
    emulator: {
      oidc: tokens.oidcOptions({ tokenEndpoint: `${idp.url}/token` }),
      data: {
        ...demoDirectory,
        authProfiles: [
          ...demoDirectory.authProfiles,
          {
            id: 'harbor-backup',
            label: 'Harbor backup',
            description: 'Second IdP.',
            oauthProviderType: 'Other',
          },
        ],
        realms: [
          { domain: 'harbor.example', profileIds: ['harbor-oidc', 'harbor-backup'] },
          { domain: 'saml.example', profileIds: [] },
        ],
        subjects: [
          ...demoDirectory.subjects,
          { profileId: 'harbor-backup', subject: 'sam', userId: 61006 },
        ],
      },
    },
  });
});
afterAll(async () => {
  await env.close();
  await idp.close();
});
beforeEach(() => {
  env.server.requests.length = 0;
  idp.requests.length = 0;
  env.emulator.reset();
});

const paths = () => env.server.requests.map((r) => `${r.method} ${r.url.pathname}`);

describe('loginWithDiscovery: password route', () => {
  it('signs olivia in with discovery then the password login', async () => {
    const outcome = await loginWithDiscovery(env.client, {
      ...OLIVIA,
      vaultDns: 'quality.sunrise.example',
    });
    expect(outcome.route).toBe('password');
    expect(outcome.result).toMatchObject({ userId: '61001', vaultId: 1002 });
    expect(paths()).toEqual(['POST /auth/discovery', 'POST /api/v26.1/auth']);
    expect(env.server.requests[1]?.form.get('vaultDNS')).toBe('quality.sunrise.example');
    await expect(env.client.keepAlive(outcome.result.session)).resolves.toBeUndefined();
  });

  it('ENUM-04: an unknown user takes the password route and fails like a wrong password', async () => {
    const error = await loginWithDiscovery(env.client, {
      username: 'nobody@sunrise.example',
      password: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultApiError);
    expect((error as VaultApiError).type).toBe('USERNAME_OR_PASSWORD_INCORRECT');
  });

  it('passes the service errors through unchanged', async () => {
    const error = await loginWithDiscovery(env.client, {
      username: 'newhire@sunrise.example',
      password: 'Sunrise-Demo-3',
    }).catch((e: unknown) => e);
    expect((error as VaultApiError).type).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

describe('loginWithDiscovery: sso route through the acquireAccessToken seam', () => {
  it('hands the profile and context to the seam and exchanges its token for a session', async () => {
    const client = env.clientWith({ clientId: 'sunrise-docs-portal', idpUserName: 'sam' });
    const seen: Array<{ profile: AuthProfile; context: AcquireAccessTokenContext }> = [];
    const outcome = await loginWithDiscovery(
      client,
      { ...SAM, vaultDns: 'clinical.harbor.example' },
      {
        acquireAccessToken: async (profile, context) => {
          seen.push({ profile, context });
          return tokens.issue();
        },
      },
    );
    expect(outcome).toMatchObject({
      route: 'sso',
      profileId: 'harbor-oidc',
      result: { userId: '61006', vaultId: 2001, vault: { dns: 'clinical.harbor.example' } },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.profile.id).toBe('harbor-oidc');
    expect(seen[0]?.context).toMatchObject({
      username: SAM.username,
      idpUserName: 'sam',
      password: SAM.password,
      scope: 'openid',
      clientId: TEST_AS_CLIENT_ID,
      vaultDns: 'clinical.harbor.example',
    });
    expect(paths()).toEqual(['POST /auth/discovery', 'POST /auth/oauth/session/harbor-oidc']);
    expect(idp.requests).toHaveLength(0);
  });

  it('a token the emulator finds expired gives no session', async () => {
    const error = await loginWithDiscovery(env.client, SAM, {
      acquireAccessToken: async () => tokens.issue({ exp: 1 }),
    }).catch((e: unknown) => e);
    expect((error as VaultApiError).type).toBe('INSUFFICIENT_ACCESS');
    expect(env.emulator.sessionCount()).toBe(0);
  });

  it('options.profileId picks another offered profile; an unknown one is refused', async () => {
    const outcome = await loginWithDiscovery(env.client, SAM, {
      profileId: 'harbor-backup',
      acquireAccessToken: async () => tokens.issue(),
    });
    expect(outcome).toMatchObject({ route: 'sso', profileId: 'harbor-backup' });
    expect(paths().at(-1)).toBe('POST /auth/oauth/session/harbor-backup');

    await expect(
      loginWithDiscovery(env.client, SAM, {
        profileId: 'nope',
        acquireAccessToken: async () => tokens.issue(),
      }),
    ).rejects.toBeInstanceOf(VaultConfigError);
  });

  it('an sso answer without OAuth profiles (SAML) says the browser is needed', async () => {
    let called = false;
    const error = await loginWithDiscovery(
      env.client,
      { username: 'ann@saml.example', password: 'x' },
      {
        acquireAccessToken: async () => {
          called = true;
          return tokens.issue();
        },
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultConfigError);
    expect((error as Error).message).toMatch(/browser/);
    expect(called).toBe(false);
    expect(paths()).toEqual(['POST /auth/discovery']);
  });
});

describe('loginWithDiscovery: headless sso through the password grant', () => {
  it('gets a token at the profile token endpoint with the IdP user name and scope, then a session', async () => {
    const client = env.clientWith({ clientId: 'sunrise-docs-portal', idpUserName: 'sam' });
    const outcome = await loginWithDiscovery(client, SAM);
    expect(outcome).toMatchObject({ route: 'sso', profileId: 'harbor-oidc' });
    expect(outcome.result.userId).toBe('61006');
    const grant = idp.requests[0];
    expect(idp.requests).toHaveLength(1);
    expect(Object.fromEntries(grant?.form ?? [])).toEqual({
      grant_type: 'password',
      username: 'sam',
      password: SAM.password,
      client_id: TEST_AS_CLIENT_ID,
      scope: 'openid',
    });
    // The token went to the service once, in the Authorization header, and nowhere else.
    const exchange = env.server.requests.at(-1);
    const token = exchange?.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    expect(tokens.introspections).toContain(token);
    expect(JSON.stringify(outcome)).not.toContain(token);
  });

  it('without idpUserName the vault user name goes to the IdP, which refuses it here', async () => {
    const client = env.clientWith({ clientId: 'sunrise-docs-portal' });
    const error = await loginWithDiscovery(client, SAM).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultOAuthError);
    expect((error as VaultOAuthError).error).toBe('invalid_grant');
    expect(idp.requests[0]?.form.get('username')).toBe(SAM.username);
    expect(env.emulator.sessionCount()).toBe(0);
  });

  it('a wrong IdP password ends with VaultOAuthError and no OAuth login call', async () => {
    const client = env.clientWith({ clientId: 'sunrise-docs-portal', idpUserName: 'sam' });
    const error = await loginWithDiscovery(client, { ...SAM, password: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VaultOAuthError);
    expect(paths()).toEqual(['POST /auth/discovery']);
  });

  it('uses the configured scope', async () => {
    const client = env.clientWith({
      clientId: 'sunrise-docs-portal',
      idpUserName: 'sam',
      idpOAuthScope: 'openid profile',
    });
    await loginWithDiscovery(client, SAM);
    expect(idp.requests[0]?.form.get('scope')).toBe('openid profile');
  });

  it('with no client ID at the IdP it refuses before sending the password anywhere', async () => {
    const error = await loginWithDiscovery(env.client, SAM).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VaultConfigError);
    expect(idp.requests).toHaveLength(0);
  });

  it('an unknown auth_type from discovery is an error, not a password login', async () => {
    env.intercept(
      (emulatorFetch) => async (request) =>
        new URL(request.url).pathname === '/auth/discovery'
          ? Response.json({ responseStatus: 'SUCCESS', data: { auth_type: 'passkey' } })
          : emulatorFetch(request),
    );
    try {
      const error = await loginWithDiscovery(env.client, OLIVIA).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VaultProtocolError);
      expect(paths()).toEqual(['POST /auth/discovery']);
    } finally {
      env.server.setHandler(env.emulator.fetch);
    }
  });
});
