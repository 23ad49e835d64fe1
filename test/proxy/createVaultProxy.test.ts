import { afterEach, describe, expect, it } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import { createVaultClient } from '../../src/core/client/createVaultClient';
import { createManualClock, createVaultEmulator, DEFAULT_LOGIN_HOST } from '../../src/emulator';
import { createLoopbackUpstream } from '../../src/node/createLoopbackUpstream';
import {
  createVaultProxy,
  type VaultProxyContext,
  type VaultProxyLogEvent,
  type VaultProxyOptions,
} from '../../src/proxy';

const ORIGIN = 'https://app.sunrise.example';
const OPTIONS: VaultProxyOptions = {
  loginHost: 'login.sunrise.example',
  allowHosts: ['promomats.sunrise.example', '*.harbor.example'],
};

/** An upstream that records what reached it and echoes it back with some hostile headers. */
function echoUpstream() {
  const seen: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  const contexts: (VaultProxyContext | undefined)[] = [];
  const fetch = async (request: Request, context?: VaultProxyContext): Promise<Response> => {
    seen.push({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: request.body ? await request.text() : '',
    });
    contexts.push(context);
    return new Response(JSON.stringify({ responseStatus: 'SUCCESS' }), {
      headers: {
        'Content-Type': 'application/json;charset=UTF-8',
        'Set-Cookie': 'upstream=1; Path=/',
        'X-VaultAPI-BurstLimitRemaining': '19',
        'X-Powered-By': 'vault',
        'Access-Control-Allow-Origin': '*',
        'Retry-After': '5',
      },
    });
  };
  return { seen, contexts, fetch };
}

async function failureType(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { responseStatus: string; errors?: { type: string }[] };
  expect(body.responseStatus).toBe('FAILURE');
  return body.errors?.[0]?.type;
}

describe('createVaultProxy: routing', () => {
  it('sends /auth/* to the login host and /vault/{dns}/api/* to that vault, query kept', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, fetch: upstream.fetch });
    await proxy(new Request(`${ORIGIN}/auth/discovery`, { method: 'POST', body: 'username=a' }));
    await proxy(
      new Request(`${ORIGIN}/vault/promomats.sunrise.example/api/v26.1/objects/documents?limit=5`),
    );
    await proxy(new Request(`${ORIGIN}/vault/clinical.harbor.example/api`), {
      clientAddress: '203.0.113.9',
    });
    expect(upstream.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST https://login.sunrise.example/auth/discovery',
      'GET https://promomats.sunrise.example/api/v26.1/objects/documents?limit=5',
      'GET https://clinical.harbor.example/api',
    ]);
    expect(upstream.seen[0]?.body).toBe('username=a');
    expect(upstream.contexts[2]).toEqual({ clientAddress: '203.0.113.9' });
  });

  it('honours a mount path', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, basePath: '/vault-proxy', fetch: upstream.fetch });
    const ok = await proxy(new Request(`${ORIGIN}/vault-proxy/auth/discovery`, { method: 'POST' }));
    expect(ok.status).toBe(200);
    expect(await failureType(await proxy(new Request(`${ORIGIN}/auth/discovery`)))).toBe(
      'PROXY_NOT_FOUND',
    );
    expect(upstream.seen.map((request) => request.url)).toEqual([
      'https://login.sunrise.example/auth/discovery',
    ]);
  });
});

describe('createVaultProxy: hostile hosts and paths never reach anything', () => {
  const hostile: [string, string][] = [
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
    ['an encoded dot', '/vault/promomats%2esunrise.example/api'],
    ['an encoded slash in the host', '/vault/evil.example%2fpromomats.sunrise.example/api'],
    ['upper case', '/vault/PROMOMATS.sunrise.example/api'],
    ['mixed case', '/vault/PromoMats.Sunrise.Example/api'],
    ['a trailing dot', '/vault/promomats.sunrise.example./api'],
    ['a single label', '/vault/localhost/api'],
    ['an empty host', '/vault//api'],
    ['a path outside /api', '/vault/promomats.sunrise.example/apix'],
    ['the OpenID Provider', '/vault/promomats.sunrise.example/oidc/token'],
    ['a dot-segment escape', '/vault/promomats.sunrise.example/api/../../oidc/x'],
    ['an encoded dot-segment escape', '/vault/promomats.sunrise.example/api/%2e%2e/%2e%2e/x'],
    ['an encoded slash in the path', '/vault/promomats.sunrise.example/api%2f..%2fx'],
    ['an encoded backslash in the path', '/vault/promomats.sunrise.example/api/%5c..%5cx'],
    ['a double slash', '/vault/promomats.sunrise.example/api//x'],
    ['a path next to /auth', '/authz/discovery'],
    ['bare /auth', '/auth/'],
    ['an unknown root', '/oidc/token'],
    ['the root', '/'],
    ['a NUL byte', '/vault/promomats.sunrise.example/api/%00'],
  ];

  it.each(hostile)('refuses %s', async (_name, path) => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, fetch: upstream.fetch });
    const response = await proxy(new Request(`${ORIGIN}${path}`));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await failureType(response)).toMatch(/^PROXY_/);
    expect(upstream.seen).toEqual([]);
  });

  it('covers at least 30 hostile hosts and paths', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it('refuses a method it does not proxy', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, fetch: upstream.fetch });
    const response = await proxy(
      new Request(`${ORIGIN}/vault/promomats.sunrise.example/api`, { method: 'OPTIONS' }),
    );
    expect(response.status).toBe(405);
    expect(upstream.seen).toEqual([]);
  });
});

describe('createVaultProxy: header hygiene', () => {
  it('forwards only the API headers, never cookies; returns only safe headers, never Set-Cookie', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, fetch: upstream.fetch });
    const response = await proxy(
      new Request(`${ORIGIN}/vault/promomats.sunrise.example/api/v26.1/keep-alive`, {
        method: 'POST',
        headers: {
          Authorization: 'session-id-value',
          'X-VaultAPI-ClientID': 'sunrise-docs',
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'Accept-Language': 'de',
          Cookie: 'app-session=secret',
          Origin: ORIGIN,
          Referer: `${ORIGIN}/documents`,
          'X-Forwarded-For': '10.0.0.1',
          'User-Agent': 'test',
        },
      }),
    );
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

  it('drops the length of an answer that fetch decoded from a compressed one', async () => {
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: async () =>
        new Response('{"responseStatus":"SUCCESS"}', {
          headers: { 'Content-Encoding': 'gzip', 'Content-Length': '12' },
        }),
    });
    const response = await proxy(new Request(`${ORIGIN}/vault/promomats.sunrise.example/api`));
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ responseStatus: 'SUCCESS' });
  });

  it('refuses a state-changing call from another origin, lets same-origin and non-browser callers through', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, fetch: upstream.fetch });
    const login = (origin?: string) =>
      proxy(
        new Request(`${ORIGIN}/vault/promomats.sunrise.example/api/v26.1/auth`, {
          method: 'POST',
          body: 'username=a&password=b',
          headers: origin ? { Origin: origin } : {},
        }),
      );
    const refused = await login('https://evil.example');
    expect(refused.status).toBe(403);
    expect(await failureType(refused)).toBe('PROXY_ORIGIN_REFUSED');
    expect(await failureType(await login('null'))).toBe('PROXY_ORIGIN_REFUSED');
    expect((await login(ORIGIN)).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect(upstream.seen).toHaveLength(2);
  });
});

describe('createVaultProxy: bounds', () => {
  it('refuses a body over the limit, declared or streamed', async () => {
    const upstream = echoUpstream();
    const proxy = createVaultProxy({ ...OPTIONS, maxRequestBytes: 1_000, fetch: upstream.fetch });
    const url = `${ORIGIN}/vault/promomats.sunrise.example/api/v26.1/objects/documents`;
    const declared = await proxy(new Request(url, { method: 'POST', body: 'x'.repeat(1_001) }));
    expect(declared.status).toBe(413);
    expect(await failureType(declared)).toBe('PROXY_PAYLOAD_TOO_LARGE');

    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(400));
        controller.close();
      },
    });
    const streamed = await proxy(
      new Request(url, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit),
    );
    expect(streamed.status).toBeGreaterThanOrEqual(400);
  });

  it('answers 504 when the upstream does not answer in time, and aborts it', async () => {
    let aborted = false;
    const proxy = createVaultProxy({
      ...OPTIONS,
      upstreamTimeoutMs: 20,
      fetch: (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            reject(request.signal.reason);
          });
        }),
    });
    const response = await proxy(new Request(`${ORIGIN}/vault/promomats.sunrise.example/api`));
    expect(response.status).toBe(504);
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_TIMEOUT');
    expect(aborted).toBe(true);
  });

  it('aborts the upstream call when the client goes away', async () => {
    let upstreamSignal: AbortSignal | undefined;
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: (request) => {
        upstreamSignal = request.signal;
        return new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        });
      },
    });
    const client = new AbortController();
    const pending = proxy(
      new Request(`${ORIGIN}/vault/promomats.sunrise.example/api`, { signal: client.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    client.abort();
    await pending;
    expect(upstreamSignal?.aborted).toBe(true);
  });

  it('does not follow or pass on an upstream redirect', async () => {
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: async () =>
        new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }),
    });
    const response = await proxy(new Request(`${ORIGIN}/vault/promomats.sunrise.example/api`));
    expect(response.status).toBe(502);
    expect(response.headers.get('location')).toBeNull();
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_REDIRECT');
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const response = await proxy(new Request(`${ORIGIN}/auth/discovery`, { method: 'POST' }));
    expect(response.status).toBe(502);
    expect(await failureType(response)).toBe('PROXY_UPSTREAM_UNREACHABLE');
  });
});

describe('createVaultProxy: its log', () => {
  it('says what happened and never carries a header, body, query or session ID', async () => {
    const events: VaultProxyLogEvent[] = [];
    const upstream = echoUpstream();
    const proxy = createVaultProxy({
      ...OPTIONS,
      fetch: upstream.fetch,
      log: (e) => events.push(e),
    });
    const sessionId = 'f'.repeat(64);
    await proxy(
      new Request(
        `${ORIGIN}/vault/promomats.sunrise.example/api/v26.1/objects/documents?q=${sessionId}`,
        { headers: { Authorization: sessionId } },
      ),
    );
    await proxy(
      new Request(`${ORIGIN}/vault/evil.example/api`, { headers: { Authorization: sessionId } }),
    );
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
  ])('refuses %s at creation', (_name, options) => {
    expect(() => createVaultProxy(options as VaultProxyOptions)).toThrow(TypeError);
  });
});

describe('createVaultProxy in front of the emulator, over loopback HTTP', () => {
  let servers: ServedFetch[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it('carries a sign-in, keep-alive, delegations and sign-out of the kit client end to end', async () => {
    const emulator = createVaultEmulator({
      clock: createManualClock(Date.UTC(2026, 2, 2, 9)),
      passwordHashIterations: 1_000,
    });
    const vault = await serveFetch(emulator.fetch);
    // The resolver: every allowed host is the loopback emulator, reached over real HTTP
    // with the host kept, so the emulator tells the vaults apart.
    const proxy = await serveFetch(
      createVaultProxy({
        loginHost: DEFAULT_LOGIN_HOST,
        allowHosts: ['*.sunrise.example'],
        fetch: createLoopbackUpstream(vault.port),
      }),
    );
    servers = [vault, proxy];
    const client = createVaultClient({
      baseUrl: `${proxy.url}/vault/promomats.sunrise.example`,
      authUrl: proxy.url,
    });
    const discovery = await client.discover({ username: 'olivia@sunrise.example' });
    expect(discovery.authType).toBe('password');
    const { sessionId } = await client.login({
      username: 'olivia@sunrise.example',
      password: 'Sunrise-Demo-1',
    });
    await client.keepAlive(sessionId);
    expect(await client.getDelegations(sessionId)).toHaveLength(1);
    await client.endSession(sessionId);
    await expect(client.keepAlive(sessionId)).rejects.toMatchObject({ type: 'INVALID_SESSION_ID' });
    expect(emulator.sessionCount()).toBe(0);
  });
});
