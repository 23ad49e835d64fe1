// The proxy's tests run against each way it is served: the fetch-style handler called
// directly, the Node adapter on node:http (its upstream over HTTP, or a fetch function),
// and the fetch-style handler served on Node. A
// test gives a path as it goes on the wire (not normalised by a client) and the upstream as
// a fetch function; for the Node adapter that function answers over loopback HTTP.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, expect } from 'vitest';
import { serveFetch } from '../../server/serveFetch';
import { createVaultClient } from '../../src/core/client/createVaultClient';
import { createVaultProxy, type VaultProxyContext, type VaultProxyOptions } from '../../src/proxy';
import { type ServedVaultProxy, serveVaultProxy } from '../../src/proxy-node';
import { token, tokenIdOf } from '../support/sessionReferences';

export const APP_ORIGIN = 'https://app.sunrise.example';

/** What a test sees of the upstream: `https://{host}{path}`, as the fetch handler sends it. */
export type UpstreamFetch = (request: Request, context?: VaultProxyContext) => Promise<Response>;

/** A request's method, headers, body and signal; a stream body needs `duplex: 'half'`. */
export type SendInit = Omit<RequestInit, 'headers'> & {
  headers?: Record<string, string>;
  duplex?: 'half';
};

export interface ProxyUnderTest {
  /** Sends `path` (exactly as written) with `init`, as a client of this proxy would. */
  send(path: string, init?: SendInit): Promise<Response>;
  /** The loopback port it listens on, for a test that reads the raw HTTP answer. */
  readonly port?: number;
}

export interface ProxyAdapter {
  readonly name: string;
  /** True where the upstream function runs in the proxy's process (context passes). */
  readonly inProcess: boolean;
  start(options: VaultProxyOptions & { fetch: UpstreamFetch }): Promise<ProxyUnderTest>;
}

const closers: (() => Promise<void>)[] = [];
// The adapters' tests read answers, not the line a server prints when it listens.
const QUIET = { print: false } as const;
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

// Framing and connection headers that HTTP itself adds on the way; the fetch handler's
// upstream never sees them, so they are left out for the comparison.
const FRAMING = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

export const PROXY_ADAPTERS: readonly ProxyAdapter[] = [
  {
    name: 'createVaultProxy',
    inProcess: true,
    async start(options) {
      const proxy = createVaultProxy(options);
      // A framework builds the request's URL from `Host`; so does this stand-in.
      return {
        send: (path, init) => {
          const host = Object.entries(init?.headers ?? {}).find(([name]) => /^host$/i.test(name));
          const base = host ? `http://${host[1]}` : APP_ORIGIN;
          return proxy(new Request(`${base}${path}`, init as RequestInit));
        },
      };
    },
  },
  {
    name: 'createVaultProxyListener',
    inProcess: false,
    async start({ fetch: upstreamFetch, ...options }) {
      const upstream = await serveFetch((request) => {
        const url = new URL(request.url);
        const headers = new Headers();
        for (const [name, value] of request.headers) {
          if (!FRAMING.has(name)) headers.append(name, value);
        }
        return upstreamFetch(
          // `Host` names the vault and the upstream's port, as any server behind a
          // non-default port sees it; the vault is the name.
          new Request(`https://${url.hostname}${url.pathname}${url.search}`, {
            method: request.method,
            headers,
            signal: request.signal,
            ...(request.body ? { body: request.body, duplex: 'half' } : {}),
          } as RequestInit),
        );
      });
      const served = await serveVaultProxy({ ...options, upstream: upstream.url }, QUIET);
      closers.push(served.close, upstream.close);
      return { send: (path, init) => sendRaw(served.port, path, init), port: served.port };
    },
  },
  {
    name: 'createVaultProxyListener with a fetch upstream',
    inProcess: true,
    start: (options) => overHttp(serveVaultProxy(options, QUIET)),
  },
  {
    name: 'createVaultProxy served by serveVaultProxy',
    inProcess: true,
    start: (options) => overHttp(serveVaultProxy(createVaultProxy(options), QUIET)),
  },
];

async function overHttp(serving: Promise<ServedVaultProxy>): Promise<ProxyUnderTest> {
  const served = await serving;
  closers.push(served.close);
  return { send: (path, init) => sendRaw(served.port, path, init), port: served.port };
}

/**
 * One HTTP/1.1 request to 127.0.0.1:`port` with the path and headers exactly as given
 * (`Host` too, when given), its answer as a `Response`.
 */
export function sendRaw(port: number, path: string, init: SendInit = {}): Promise<Response> {
  const shaped = new Request('http://placeholder', init as RequestInit);
  return new Promise<Response>((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of shaped.headers) headers[name] = value;
    for (const [name, value] of Object.entries(init.headers ?? {}))
      headers[name.toLowerCase()] = value;
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: shaped.method,
        path,
        headers,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (incoming: IncomingMessage) => {
        const status = incoming.statusCode ?? 502;
        const empty = shaped.method === 'HEAD' || status === 204 || status === 304;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) {
            responseHeaders.append(name, item);
          }
        }
        resolve(
          new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
            status,
            headers: responseHeaders,
          }),
        );
      },
    );
    outgoing.once('error', reject);
    if (shaped.body) {
      Readable.fromWeb(shaped.body as import('node:stream/web').ReadableStream)
        .once('error', (error) => outgoing.destroy(error))
        .pipe(outgoing);
    } else {
      outgoing.end();
    }
  });
}

/** An upstream that records what reached it and echoes it back with some hostile headers. */
export function echoUpstream() {
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

/** The `PROXY_*` type of a failure answer (and that it is one). */
export async function failureType(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { responseStatus: string; errors?: { type: string }[] };
  expect(body.responseStatus).toBe('FAILURE');
  return body.errors?.[0]?.type;
}

/**
 * The kit's client through a proxy at `proxyUrl`: discovery, sign-in, keep-alive,
 * delegations and sign-out, each checked; the session is gone at the end.
 */
export async function driveKitClient(proxyUrl: string): Promise<void> {
  const client = createVaultClient({
    baseUrl: `${proxyUrl}/vault/promomats.sunrise.example`,
    authUrl: proxyUrl,
  });
  const discovery = await client.discover({ username: 'olivia@sunrise.example' });
  expect(discovery.authType).toBe('password');
  const sessionId = tokenIdOf(
    (
      await client.login({
        username: 'olivia@sunrise.example',
        password: 'Sunrise-Demo-1',
      })
    ).session,
  );
  await client.keepAlive(token(sessionId));
  expect(await client.getDelegations(token(sessionId))).toHaveLength(1);
  await client.endSession(token(sessionId));
  await expect(client.keepAlive(token(sessionId))).rejects.toMatchObject({
    type: 'INVALID_SESSION_ID',
  });
}
