import { afterEach, describe, expect, it } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import { createManualClock, createVaultEmulator, DEFAULT_LOGIN_HOST } from '../../src/emulator';
import { createVaultProxy, type VaultProxyLogEvent, type VaultProxyOptions } from '../../src/proxy';
import { createVaultProxyListener, serveVaultProxy } from '../../src/proxy-node';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import {
  APP_ORIGIN,
  driveKitClient,
  echoUpstream,
  failureType,
  PROXY_ADAPTERS,
  sendRaw,
} from './proxyAdapters';

const OPTIONS: VaultProxyOptions = {
  loginHost: 'login.sunrise.example',
  allowHosts: ['promomats.sunrise.example', '*.harbor.example'],
};

describe.each(PROXY_ADAPTERS)('$name: routing', (adapter) => {
  it('sends /auth/* to the login host and /vault/{dns}/api/* to that vault, query kept', async () => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({ ...OPTIONS, fetch: upstream.fetch });
    await proxy.send('/auth/discovery', { method: 'POST', body: 'username=a' });
    await proxy.send('/vault/promomats.sunrise.example/api/v26.1/objects/documents?limit=5');
    await proxy.send('/vault/clinical.harbor.example/api');
    expect(upstream.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST https://login.sunrise.example/auth/discovery',
      'GET https://promomats.sunrise.example/api/v26.1/objects/documents?limit=5',
      'GET https://clinical.harbor.example/api',
    ]);
    expect(upstream.seen[0]?.body).toBe('username=a');
  });

  it('honours a mount path', async () => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({
      ...OPTIONS,
      basePath: '/vault-proxy',
      fetch: upstream.fetch,
    });
    const ok = await proxy.send('/vault-proxy/auth/discovery', { method: 'POST' });
    expect(ok.status).toBe(200);
    expect(await failureType(await proxy.send('/auth/discovery'))).toBe('PROXY_NOT_FOUND');
    expect(upstream.seen.map((request) => request.url)).toEqual([
      'https://login.sunrise.example/auth/discovery',
    ]);
  });
});

describe('createVaultProxy: the caller', () => {
  it('hands the caller context to the upstream', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, fetch: upstream.fetch });
    await proxy(new Request(`${APP_ORIGIN}/vault/clinical.harbor.example/api`), {
      clientAddress: '203.0.113.9',
    });
    expect(upstream.contexts[0]).toEqual({ clientAddress: '203.0.113.9' });
  });
});

const HOSTILE: [string, string][] = [
  ['an unlisted host', '/vault/evil.example/api/v26.1/keep-alive'],
  ['the allowed suffix itself', '/vault/harbor.example/api'],
  ['a look-alike suffix', '/vault/evilharbor.example/api'],
  ['an allowed name inside another', '/vault/promomats.sunrise.example.evil.example/api'],
  ['a dotted IPv4 literal', '/vault/127.0.0.1/api'],
  ['a decimal IPv4 literal', '/vault/2130706433/api'],
  ['an octal IPv4 literal', '/vault/0177.0.0.1/api'],
  ['a hex IPv4 literal', '/vault/0x7f.0x0.0x0.0x1/api'],
  ['a metadata address', '/vault/169.254.169.254/api'],
  ['an IPv6 literal', '/vault/[::1]/api'],
  ['a port', '/vault/promomats.sunrise.example:8443/api'],
  ['user info', '/vault/user@promomats.sunrise.example/api'],
  ['an encoded @', '/vault/evil.example%40promomats.sunrise.example/api'],
  ['an encoded slash in the host', '/vault/evil.example%2fpromomats.sunrise.example/api'],
  ['a trailing dot', '/vault/promomats.sunrise.example./api'],
  ['a single label', '/vault/localhost/api'],
  ['an empty host', '/vault//api'],
  ['a path outside /api', '/vault/promomats.sunrise.example/apix'],
  ['the OpenID Provider', '/vault/promomats.sunrise.example/oidc/token'],
  ['a dot-segment escape', '/vault/promomats.sunrise.example/api/../../oidc/x'],
  ['an encoded dot-segment escape', '/vault/promomats.sunrise.example/api/%2e%2e/%2e%2e/x'],
  ['an encoded slash in the path', '/vault/promomats.sunrise.example/api%2f..%2fx'],
  ['an encoded backslash in the path', '/vault/promomats.sunrise.example/api/%5c..%5cx'],
  ['a leading double slash', '//evil.example/vault/promomats.sunrise.example/api'],
  ['a path next to /auth', '/authz/discovery'],
  ['bare /auth', '/auth/'],
  ['an unknown root', '/oidc/token'],
  ['the root', '/'],
  ['a NUL byte', '/vault/promomats.sunrise.example/api/%00'],
  ['an encoded percent sign', '/vault/promomats.sunrise.example/api/%252e%252e/x'],
  ['a path parameter', '/vault/promomats.sunrise.example/api/v26.1/auth;x=1'],
  ['an encoded semicolon', '/vault/promomats.sunrise.example/api/v26.1/auth%3bx=1'],
  ['a malformed escape', '/vault/promomats.sunrise.example/api/v26.1/%zzauth'],
  ['an encoded line feed', '/vault/promomats.sunrise.example/api/v26.1/%0aauth'],
  ['a climb above the root', '/vault/promomats.sunrise.example/api/../../../../x'],
];

// Spellings a vault reads as the same path reach it in one canonical form, the one every rule read.
const CANONICAL: [string, string, string][] = [
  ['an encoded dot in the host', '/vault/promomats%2esunrise.example/api', '/api'],
  ['an upper-case host', '/vault/PROMOMATS.sunrise.example/api', '/api'],
  ['a mixed-case host', '/vault/PromoMats.Sunrise.Example/api', '/api'],
  ['a double slash', '/vault/promomats.sunrise.example/api//v26.1', '/api/v26.1'],
  ['a trailing slash', '/vault/promomats.sunrise.example/api/v26.1/auth/', '/api/v26.1/auth'],
  ['dot segments', '/vault/promomats.sunrise.example/api/./x/../v26.1/auth', '/api/v26.1/auth'],
  ['encoded letters', '/vault/promomats.sunrise.example/api/v26.1/%61%75th', '/api/v26.1/auth'],
  ['encoded dots', '/vault/promomats.sunrise.example/api/v26.1/x/%2E%2e/auth', '/api/v26.1/auth'],
  ['lower-case hex kept', '/vault/promomats.sunrise.example/api/a%c3%a9', '/api/a%C3%A9'],
  ['a character that needs encoding', '/vault/promomats.sunrise.example/api/a{b}', '/api/a%7Bb%7D'],
  [
    'a backslash, read as a slash',
    '/vault/promomats.sunrise.example/api/v26.1\\auth',
    '/api/v26.1/auth',
  ],
  ['a query', '/vault/promomats.sunrise.example/api//v26.1/?q=a/../b', '/api/v26.1?q=a/../b'],
];

describe.each(PROXY_ADAPTERS)('$name: hostile hosts and paths never reach anything', (adapter) => {
  it.each(HOSTILE)('refuses %s', async (_name, path) => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({ ...OPTIONS, fetch: upstream.fetch });
    const response = await proxy.send(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await failureType(response)).toMatch(/^PROXY_/);
    expect(upstream.seen).toEqual([]);
  });

  it.each(CANONICAL)('forwards %s in canonical form', async (_name, path, forwarded) => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({ ...OPTIONS, fetch: upstream.fetch });
    const response = await proxy.send(path);
    expect(response.status).toBe(200);
    expect(upstream.seen.map((request) => request.url)).toEqual([
      `https://promomats.sunrise.example${forwarded}`,
    ]);
  });

  it('says why a path has no safe reading', async () => {
    const proxy = await adapter.start({ ...OPTIONS, fetch: echoUpstream().fetch });
    const response = await proxy.send(
      '/vault/promomats.sunrise.example/api/v26.1/auth;jsessionid=1',
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { type: string; message: string }[] };
    expect(body.errors[0]).toEqual({
      type: 'PROXY_BAD_PATH',
      message:
        'The request target holds a path parameter (;), which the vault would read differently.',
    });
  });

  it('refuses a method it does not proxy', async () => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({ ...OPTIONS, fetch: upstream.fetch });
    const response = await proxy.send('/vault/promomats.sunrise.example/api', {
      method: 'OPTIONS',
    });
    expect(response.status).toBe(405);
    expect(upstream.seen).toEqual([]);
  });
});

it('covers at least 30 hostile hosts and paths', () => {
  expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
});

describe.each(PROXY_ADAPTERS)('$name: header hygiene', (adapter) => {
  it('forwards only the API headers, never cookies; returns only safe headers, never Set-Cookie', async () => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({
      ...OPTIONS,
      allowedOrigins: [APP_ORIGIN],
      fetch: upstream.fetch,
    });
    const response = await proxy.send('/vault/promomats.sunrise.example/api/v26.1/keep-alive', {
      method: 'POST',
      headers: {
        Authorization: 'session-id-value',
        'X-VaultAPI-ClientID': 'sunrise-docs',
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        'Accept-Language': 'de',
        Cookie: 'app-session=secret',
        Origin: APP_ORIGIN,
        Referer: `${APP_ORIGIN}/documents`,
        'X-Forwarded-For': '10.0.0.1',
        'User-Agent': 'test',
      },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(upstream.seen[0]?.headers ?? {}).sort()).toEqual([
      'accept',
      'accept-language',
      'authorization',
      'content-type',
      'x-vaultapi-clientid',
    ]);
    const returned = Object.fromEntries(response.headers);
    expect(returned['set-cookie']).toBeUndefined();
    expect(returned['x-powered-by']).toBeUndefined();
    expect(returned['access-control-allow-origin']).toBeUndefined();
    expect(returned['x-vaultapi-burstlimitremaining']).toBe('19');
    expect(returned['retry-after']).toBe('5');
    expect(returned['cache-control']).toBe('no-store');
    expect(returned['x-content-type-options']).toBe('nosniff');
  });
});

describe('createVaultProxy: a decoded answer', () => {
  it('drops the length of an answer that fetch decoded from a compressed one', async () => {
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: async () =>
        new Response('{"responseStatus":"SUCCESS"}', {
          headers: { 'Content-Encoding': 'gzip', 'Content-Length': '12' },
        }),
    });
    const response = await proxy(new Request(`${APP_ORIGIN}/vault/promomats.sunrise.example/api`));
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ responseStatus: 'SUCCESS' });
  });
});

describe.each(PROXY_ADAPTERS)('$name: bounds', (adapter) => {
  it('refuses a body over the limit, declared or streamed', async () => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({
      ...OPTIONS,
      maxRequestBytes: 1_000,
      fetch: upstream.fetch,
    });
    const path = '/vault/promomats.sunrise.example/api/v26.1/objects/documents';
    const declared = await proxy.send(path, { method: 'POST', body: 'x'.repeat(1_001) });
    expect(declared.status).toBe(413);
    expect(await failureType(declared)).toBe('PROXY_PAYLOAD_TOO_LARGE');

    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(400));
        controller.close();
      },
    });
    const streamed = await proxy.send(path, {
      method: 'POST',
      body: chunks,
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    expect(upstream.seen.filter((request) => request.body.length > 1_000)).toEqual([]);
  });

  it('answers 504 when the upstream does not answer in time, and aborts it', async () => {
    let aborted = false;
    const proxy = await adapter.start({
      ...OPTIONS,
      upstreamTimeoutMs: 50,
      fetch: (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            reject(request.signal.reason);
          });
        }),
    });
    const response = await proxy.send('/vault/promomats.sunrise.example/api');
    expect(response.status).toBe(504);
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_TIMEOUT');
    await expect.poll(() => aborted).toBe(true);
  });

  it('aborts the upstream call when the client goes away', async () => {
    let called = false;
    let aborted = false;
    const proxy = await adapter.start({
      ...OPTIONS,
      fetch: (request) => {
        called = true;
        return new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            reject(request.signal.reason);
          });
        });
      },
    });
    const client = new AbortController();
    const pending = proxy
      .send('/vault/promomats.sunrise.example/api', { signal: client.signal })
      .catch(() => undefined);
    await expect.poll(() => called).toBe(true);
    client.abort();
    await pending;
    await expect.poll(() => aborted).toBe(true);
  });

  it('does not follow or pass on an upstream redirect', async () => {
    const proxy = await adapter.start({
      ...OPTIONS,
      fetch: async () =>
        new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }),
    });
    const response = await proxy.send('/vault/promomats.sunrise.example/api');
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_REDIRECT');
  });
});

describe('an upstream that cannot be reached', () => {
  it('is answered 502 by the fetch-style handler', async () => {
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const response = await proxy(new Request(`${APP_ORIGIN}/auth/discovery`, { method: 'POST' }));
    expect(response.status).toBe(502);
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_UNREACHABLE');
  });

  it('is answered 502 by the Node adapter', async () => {
    const closed = await serveFetch(() => new Response('gone'));
    await closed.close();
    const served = await serveVaultProxy({ ...OPTIONS, upstream: closed.url }, { print: false });
    try {
      const response = await sendRaw(served.port, '/auth/discovery', { method: 'POST' });
      expect(response.status).toBe(502);
      expect(await failureType(response)).toBe('PROXY_UPSTREAM_UNREACHABLE');
    } finally {
      await served.close();
    }
  });
});

describe.each(PROXY_ADAPTERS)('$name: its log', (adapter) => {
  it('says what happened and never carries a header, body, query or session ID', async () => {
    const events: VaultProxyLogEvent[] = [];
    const upstream = echoUpstream();
    const proxy = await adapter.start({
      ...OPTIONS,
      fetch: upstream.fetch,
      log: (e) => events.push(e),
    });
    const sessionId = 'f'.repeat(64);
    await proxy.send(
      `/vault/promomats.sunrise.example/api/v26.1/objects/documents?q=${sessionId}`,
      {
        headers: { Authorization: sessionId },
      },
    );
    await proxy.send('/vault/evil.example/api', { headers: { Authorization: sessionId } });
    expect(events.map(({ durationMs: _d, ...rest }) => rest)).toEqual([
      {
        method: 'GET',
        route: 'vault',
        host: 'promomats.sunrise.example',
        status: 200,
        error: undefined,
      },
      {
        method: 'GET',
        route: 'refused',
        host: undefined,
        status: 400,
        error: 'PROXY_HOST_NOT_ALLOWED',
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(sessionId);
  });
});

describe('createVaultProxy: settings', () => {
  it.each([
    ['no login host', { allowHosts: ['a.example'] }],
    ['a login host URL', { loginHost: 'https://login.example', allowHosts: ['a.example'] }],
    ['no allow list', { loginHost: 'login.example', allowHosts: [] }],
    ['a bare wildcard', { loginHost: 'login.example', allowHosts: ['*'] }],
    ['a one-label suffix', { loginHost: 'login.example', allowHosts: ['*.com'] }],
    ['an IP in the allow list', { loginHost: 'login.example', allowHosts: ['10.0.0.1'] }],
    [
      'a bad mount path',
      { loginHost: 'login.example', allowHosts: ['a.example'], basePath: 'x y' },
    ],
    [
      'a zero size bound',
      { loginHost: 'login.example', allowHosts: ['a.example'], maxRequestBytes: 0 },
    ],
    [
      'a zero body idle bound',
      { loginHost: 'login.example', allowHosts: ['a.example'], bodyIdleTimeoutMs: 0 },
    ],
    [
      'an allowed origin that is no origin',
      { loginHost: 'login.example', allowHosts: ['a.example'], allowedOrigins: ['app.example'] },
    ],
    [
      'a forwarded-host setting that is no boolean',
      { loginHost: 'login.example', allowHosts: ['a.example'], trustForwardedHost: 'yes' },
    ],
  ])('refuses %s at creation, in both adapters', (_name, options) => {
    expect(() => createVaultProxy(options as VaultProxyOptions)).toThrow(TypeError);
    expect(() => createVaultProxyListener(options as VaultProxyOptions)).toThrow(TypeError);
  });

  it('refuses an upstream override that is no origin', () => {
    expect(() =>
      createVaultProxyListener({ ...OPTIONS, upstream: 'http://127.0.0.1:1/path' }),
    ).toThrow(/upstream must be an origin/);
  });
});

describe('createVaultProxy in front of the emulator, over loopback HTTP', () => {
  let servers: ServedFetch[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it.each(['createVaultProxy', 'createVaultProxyListener'])(
    'carries a sign-in, keep-alive, delegations and sign-out of the kit client end to end (%s)',
    async (adapter) => {
      const emulator = createVaultEmulator({
        clock: createManualClock(Date.UTC(2026, 2, 2, 9)),
        passwordHashIterations: 1_000,
      });
      const vault = await serveFetch(emulator.fetch);
      const options = { loginHost: DEFAULT_LOGIN_HOST, allowHosts: ['*.sunrise.example'] };
      // The resolver: every allowed host is the loopback emulator, reached over real HTTP
      // with the host kept, so the emulator tells the vaults apart.
      const proxy =
        adapter === 'createVaultProxy'
          ? await serveFetch(
              createVaultProxy({ ...options, fetch: createLoopbackUpstream(vault.port) }),
            )
          : await serveVaultProxy({ ...options, upstream: vault.url }, { print: false });
      servers = [vault, proxy];
      await driveKitClient(proxy.url);
      expect(emulator.sessionCount()).toBe(0);
    },
  );
});
