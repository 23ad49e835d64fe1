// Where a single sign-on profile of the emulator points. A bare emulator names /oidc/* of
// the host a discovery call reached, which it does not serve itself, and refuses every
// OAuth login; the dev stack (the dev command, the Vite plugin) hands it the development
// OpenID Provider it runs, so the profile names endpoints that answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultEmulator } from '../../src/emulator/index';
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
