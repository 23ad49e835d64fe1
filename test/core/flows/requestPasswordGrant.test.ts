import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  VaultConfigError,
  VaultOAuthError,
  VaultProtocolError,
  VaultTimeoutError,
} from '../../../src/core/errors';
import { requestPasswordGrant } from '../../../src/core/flows/requestPasswordGrant';
import { type LoopbackServer, startLoopbackServer } from '../../support/startLoopbackServer';

// A small token endpoint on loopback that follows RFC 6749 section 4.3: it checks the
// grant's form fields and answers a token or an `invalid_grant` error.
const ACCESS_TOKEN = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJzYW0ifQ.sig-nature_0';

function tokenEndpoint(request: Request): Promise<Response> {
  return request.text().then((text) => {
    const form = new URLSearchParams(text);
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
    if (form.get('grant_type') !== 'password' || form.get('client_id') !== 'harbor-vault') {
      return new Response(JSON.stringify({ error: 'invalid_client' }), { status: 401, headers });
    }
    if (form.get('username') === 'sam' && form.get('password') === 'Harbor-Demo-1') {
      return new Response(
        JSON.stringify({
          access_token: ACCESS_TOKEN,
          token_type: 'Bearer',
          expires_in: 300,
          scope: form.get('scope'),
        }),
        { status: 200, headers },
      );
    }
    return new Response(
      JSON.stringify({ error: 'invalid_grant', error_description: 'Wrong user name or password.' }),
      { status: 400, headers },
    );
  });
}

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer(tokenEndpoint);
});
afterAll(() => server.close());
beforeEach(() => {
  server.setHandler(tokenEndpoint);
  server.requests.length = 0;
});

const input = (overrides: Partial<Parameters<typeof requestPasswordGrant>[0]> = {}) => ({
  tokenEndpoint: `${server.url}/oauth2/token`,
  username: 'sam',
  password: 'Harbor-Demo-1',
  clientId: 'harbor-vault',
  scope: 'openid',
  ...overrides,
});

describe('requestPasswordGrant', () => {
  it('returns the access token for good credentials and sends the RFC 6749 form', async () => {
    await expect(requestPasswordGrant(input())).resolves.toBe(ACCESS_TOKEN);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/oauth2/token');
    expect(request?.url.search).toBe('');
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      grant_type: 'password',
      username: 'sam',
      password: 'Harbor-Demo-1',
      client_id: 'harbor-vault',
      scope: 'openid',
    });
  });

  it('sends client_secret only for a confidential client', async () => {
    await requestPasswordGrant(input({ clientSecret: 's3cret' }));
    expect(server.requests[0]?.form.get('client_secret')).toBe('s3cret');
  });

  it('maps an invalid_grant answer to VaultOAuthError with the description', async () => {
    const error = await requestPasswordGrant(input({ password: 'wrong' })).catch((e) => e);
    expect(error).toBeInstanceOf(VaultOAuthError);
    expect(error.error).toBe('invalid_grant');
    expect(error.errorDescription).toBe('Wrong user name or password.');
  });

  it('maps a 401 invalid_client to VaultOAuthError', async () => {
    const error = await requestPasswordGrant(input({ clientId: 'someone-else' })).catch((e) => e);
    expect(error).toBeInstanceOf(VaultOAuthError);
    expect(error.error).toBe('invalid_client');
    expect(error.errorDescription).toBeUndefined();
  });

  it('refuses a success answer without a usable access token', async () => {
    for (const body of [
      { token_type: 'Bearer' },
      { access_token: 'bad token\r\n', token_type: 'Bearer' },
      { access_token: ACCESS_TOKEN },
      { access_token: ACCESS_TOKEN, token_type: 'mac' },
      { access_token: 42, token_type: 'Bearer' },
    ]) {
      server.setHandler(() => Response.json(body));
      await expect(requestPasswordGrant(input())).rejects.toBeInstanceOf(VaultProtocolError);
    }
  });

  it('refuses HTML and error pages without an OAuth error body', async () => {
    server.setHandler(
      () =>
        new Response('<html>down</html>', {
          status: 503,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    await expect(requestPasswordGrant(input())).rejects.toBeInstanceOf(VaultProtocolError);
    server.setHandler(() => Response.json({ message: 'nope' }, { status: 500 }));
    await expect(requestPasswordGrant(input())).rejects.toBeInstanceOf(VaultProtocolError);
  });

  it('times out a hung token endpoint', async () => {
    server.setHandler(() => new Promise<Response>(() => undefined));
    await expect(requestPasswordGrant(input(), { timeoutMs: 50 })).rejects.toBeInstanceOf(
      VaultTimeoutError,
    );
  });

  it('refuses to send a password to a plain-http endpoint that is not loopback', async () => {
    for (const tokenEndpointUrl of ['http://idp.harbor.example/token', 'not a url', 'ftp://x/y']) {
      await expect(
        requestPasswordGrant(input({ tokenEndpoint: tokenEndpointUrl })),
      ).rejects.toBeInstanceOf(VaultConfigError);
    }
    expect(server.requests).toHaveLength(0);
  });
});
