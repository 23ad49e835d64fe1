// BFF mode's settings, its sealing on its own, and its route for a framework's handlers.
import { describe, expect, it } from 'vitest';
import { createVaultEmulator } from '../../src/emulator';
import {
  createVaultProxy,
  toRouteHandlers,
  type VaultProxyOptions,
  type VaultProxySessionOptions,
} from '../../src/proxy';
import { createSessionSealer, type SealedSession } from '../../src/proxy/createSessionSealer';
import { createVaultProxyListener } from '../../src/proxy-node';
import { SECRET_A, SECRET_B } from './bffDeployment';
import { APP_ORIGIN, echoUpstream, failureType, PROXY_ADAPTERS } from './proxyAdapters';

const BASE: VaultProxyOptions = {
  loginHost: 'login.sunrise.example',
  allowHosts: ['*.sunrise.example'],
  allowedOrigins: [APP_ORIGIN],
};

const SESSION: SealedSession = {
  v: 1,
  sid: 'a-vault-session-id',
  dns: 'promomats.sunrise.example',
  kind: 'own',
  userId: 61001,
  vaultId: 1001,
  createdAt: 1,
  deadline: 2,
  tag: 'tag',
};

describe('session settings', () => {
  it.each([
    [{}, /session\.secrets must list at least one secret/],
    [{ secrets: [] }, /session\.secrets must list at least one secret/],
    [
      { secrets: [SECRET_A, 'too-short'] },
      /session\.secrets\[1\] is 9 characters long.*at least 32/,
    ],
    [{ secrets: [SECRET_A, 42] }, /session\.secrets\[1\] must be a string/],
    [
      { secrets: [SECRET_A, SECRET_B, SECRET_A] },
      /session\.secrets\[2\] repeats session\.secrets\[0\]/,
    ],
    [{ secrets: [SECRET_A], path: 'no-slash' }, /session\.path must be a path/],
    [{ secrets: [SECRET_A], path: '/vault/x' }, /session\.path must be a path.*outside/],
    [{ secrets: [SECRET_A], path: '/auth' }, /session\.path must be a path.*outside/],
  ])('refuses %j with a clear error, in both adapters', (session, message) => {
    const options = { ...BASE, session: session as VaultProxySessionOptions };
    expect(() => createVaultProxy(options)).toThrow(message);
    expect(() => createVaultProxyListener(options)).toThrow(message);
  });

  it('never names a secret in its errors', () => {
    const short = 'a-secret-that-is-too-short';
    expect(() => createVaultProxy({ ...BASE, session: { secrets: [short] } })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(short) }),
    );
    expect(() => createVaultProxy({ ...BASE, session: { secrets: [SECRET_A, SECRET_A] } })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(SECRET_A) }),
    );
  });
});

describe('createSessionSealer', () => {
  it('seals into v1.base64url, opens with any listed secret, and refuses anything altered', async () => {
    const sealer = createSessionSealer([SECRET_A]);
    const value = await sealer.seal(SESSION);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(value).not.toContain(SESSION.sid);
    expect(await sealer.open(value)).toEqual(SESSION);
    // Each seal has its own IV: the same session never gives the same value.
    expect(await sealer.seal(SESSION)).not.toBe(value);
    expect(await createSessionSealer([SECRET_B, SECRET_A]).open(value)).toEqual(SESSION);
    expect(await createSessionSealer([SECRET_B]).open(value)).toBeUndefined();
    for (const altered of [
      `${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`,
      value.slice(0, -4),
      `v2.${value.slice(3)}`,
      'v1.',
      'v1.!!!!',
      '',
    ]) {
      expect(await sealer.open(altered), altered).toBeUndefined();
    }
  });

  it('names a session ID with a stable, short tag that does not reveal it', async () => {
    const tag = await createSessionSealer([SECRET_A]).tag(SESSION.sid);
    expect(tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await createSessionSealer([SECRET_A, SECRET_B]).tag(SESSION.sid)).toBe(tag);
    expect(await createSessionSealer([SECRET_A]).tag('another-session-id')).not.toBe(tag);
    expect(await createSessionSealer([SECRET_B]).tag(SESSION.sid)).not.toBe(tag);
  });
});

describe.each(PROXY_ADAPTERS)('$name: the who-am-I route', (adapter) => {
  it('is served only in BFF mode, at session.path under basePath', async () => {
    const upstream = echoUpstream();
    const plain = await adapter.start({ ...BASE, fetch: upstream.fetch });
    expect(await failureType(await plain.send('/vault-session'))).toBe('PROXY_NOT_FOUND');
    const mounted = await adapter.start({
      ...BASE,
      basePath: '/vault-proxy',
      session: { secrets: [SECRET_A], path: '/me' },
      fetch: upstream.fetch,
    });
    const me = await mounted.send('/vault-proxy/me');
    expect(await me.json()).toEqual({ own: null, delegated: null });
    expect(await failureType(await mounted.send('/vault-session'))).toBe('PROXY_NOT_FOUND');
    const put = await mounted.send('/vault-proxy/me', {
      method: 'PUT',
      headers: { 'X-Vault-Kit': '1' },
    });
    expect(put.status).toBe(405);
    expect(upstream.seen).toEqual([]);
  });
});

describe('toRouteHandlers in BFF mode', () => {
  it('serves who-am-I from app/vault-session/route.ts and the calls from the catch-all routes', async () => {
    const emulator = createVaultEmulator({ passwordHashIterations: 1000 });
    const proxy = createVaultProxy({
      ...BASE,
      loginHost: emulator.loginHost ?? '',
      session: { secrets: [SECRET_A] },
      fetch: (request) => emulator.fetch(request),
    });
    // One proxy behind both files: app/vault/[...path]/route.ts and app/vault-session/route.ts.
    const vaultRoute = toRouteHandlers(proxy);
    const sessionRoute = toRouteHandlers(proxy);
    const login = await vaultRoute.POST(
      new Request(`${APP_ORIGIN}/vault/promomats.sunrise.example/api/v26.1/auth`, {
        method: 'POST',
        headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1' },
        body: new URLSearchParams({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        }),
      }),
    );
    const answer = await login.json();
    expect(answer).not.toHaveProperty('sessionId');
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const me = await sessionRoute.GET(
      new Request(`${APP_ORIGIN}/vault-session`, { headers: { Cookie: cookie } }),
    );
    expect(await me.json()).toMatchObject({
      own: { sessionTag: answer.sessionTag, vaultDns: 'promomats.sunrise.example', userId: 61001 },
      delegated: null,
    });
    const forgotten = await sessionRoute.DELETE(
      new Request(`${APP_ORIGIN}/vault-session`, {
        method: 'DELETE',
        headers: { Cookie: cookie, Origin: APP_ORIGIN, 'X-Vault-Kit': '1' },
      }),
    );
    expect(forgotten.headers.getSetCookie()).toHaveLength(2);
    expect(await forgotten.json()).toEqual({ own: null, delegated: null });
  });
});

describe.each(PROXY_ADAPTERS)('$name: answers that stay streamed in BFF mode', (adapter) => {
  it('streams a download authorised from the cookie: the first bytes arrive before the rest exist', async () => {
    let firstArrived = (): void => undefined;
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    const seen: (string | null)[] = [];
    const proxy = await adapter.start({
      ...BASE,
      session: { secrets: [SECRET_A] },
      fetch: async (request) => {
        seen.push(request.headers.get('authorization'));
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new Uint8Array(64 * 1024).fill(1));
            // A proxy that read the answer whole would never deliver the rest.
            await arrived;
            for (let i = 0; i < 8; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(2));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } });
      },
    });
    const cookie = await createSessionSealer([SECRET_A]).seal({
      ...SESSION,
      createdAt: Date.now(),
      deadline: Date.now() + 3_600_000,
    });
    const response = await proxy.send('/vault/promomats.sunrise.example/api/v26.1/x/file', {
      headers: { Cookie: `__Host-vault-session=${cookie}` },
    });
    const reader = response.body?.getReader();
    let received = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received >= 64 * 1024) firstArrived();
    }
    expect(received).toBe(64 * 1024 + 8 * 1024 * 1024);
    expect(seen).toEqual([SESSION.sid]);
  });

  it.each([
    ['HEAD', 200],
    ['DELETE', 204],
  ] as const)(
    'passes the answer to a %s (%i) as it came: no body to inspect',
    async (method, status) => {
      const proxy = await adapter.start({
        ...BASE,
        session: { secrets: [SECRET_A] },
        fetch: async () =>
          new Response(null, {
            status,
            // A HEAD's answer names the length of the body a GET would get; a 204 has none.
            headers: {
              'Content-Type': 'application/json',
              ...(method === 'HEAD' ? { 'Content-Length': '120' } : {}),
            },
          }),
      });
      const response = await proxy.send('/vault/promomats.sunrise.example/api/v26.1/x', {
        method,
        headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1' },
      });
      expect(response.status).toBe(status);
      if (method === 'HEAD') expect(response.headers.get('content-length')).toBe('120');
      expect(await response.text()).toBe('');
    },
  );
});

describe('createVaultProxy: work after the answer', () => {
  it('hands the end of a session it lets go of to the platform’s waitUntil, on the answer’s way out', async () => {
    const ended: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const proxy = createVaultProxy({
      ...BASE,
      session: { secrets: [SECRET_A] },
      fetch: async (request) => {
        // The vault is slow to end it: the answer must not wait for that.
        await held;
        ended.push(
          `${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`,
        );
        return Response.json({ responseStatus: 'SUCCESS' });
      },
    });
    const cookie = await createSessionSealer([SECRET_A]).seal({
      ...SESSION,
      version: 'v25.3',
      createdAt: Date.now(),
      deadline: Date.now() + 3_600_000,
    });
    const waited: Promise<unknown>[] = [];
    const { DELETE } = toRouteHandlers(proxy, { waitUntil: (work) => waited.push(work) });
    const answer = await DELETE(
      new Request(`${APP_ORIGIN}/vault-session`, {
        method: 'DELETE',
        headers: {
          Origin: APP_ORIGIN,
          'X-Vault-Kit': '1',
          Cookie: `__Host-vault-session=${cookie}`,
        },
      }),
    );
    expect(await answer.json()).toEqual({ own: null, delegated: null });
    expect(ended).toEqual([]);
    expect(waited).toHaveLength(1);
    release();
    await Promise.all(waited);
    expect(ended).toEqual(['DELETE /api/v25.3/session a-vault-session-id']);
  });
});
