// Where a single sign-on profile of the emulator points. A bare emulator names /oidc/* of
// the host a discovery call reached, which it does not serve itself, and refuses every
// OAuth login; the dev stack (the dev command, the Vite plugin) hands it the development
// OpenID Provider it runs, so the profile names endpoints that answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_IDP_HOST } from '../../src/dev/createVaultDevStack';
import { createVaultEmulator } from '../../src/emulator/index';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';

const SAM = new URLSearchParams({ username: 'sam@harbor.example' });

interface AsMetadata {
  readonly issuer: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
  readonly jwks_uri: string;
}

async function ssoMetadata(response: Response): Promise<AsMetadata> {
  const body = await response.json();
  expect(body.data.auth_type).toBe('sso');
  return body.data.auth_profiles[0].as_metadata;
}

describe('a bare emulator', () => {
  it('names /oidc/* of the host asked, serves none of it, and refuses an OAuth login', async () => {
    const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
    const login = `https://${emulator.loginHost}`;
    const metadata = await ssoMetadata(
      await emulator.fetch(new Request(`${login}/auth/discovery`, { method: 'POST', body: SAM })),
    );
    expect(metadata.token_endpoint).toBe(`${login}/oidc/token`);
    // As the service answers any path it does not know.
    const token = await emulator.fetch(new Request(metadata.token_endpoint, { method: 'POST' }));
    expect((await token.json()).errors[0].type).toBe('MALFORMED_URL');
    const session = await emulator.fetch(
      new Request(`${login}/auth/oauth/session/harbor-oidc`, {
        method: 'POST',
        headers: { Authorization: 'Bearer any-token' },
      }),
    );
    expect((await session.json()).responseStatus).toBe('FAILURE');
  });
});

describe('the dev stack', () => {
  let served: ServedDevStack;
  let url: string;

  beforeAll(async () => {
    served = await serveDevStack({ session: false, emulator: { passwordHashIterations: 1_000 } });
    url = served.url;
  });

  afterAll(() => served.close());

  it("names its own development provider in the emulator's profile, at endpoints that answer", async () => {
    const metadata = await ssoMetadata(
      await fetch(`${url}/auth/discovery`, { method: 'POST', body: SAM }),
    );
    expect(metadata.issuer).toBe(`${url}/oidc`);
    const configuration = await fetch(`${metadata.issuer}/.well-known/openid-configuration`);
    expect(configuration.status).toBe(200);
    expect(await configuration.json()).toMatchObject({
      issuer: metadata.issuer,
      authorization_endpoint: metadata.authorization_endpoint,
      token_endpoint: metadata.token_endpoint,
    });
    expect((await fetch(metadata.jwks_uri)).status).toBe(200);
  });
});

describe("the dev stack in token mode, behind an app's own proxy in BFF mode", () => {
  const APP = 'http://127.0.0.1:3000';
  let served: ServedDevStack;
  let upstream: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    served = await serveDevStack({
      session: false,
      appOrigins: [APP],
      emulator: { passwordHashIterations: 1_000 },
    });
    upstream = createLoopbackUpstream(Number(new URL(served.url).port));
  });

  afterAll(() => served.close());

  it('names the token endpoint by the provider host to that proxy, and the reachable one to pages', async () => {
    const login = `https://${served.stack.emulator.loginHost}`;
    const named = await ssoMetadata(
      await upstream(new Request(`${login}/auth/discovery`, { method: 'POST', body: SAM })),
    );
    expect(named.token_endpoint).toBe(`https://${DEV_IDP_HOST}/oidc/token`);
    const reachable = await ssoMetadata(
      await fetch(`${served.url}/auth/discovery`, { method: 'POST', body: SAM }),
    );
    expect(reachable.token_endpoint).toBe(`${served.url}/oidc/token`);
  });

  it('answers calls to the provider host as the provider', async () => {
    // The provider's own refusal of a code it never issued, not a 404 of the stack.
    const token = await upstream(
      new Request(`https://${DEV_IDP_HOST}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'never-issued',
          redirect_uri: `${APP}/vault-session/sso/callback`,
          client_id: 'vault-session-kit-demo',
          code_verifier: 'a'.repeat(43),
        }),
      }),
    );
    expect(token.status).toBe(400);
    expect((await token.json()).error).toBe('invalid_grant');
  });

  it("registers the app's proxy callback as a redirect URI", async () => {
    const authorize = new URL(`${served.url}/oidc/auth`);
    for (const [name, value] of Object.entries({
      client_id: 'vault-session-kit-demo',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${APP}/vault-session/sso/callback`,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
      state: 'state-1',
    })) {
      authorize.searchParams.set(name, value);
    }
    const answer = await fetch(authorize, { redirect: 'manual' });
    // To the provider's login page, not back with an error or a page of its own.
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/\/oidc\/interaction\//);
  });
});
