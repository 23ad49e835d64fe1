import { afterEach, describe, expect, it } from 'vitest';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { AuthProfile } from '../../../src/core/client/types';
import { VaultConfigError } from '../../../src/core/errors';
import { assertSafeSsoSettings } from '../../../src/oidc/assertSafeSsoSettings';
import { buildSsoSettings } from '../../../src/oidc/buildSsoSettings';
import { startSsoRedirect } from '../../../src/oidc/startSsoRedirect';

const ISSUER = 'https://idp.harbor.example';
const REDIRECT_URI = 'http://localhost:3000/sso/callback';

function profile(overrides: Partial<AuthProfile> = {}): AuthProfile {
  return {
    id: 'harbor-oidc',
    label: 'Harbor SSO',
    description: undefined,
    vaultSessionEndpoint: undefined,
    asClientId: 'harbor-portal',
    asMetadata: {
      issuer: ISSUER,
      authorizationEndpoint: `${ISSUER}/authorize`,
      tokenEndpoint: `${ISSUER}/token`,
      endSessionEndpoint: `${ISSUER}/logout`,
      jwksUri: `${ISSUER}/jwks`,
      scopesSupported: ['openid'],
      raw: {},
    },
    ...overrides,
  };
}

const input = { clientId: 'fallback-client', redirectUri: REDIRECT_URI, scope: 'openid' };

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('buildSsoSettings', () => {
  it('takes the provider from the profile, so no discovery document is fetched', () => {
    const settings = buildSsoSettings(profile(), input);
    expect(settings).toMatchObject({
      authority: ISSUER,
      metadata: {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        end_session_endpoint: `${ISSUER}/logout`,
        jwks_uri: `${ISSUER}/jwks`,
      },
      client_id: 'harbor-portal',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
    });
  });

  it('keeps PKCE on and every background behaviour off (OIDC-01, OIDC-08)', () => {
    expect(buildSsoSettings(profile(), input)).toMatchObject({
      disablePKCE: false,
      automaticSilentRenew: false,
      monitorSession: false,
      loadUserInfo: false,
    });
  });

  it('falls back to the configured client ID when discovery maps none', () => {
    expect(buildSsoSettings(profile({ asClientId: undefined }), input).client_id).toBe(
      'fallback-client',
    );
  });

  it('keeps the sign-in state in sessionStorage and the user in memory only (OIDC-07)', async () => {
    const { stateStore, userStore } = buildSsoSettings(profile(), input);
    await stateStore?.set('s1', 'state');
    await userStore?.set('user:x', 'token-bearing user');
    expect(sessionStorage.getItem('oidc.s1')).toBe('state');
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
    expect(await userStore?.get('user:x')).toBe('token-bearing user');
  });

  it.each([
    [
      'a profile without issuer',
      profile({ asMetadata: { ...profile().asMetadata, issuer: undefined } }),
      input,
    ],
    [
      'a plain-http authorization endpoint',
      profile({
        asMetadata: {
          ...profile().asMetadata,
          authorizationEndpoint: 'http://idp.harbor.example/authorize',
        },
      }),
      input,
    ],
    [
      'no client ID anywhere',
      profile({ asClientId: undefined }),
      { ...input, clientId: undefined },
    ],
    ['state kept in localStorage', profile(), { ...input, stateStorage: localStorage }],
    ['a scope asking for a refresh token', profile(), { ...input, scope: 'openid offline_access' }],
  ])('refuses %s', (_case, chosen, options) => {
    expect(() => buildSsoSettings(chosen, options)).toThrow(VaultConfigError);
  });
});

describe('assertSafeSsoSettings (OIDC-01, OIDC-07, OIDC-08)', () => {
  it.each([
    ['disablePKCE', { disablePKCE: true }],
    ['an implicit response type', { response_type: 'id_token token' }],
    ['a client secret', { client_secret: 'shh' }],
    ['silent renewal', { automaticSilentRenew: true }],
    ['the session monitor iframe', { monitorSession: true }],
    ['offline_access', { scope: 'openid offline_access' }],
  ])('refuses %s', (_case, settings) => {
    expect(() => assertSafeSsoSettings(settings)).toThrow(VaultConfigError);
  });

  it('refuses the same through the overrides of the settings builder', () => {
    expect(() =>
      buildSsoSettings(profile(), { ...input, overrides: { disablePKCE: true } }),
    ).toThrow(/PKCE/);
  });

  it('accepts harmless additions such as prompt=login for shared devices', () => {
    const settings = buildSsoSettings(profile(), { ...input, overrides: { prompt: 'login' } });
    expect(settings.prompt).toBe('login');
  });
});

describe('startSsoRedirect', () => {
  const client = createVaultClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'fallback-client' });

  async function start(extra: { returnTo?: string; vaultDns?: string } = {}) {
    const visited: string[] = [];
    const url = await startSsoRedirect(
      { client },
      { profile: profile(), username: ' sam@harbor.example ', ...extra },
      { navigate: (target) => visited.push(target) },
    );
    return { url: new URL(url), visited };
  }

  it('sends an authorization code request with PKCE S256, state and login_hint (OIDC-01)', async () => {
    const { url, visited } = await start();
    expect(visited).toEqual([url.href]);
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/authorize`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('harbor-portal');
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(params.get('login_hint')).toBe('sam@harbor.example');
    expect(params.get('scope')).toBe('openid');
    expect(params.has('code_verifier')).toBe(false);
    expect(params.has('prompt')).toBe(false);
  });

  it('keeps what the callback needs in sessionStorage under the state, never in localStorage', async () => {
    const { url } = await start({
      returnTo: '/documents?id=7',
      vaultDns: 'clinical.harbor.example',
    });
    const stored = JSON.parse(
      sessionStorage.getItem(`oidc.${url.searchParams.get('state')}`) ?? '{}',
    );
    expect(stored).toMatchObject({
      authority: ISSUER,
      client_id: 'harbor-portal',
      redirect_uri: REDIRECT_URI,
      code_verifier: expect.any(String),
      data: {
        v: 1,
        profileId: 'harbor-oidc',
        username: 'sam@harbor.example',
        vaultDns: 'clinical.harbor.example',
        returnTo: '/documents?id=7',
      },
    });
    expect(localStorage.length).toBe(0);
  });

  it('stores a hostile returnTo as the default route (OIDC-05)', async () => {
    const { url } = await start({ returnTo: '//evil.example' });
    const stored = JSON.parse(
      sessionStorage.getItem(`oidc.${url.searchParams.get('state')}`) ?? '{}',
    );
    expect(stored.data.returnTo).toBe('/');
  });

  it('builds a fresh state and challenge for every start (OIDC-02)', async () => {
    const first = await start();
    const second = await start();
    expect(second.url.searchParams.get('state')).not.toBe(first.url.searchParams.get('state'));
    expect(second.url.searchParams.get('code_challenge')).not.toBe(
      first.url.searchParams.get('code_challenge'),
    );
  });

  it('refuses an empty user name without leaving the page', async () => {
    const visited: string[] = [];
    await expect(
      startSsoRedirect(
        { client },
        { profile: profile(), username: '  ' },
        { navigate: (target) => visited.push(target) },
      ),
    ).rejects.toThrow(VaultConfigError);
    expect(visited).toEqual([]);
  });
});
