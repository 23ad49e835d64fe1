import { afterEach, describe, expect, it } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import {
  createHttpIntrospector,
  demoDirectory,
  type EmulatorData,
  type EmulatorOidcOptions,
  type OAuthFailureReason,
} from '../../src/emulator';
import {
  headerNames,
  type RunningEmulator,
  stableHeaders,
  startEmulator,
  TEST_START_MS,
} from './startEmulator';

let vault: RunningEmulator;
let idp: ServedFetch | undefined;
afterEach(async () => {
  await vault?.close();
  await idp?.close();
  idp = undefined;
});

const ISSUER = 'https://idp.harbor.example';
const PROFILE = '/auth/oauth/session/harbor-oidc';
const TOKEN = 'opaque-access-token-4f1c9e';

/** Introspection answers per token, as the identity provider would give them. */
function oidcWith(answers: Record<string, unknown>, seen: string[] = []): EmulatorOidcOptions {
  return {
    issuer: ISSUER,
    authorizationEndpoint: `${ISSUER}/authorize`,
    tokenEndpoint: `${ISSUER}/token`,
    allowedClientIds: ['harbor-portal'],
    introspect: async (token) => {
      seen.push(token);
      if (!(token in answers)) return { active: false };
      const answer = answers[token];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function activeClaims(vaultNowMs: number, extra: Record<string, unknown> = {}) {
  return {
    active: true,
    client_id: 'harbor-portal',
    iss: ISSUER,
    sub: 'sam',
    exp: Math.floor(vaultNowMs / 1000) + 300,
    iat: Math.floor(vaultNowMs / 1000),
    token_type: 'Bearer',
    scope: 'openid',
    ...extra,
  };
}

describe('OAuth login success', () => {
  it('validates the token by introspection and opens a session for the mapped subject', async () => {
    const seen: string[] = [];
    const claims = activeClaims(TEST_START_MS);
    vault = await startEmulator({ oidc: oidcWith({ [TOKEN]: claims }, seen) });

    const response = await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
    expect(await response.json()).toEqual({
      responseStatus: 'SUCCESS',
      sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      userId: 61006,
      vaultId: 2001,
      vaultIds: [
        { id: 2001, name: 'Harbor Clinical', url: 'https://clinical.harbor.example/api' },
        { id: 2002, name: 'Harbor Safety', url: 'https://safety.harbor.example/api' },
      ],
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(seen).toEqual([TOKEN]);
    expect(vault.events).toContainEqual(
      expect.objectContaining({ type: 'login', method: 'oauth', userId: 61006 }),
    );
  });

  it('accepts an allowed audience in place of client_id, and honours vaultDNS', async () => {
    const claims = activeClaims(TEST_START_MS, {
      client_id: 'other',
      aud: ['api', 'harbor-portal'],
    });
    vault = await startEmulator({ oidc: oidcWith({ [TOKEN]: claims }) });
    const response = await vault.post(
      PROFILE,
      { vaultDNS: 'clinical.harbor.example', client_id: 'harbor-portal' },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect((await response.json()).vaultId).toBe(2001);
  });

  it('is not subject to the password burst limit', async () => {
    const claims = activeClaims(TEST_START_MS);
    vault = await startEmulator({ authBurstLimit: 1, oidc: oidcWith({ [TOKEN]: claims }) });
    for (let i = 0; i < 3; i++) {
      const response = await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
      expect((await response.json()).responseStatus).toBe('SUCCESS');
      expect(response.headers.has('x-vaultapi-burstlimit')).toBe(false);
    }
  });
});

describe('OAuth login failures (EXCH-01..05, EXCH-08)', () => {
  it('give one identical answer whatever the reason, and name the reason only in events', async () => {
    const now = TEST_START_MS;
    const sec = Math.floor(now / 1000);
    const answers: Record<string, unknown> = {
      good: activeClaims(now),
      inactive: { active: false, sub: 'sam', client_id: 'harbor-portal' },
      empty: {},
      stringActive: { ...activeClaims(now), active: 'true' },
      notObject: 'active',
      wrongClient: activeClaims(now, { client_id: 'other', aud: 'other-api' }),
      expired: activeClaims(now, { exp: sec - 60 }),
      noExp: activeClaims(now, { exp: undefined }),
      notYet: activeClaims(now, { nbf: sec + 600 }),
      wrongIssuer: activeClaims(now, { iss: 'https://evil.example' }),
      refresh: activeClaims(now, { token_type: 'refresh_token' }),
      noSub: activeClaims(now, { sub: undefined }),
      // Same e-mail as sam, different subject: identity is (iss, sub), never the e-mail.
      otherSub: activeClaims(now, { sub: 'sam2', email: 'sam@harbor.example' }),
      broken: new Error('introspection endpoint down'),
    };
    vault = await startEmulator({ oidc: oidcWith(answers) });
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

    const attempts: [Promise<Response>, OAuthFailureReason][] = [
      [vault.post(PROFILE), 'missing_token'],
      [vault.post(PROFILE, {}, { Authorization: 'good' }), 'missing_token'],
      [vault.post(`${PROFILE}?access_token=good`), 'missing_token'],
      [vault.post(PROFILE, { access_token: 'good' }), 'missing_token'],
      [vault.post('/auth/oauth/session/other-profile', {}, bearer('good')), 'unknown_profile'],
      [vault.post(PROFILE, {}, bearer('unknown')), 'inactive_token'],
      [vault.post(PROFILE, {}, bearer('inactive')), 'inactive_token'],
      [vault.post(PROFILE, {}, bearer('empty')), 'inactive_token'],
      [vault.post(PROFILE, {}, bearer('stringActive')), 'inactive_token'],
      [vault.post(PROFILE, {}, bearer('notObject')), 'inactive_token'],
      [vault.post(PROFILE, {}, bearer('wrongClient')), 'client_not_allowed'],
      [vault.post(PROFILE, {}, bearer('expired')), 'expired'],
      [vault.post(PROFILE, {}, bearer('noExp')), 'expired'],
      [vault.post(PROFILE, {}, bearer('notYet')), 'not_yet_valid'],
      [vault.post(PROFILE, {}, bearer('wrongIssuer')), 'issuer_mismatch'],
      [vault.post(PROFILE, {}, bearer('refresh')), 'wrong_token_type'],
      [vault.post(PROFILE, {}, bearer('noSub')), 'missing_subject'],
      [vault.post(PROFILE, {}, bearer('otherSub')), 'unknown_subject'],
      [vault.post(PROFILE, {}, bearer('broken')), 'introspection_failed'],
    ];
    const responses: Response[] = [];
    const reasons: OAuthFailureReason[] = [];
    for (const [pending, reason] of attempts) {
      responses.push(await pending);
      reasons.push(reason);
    }

    const reference = responses[0] as Response;
    const referenceText = await reference.clone().text();
    expect(JSON.parse(referenceText)).toEqual({
      responseStatus: 'FAILURE',
      errors: [{ type: 'INSUFFICIENT_ACCESS', message: expect.any(String) }],
      errorType: 'AUTHENTICATION_FAILED',
    });
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(referenceText);
      expect(headerNames(response)).toEqual(headerNames(reference));
      expect(stableHeaders(response)).toEqual(stableHeaders(reference));
    }
    const failures = vault.events.filter((e) => e.type === 'oauth_failed');
    expect(failures.map((e) => e.reason).sort()).toEqual([...reasons].sort());
    expect(vault.emulator.sessionCount()).toBe(0);

    // The same token that failed in bad company does work on its own.
    const ok = await vault.post(PROFILE, {}, bearer('good'));
    expect((await ok.json()).responseStatus).toBe('SUCCESS');
  });

  it('refuses every token when no authorization server is configured', async () => {
    vault = await startEmulator();
    const response = await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
    expect((await response.json()).errors[0].type).toBe('INSUFFICIENT_ACCESS');
    expect(vault.events).toContainEqual(
      expect.objectContaining({ type: 'oauth_failed', reason: 'not_configured' }),
    );
  });

  it('refuses a mapped subject whose account is inactive', async () => {
    const data: EmulatorData = {
      ...demoDirectory,
      users: demoDirectory.users.map((u) =>
        u.username === 'sam@harbor.example' ? { ...u, status: 'inactive' as const } : u,
      ),
    };
    const claims = activeClaims(TEST_START_MS);
    vault = await startEmulator({ data, oidc: oidcWith({ [TOKEN]: claims }) });
    const response = await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
    expect((await response.json()).errors[0].type).toBe('INSUFFICIENT_ACCESS');
    expect(vault.events.at(-1)).toMatchObject({ type: 'oauth_failed', reason: 'user_not_active' });
  });

  it('never puts the access token into an event', async () => {
    vault = await startEmulator({ oidc: oidcWith({}) });
    await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
    expect(vault.events.length).toBeGreaterThan(0);
    expect(JSON.stringify(vault.events)).not.toContain(TOKEN);
  });
});

describe('createHttpIntrospector', () => {
  it('asks a real introspection endpoint with HTTP Basic client authentication', async () => {
    const requests: { authorization: string | null; type: string | null; form: string }[] = [];
    const validUntil = Math.floor(TEST_START_MS / 1000) + 120;
    idp = await serveFetch(async (request) => {
      const form = await request.text();
      requests.push({
        authorization: request.headers.get('authorization'),
        type: request.headers.get('content-type'),
        form,
      });
      // The secret's reserved characters are form-encoded before the Basic encoding.
      const encoded = `Basic ${Buffer.from('vault-emulator:s3cret%3A%2B%26').toString('base64')}`;
      if (request.headers.get('authorization') !== encoded) {
        return Response.json({ error: 'invalid_client' }, { status: 401 });
      }
      const token = new URLSearchParams(form).get('token');
      return Response.json(
        token === TOKEN
          ? { active: true, client_id: 'harbor-portal', iss: ISSUER, sub: 'sam', exp: validUntil }
          : { active: false },
      );
    });
    const oidc = (secret: string): EmulatorOidcOptions => ({
      ...oidcWith({}),
      introspect: createHttpIntrospector({
        endpoint: `${idp?.url}/token/introspection`,
        clientId: 'vault-emulator',
        clientSecret: secret,
      }),
    });

    vault = await startEmulator({ oidc: oidc('s3cret:+&') });
    const ok = await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
    expect((await ok.json()).userId).toBe(61006);
    expect(requests[0]).toEqual({
      authorization: `Basic ${Buffer.from('vault-emulator:s3cret%3A%2B%26').toString('base64')}`,
      type: 'application/x-www-form-urlencoded',
      form: `token=${TOKEN}&token_type_hint=access_token`,
    });
    await vault.close();

    vault = await startEmulator({ oidc: oidc('wrong') });
    const refused = await vault.post(PROFILE, {}, { Authorization: `Bearer ${TOKEN}` });
    expect((await refused.json()).errors[0].type).toBe('INSUFFICIENT_ACCESS');
    expect(vault.events.at(-1)).toMatchObject({ reason: 'introspection_failed' });
  });
});
