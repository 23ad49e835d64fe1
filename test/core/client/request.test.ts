import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VaultApiError, VaultConfigError, VaultProtocolError } from '../../../src/core/errors';
import { token, tokenIdOf } from '../../support/sessionReferences';
import { type EmulatorEnvironment, startEmulatorServer } from '../../support/startEmulatorServer';

const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const ME_PATH = '/api/v26.1/objects/users/me';

let env: EmulatorEnvironment;

beforeEach(async () => {
  env = await startEmulatorServer();
  // A REST call outside the eight auth calls, answered in the service's envelope by a
  // handler in front of the emulator; the session check is the emulator's own keep-alive.
  env.intercept((emulatorFetch) => async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== ME_PATH && url.pathname !== '/api/v26.1/objects/documents') {
      return emulatorFetch(request);
    }
    const check = await emulatorFetch(
      new Request(new URL('/api/v26.1/keep-alive', url), {
        method: 'POST',
        headers: { Authorization: request.headers.get('authorization') ?? '' },
      }),
    );
    const verdict = (await check.json()) as { responseStatus: string };
    if (verdict.responseStatus !== 'SUCCESS') return Response.json(verdict);
    if (request.method === 'POST') {
      const form = new URLSearchParams(await request.text());
      return Response.json({ responseStatus: 'SUCCESS', created: form.get('name__v') });
    }
    return Response.json({
      responseStatus: 'SUCCESS',
      users: [{ user: { id: 61001, user_name__v: OLIVIA.username } }],
      query: url.search,
    });
  });
});

afterEach(async () => {
  await env.close();
});

describe('client.request: the rest of the REST API with a session', () => {
  it('sends the session header, never the ID in the URL, and returns the body as sent', async () => {
    const sessionId = tokenIdOf((await env.client.login(OLIVIA)).session);
    const body = await env.client.request(token(sessionId), '/objects/users/me', {
      query: { exclude_vault_membership: 'true' },
    });
    expect(body).toMatchObject({
      responseStatus: 'SUCCESS',
      users: [{ user: { user_name__v: OLIVIA.username } }],
      query: '?exclude_vault_membership=true',
    });
    const sent = env.server.requests.find((r) => r.url.pathname === ME_PATH);
    expect(sent?.headers.get('authorization')).toBe(sessionId);
    expect(sent?.url.href).not.toContain(sessionId);
  });

  it('posts a form body', async () => {
    const sessionId = tokenIdOf((await env.client.login(OLIVIA)).session);
    const body = await env.client.request(token(sessionId), '/objects/documents', {
      method: 'POST',
      form: { name__v: 'Q3 claims deck' },
    });
    expect(body.created).toBe('Q3 claims deck');
  });

  it('turns FAILURE into VaultApiError (an ended session gives INVALID_SESSION_ID)', async () => {
    const sessionId = tokenIdOf((await env.client.login(OLIVIA)).session);
    await env.client.endSession(token(sessionId));
    const error = await env.client.request(token(sessionId), '/objects/users/me').catch((e) => e);
    expect(error).toBeInstanceOf(VaultApiError);
    expect((error as VaultApiError).type).toBe('INVALID_SESSION_ID');
  });

  it('applies the answer rules: an HTML page is a VaultProtocolError', async () => {
    const sessionId = tokenIdOf((await env.client.login(OLIVIA)).session);
    env.intercept(() => () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(env.client.request(token(sessionId), '/objects/users/me')).rejects.toBeInstanceOf(
      VaultProtocolError,
    );
  });

  it.each([
    ['no leading slash', 'objects/users/me'],
    ['another host', '//evil.example/api'],
    ['a parent segment', '/objects/../../auth'],
    ['a query in the path', '/objects/users/me?sessionId=x'],
    ['a backslash', '/objects\\users'],
    ['encoded parent segments', '/%2e%2e/%2e%2e/oidc/token'],
    ['upper-case encoded parent segments', '/objects/%2E%2E/%2E%2E/%2E%2E/auth/discovery'],
    ['half-encoded parent segments', '/.%2e/.%2e/oidc/token'],
    ['an encoded slash', '/objects%2F..%2F..%2Fauth'],
    ['an encoded backslash', '/objects%5C..%5Cauth'],
    ['a tab', '/objects/\tusers'],
  ])('refuses a path with %s and sends nothing', async (_name, path) => {
    const sessionId = tokenIdOf((await env.client.login(OLIVIA)).session);
    const before = env.server.requests.length;
    await expect(env.client.request(token(sessionId), path)).rejects.toBeInstanceOf(
      VaultConfigError,
    );
    expect(env.server.requests.length).toBe(before);
  });

  it('sends the session header only below /api/{version}/ of a base URL with a path', async () => {
    const { createVaultClient } = await import('../../../src/core/client/createVaultClient');
    const sent: string[] = [];
    const client = createVaultClient({
      baseUrl: 'https://gateway.example/vault',
      fetch: async (input) => {
        sent.push(String(input));
        return Response.json({ responseStatus: 'SUCCESS' });
      },
    });
    const sessionId = 'a'.repeat(64);
    await client.request(token(sessionId), '/objects/users/me');
    expect(sent).toEqual(['https://gateway.example/vault/api/v26.1/objects/users/me']);
    for (const path of ['/%2e%2e/%2e%2e/%2e%2e/oidc/token', '/../../x', '/objects/../../v25.1/x']) {
      await expect(client.request(token(sessionId), path)).rejects.toBeInstanceOf(VaultConfigError);
    }
    expect(sent).toHaveLength(1);
  });

  it('reports every successful call made with a session, and only those', async () => {
    const confirmed: string[] = [];
    const stop = env.client.onSessionConfirmed((session) => confirmed.push(tokenIdOf(session)));
    const sessionId = tokenIdOf((await env.client.login(OLIVIA)).session);
    expect(confirmed).toEqual([]);
    await env.client.request(token(sessionId), '/objects/users/me');
    await env.client.keepAlive(token(sessionId));
    await env.client.getDelegations(token(sessionId));
    expect(confirmed).toEqual([sessionId, sessionId, sessionId]);

    await env.client.keepAlive(token('f'.repeat(64))).catch(() => undefined);
    await env.client.getApiVersions();
    expect(confirmed).toHaveLength(3);
    stop();
    await env.client.keepAlive(token(sessionId));
    expect(confirmed).toHaveLength(3);
  });
});
