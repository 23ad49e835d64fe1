import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOidcOptions } from '../../src/emulator';
import { headerNames, type RunningEmulator, stableHeaders, startEmulator } from './startEmulator';

let vault: RunningEmulator;
afterEach(async () => {
  await vault?.close();
});

const DISCOVERY = '/auth/discovery';

const oidc: EmulatorOidcOptions = {
  issuer: 'https://idp.harbor.example',
  authorizationEndpoint: 'https://idp.harbor.example/authorize',
  tokenEndpoint: 'https://idp.harbor.example/token',
  jwksUri: 'https://idp.harbor.example/jwks',
  allowedClientIds: ['harbor-portal'],
  clientIdMap: { 'sunrise-docs-portal': 'harbor-portal' },
  introspect: () => Promise.resolve({ active: false }),
};

describe('discovery for password users (ENUM-01, ENUM-02)', () => {
  it('answers the documented password shape', async () => {
    vault = await startEmulator();
    const response = await vault.post(DISCOVERY, { username: 'olivia@sunrise.example' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      responseStatus: 'SUCCESS',
      errors: [],
      data: { auth_type: 'password' },
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown users and unknown domains byte for byte like a real password user', async () => {
    vault = await startEmulator();
    const known = await vault.post(DISCOVERY, { username: 'olivia@sunrise.example' });
    const knownText = await known.text();
    for (const username of [
      'nobody@sunrise.example',
      'locked@sunrise.example',
      'inactive@sunrise.example',
      'someone@unknown-domain.example',
      'no-at-sign',
    ]) {
      const response = await vault.post(DISCOVERY, { username });
      expect(response.status).toBe(known.status);
      expect(await response.text()).toBe(knownText);
      expect(headerNames(response)).toEqual(headerNames(known));
      expect(stableHeaders(response)).toEqual(stableHeaders(known));
    }
  });

  it('routes the sso realm by domain alone: unknown and known users alike', async () => {
    vault = await startEmulator();
    const sam = await vault.post(DISCOVERY, { username: 'sam@harbor.example' });
    const unknown = await vault.post(DISCOVERY, { username: 'whoever@HARBOR.example' });
    const samText = await sam.text();
    expect(await unknown.text()).toBe(samText);
    expect(stableHeaders(unknown)).toEqual(stableHeaders(sam));
    expect(JSON.parse(samText).data.auth_type).toBe('sso');
  });

  it('accepts username and client_id as query parameters too', async () => {
    vault = await startEmulator({ oidc });
    const response = await vault.post(
      `${DISCOVERY}?username=sam%40harbor.example&client_id=sunrise-docs-portal`,
    );
    const body = await response.json();
    expect(body.data.auth_type).toBe('sso');
    expect(body.data.auth_profiles[0].as_client_id).toBe('harbor-portal');
  });

  it('requires a user name', async () => {
    vault = await startEmulator();
    const body = await (await vault.post(DISCOVERY, {})).json();
    expect(body.responseStatus).toBe('FAILURE');
    expect(body.errors[0].type).toBe('PARAMETER_REQUIRED');
  });
});

describe('discovery for the sso realm', () => {
  it('describes the harbor-oidc profile with metadata on the request host by default, every URL https', async () => {
    vault = await startEmulator();
    // The emulator is reached over plain HTTP here, as behind a TLS front.
    expect(vault.url).toMatch(/^http:\/\//);
    const host = `https://${new URL(vault.url).host}`;
    const body = await (await vault.post(DISCOVERY, { username: 'sam@harbor.example' })).json();
    expect(body).toEqual({
      responseStatus: 'SUCCESS',
      errors: [],
      data: {
        auth_type: 'sso',
        auth_profiles: [
          {
            id: 'harbor-oidc',
            label: 'Harbor SSO',
            description: expect.any(String),
            vault_session_endpoint: `${host}/auth/oauth/session/harbor-oidc`,
            use_adal: false,
            as_metadata: {
              issuer: `${host}/oidc`,
              authorization_endpoint: `${host}/oidc/auth`,
              token_endpoint: `${host}/oidc/token`,
              jwks_uri: `${host}/oidc/jwks`,
              end_session_endpoint: `${host}/oidc/session/end`,
              scopes_supported: expect.arrayContaining(['openid']),
              token_endpoint_auth_methods_supported: expect.any(Array),
            },
            oauthProviderType: expect.any(String),
          },
        ],
      },
    });
  });

  it('relays the configured authorization server', async () => {
    vault = await startEmulator({ oidc });
    const body = await (await vault.post(DISCOVERY, { username: 'sam@harbor.example' })).json();
    const [profile] = body.data.auth_profiles;
    expect(profile.as_metadata).toEqual({
      issuer: 'https://idp.harbor.example',
      authorization_endpoint: 'https://idp.harbor.example/authorize',
      token_endpoint: 'https://idp.harbor.example/token',
      jwks_uri: 'https://idp.harbor.example/jwks',
      scopes_supported: ['openid', 'profile', 'email'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
    });
  });

  it('adds as_client_id only when the caller sent a mapped client_id', async () => {
    vault = await startEmulator({ oidc });
    const ask = async (form: Record<string, string>) =>
      (await (await vault.post(DISCOVERY, { username: 'sam@harbor.example', ...form })).json()).data
        .auth_profiles[0];
    expect(await ask({})).not.toHaveProperty('as_client_id');
    expect(await ask({ client_id: 'someone-else' })).not.toHaveProperty('as_client_id');
    expect(await ask({ client_id: 'toString' })).not.toHaveProperty('as_client_id');
    expect((await ask({ client_id: 'sunrise-docs-portal' })).as_client_id).toBe('harbor-portal');
  });
});
