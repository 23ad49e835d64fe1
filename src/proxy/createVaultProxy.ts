import { isAllowedHost, isPlainHostName } from './isAllowedHost';
import type {
  VaultProxy,
  VaultProxyErrorType,
  VaultProxyLogEvent,
  VaultProxyOptions,
} from './VaultProxyOptions';

const REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'accept-language'];
const RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'content-length',
  'retry-after',
  'cache-control',
];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_MAX_REQUEST_BYTES = 100 * 1024 * 1024;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

class ProxyRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: VaultProxyErrorType,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates the production same-origin proxy that browsers need to reach the service (it
 * publishes no CORS policy): `/auth/*` goes to the login host and `/vault/{dns}/api/*` to
 * that vault, and nothing else anywhere. Hosts must be on the allow list (no IP literals,
 * ports, user info or encodings, so the proxy cannot be turned against the network it runs
 * in); only the headers the API needs pass, in either direction, and never cookies; bodies
 * stream both ways; request size and upstream time are bounded; `Origin` is checked on
 * state-changing calls; a client that goes away aborts the upstream call. Everything it
 * refuses gets the service's failure shape with a `PROXY_*` type. Isomorphic: it runs
 * wherever `fetch`, `Request` and streams exist (Node, Deno, Bun, edge runtimes).
 *
 * @example
 * ```ts
 * const proxy = createVaultProxy({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 * });
 * // Next.js App Router, app/vault-api/[...path]/route.ts:
 * export const GET = (request: Request) => proxy(request);
 * ```
 */
export function createVaultProxy(options: VaultProxyOptions): VaultProxy {
  const settings = checkOptions(options);
  const upstreamFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));

  return async (request, context) => {
    const started = Date.now();
    let route: VaultProxyLogEvent['route'] = 'refused';
    let host: string | undefined;
    const finish = (response: Response, error?: VaultProxyErrorType): Response => {
      try {
        options.log?.({
          method: request.method,
          route,
          host,
          status: response.status,
          error,
          durationMs: Date.now() - started,
        });
      } catch {
        // A failing logger must not change the answer.
      }
      return response;
    };

    try {
      const target = resolveTarget(request, settings);
      route = target.route;
      host = target.host;
      checkOrigin(request, settings);
      const body = requestBody(request, settings.maxRequestBytes);
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new ProxyRefusal(504, 'PROXY_UPSTREAM_TIMEOUT', 'timeout')),
        settings.upstreamTimeoutMs,
      );
      const signal = AbortSignal.any([request.signal, timeout.signal]);
      let upstream: Response;
      try {
        upstream = await upstreamFetch(
          new Request(target.url, {
            method: request.method,
            headers: forwardedRequestHeaders(request.headers),
            signal,
            redirect: 'manual',
            ...(body ? { body, duplex: 'half' } : {}),
          } as RequestInit),
          context,
        );
      } catch (error) {
        if (timeout.signal.aborted) {
          throw new ProxyRefusal(
            504,
            'PROXY_UPSTREAM_TIMEOUT',
            'The vault did not answer in time.',
          );
        }
        if (error instanceof ProxyRefusal) throw error;
        if (signal.reason instanceof ProxyRefusal) throw signal.reason;
        throw new ProxyRefusal(
          502,
          'PROXY_UPSTREAM_UNREACHABLE',
          'The vault could not be reached.',
        );
      } finally {
        clearTimeout(timer);
      }
      if (upstream.status >= 300 && upstream.status < 400) {
        await upstream.body?.cancel().catch(() => undefined);
        throw new ProxyRefusal(
          502,
          'PROXY_UPSTREAM_REDIRECT',
          'The vault answered with a redirect, which the proxy does not follow.',
        );
      }
      // The body streams through as it arrives; a document download is never held whole.
      return finish(
        new Response(upstream.body, {
          status: upstream.status,
          statusText: upstream.statusText,
          headers: returnedResponseHeaders(upstream.headers),
        }),
      );
    } catch (error) {
      const refusal =
        error instanceof ProxyRefusal
          ? error
          : new ProxyRefusal(502, 'PROXY_UPSTREAM_UNREACHABLE', 'The vault could not be reached.');
      return finish(refusalResponse(refusal), refusal.type);
    }
  };
}

interface ResolvedSettings {
  readonly loginHost: string;
  readonly allowHosts: readonly string[];
  readonly allowedOrigins: readonly string[] | undefined;
  readonly basePath: string;
  readonly maxRequestBytes: number;
  readonly upstreamTimeoutMs: number;
}

function checkOptions(options: VaultProxyOptions): ResolvedSettings {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createVaultProxy needs { loginHost, allowHosts }.');
  }
  if (typeof options.loginHost !== 'string' || !isPlainHostName(options.loginHost)) {
    throw new TypeError(
      `loginHost must be a lower-case host name such as "login.veevavault.com", got ${JSON.stringify(options.loginHost)}.`,
    );
  }
  if (!Array.isArray(options.allowHosts) || options.allowHosts.length === 0) {
    throw new TypeError('allowHosts must list at least one host name or "*.suffix" pattern.');
  }
  for (const pattern of options.allowHosts) {
    const name =
      typeof pattern === 'string' && pattern.startsWith('*.') ? pattern.slice(2) : pattern;
    if (typeof name !== 'string' || !isPlainHostName(name)) {
      throw new TypeError(
        `allowHosts entries must be lower-case host names or "*.suffix" patterns with at least two labels, got ${JSON.stringify(pattern)}.`,
      );
    }
  }
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !/^(?:\/[A-Za-z0-9._~-]+)+$/.test(basePath)) {
    throw new TypeError(
      `basePath must be a path such as "/vault-proxy", got ${JSON.stringify(options.basePath)}.`,
    );
  }
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  for (const [name, value] of [
    ['maxRequestBytes', maxRequestBytes],
    ['upstreamTimeoutMs', upstreamTimeoutMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`${name} must be a whole number from 1 up, got ${value}.`);
    }
  }
  const allowedOrigins = options.allowedOrigins?.map((origin) => new URL(origin).origin);
  return {
    loginHost: options.loginHost,
    allowHosts: [...options.allowHosts],
    allowedOrigins,
    basePath,
    maxRequestBytes,
    upstreamTimeoutMs,
  };
}

function resolveTarget(
  request: Request,
  settings: ResolvedSettings,
): { route: 'auth' | 'vault'; host: string; url: string } {
  if (!METHODS.has(request.method)) {
    throw new ProxyRefusal(405, 'PROXY_BAD_PATH', `The ${request.method} method is not proxied.`);
  }
  const url = new URL(request.url);
  const path = url.pathname;
  // The URL parser has already resolved dot segments; what it leaves encoded (slashes,
  // backslashes, dots) or doubled could be read differently upstream, so it is refused.
  if (/%(?:2e|2f|5c|00)|\/\/|\\/i.test(path)) {
    throw new ProxyRefusal(400, 'PROXY_BAD_PATH', 'The path holds encoded or doubled separators.');
  }
  if (!path.startsWith(`${settings.basePath}/`)) {
    throw new ProxyRefusal(
      404,
      'PROXY_NOT_FOUND',
      'Only /auth/* and /vault/{host}/api/* are proxied.',
    );
  }
  const rest = path.slice(settings.basePath.length);
  const query = url.search;
  if (rest.startsWith('/auth/') && rest.length > '/auth/'.length) {
    return {
      route: 'auth',
      host: settings.loginHost,
      url: `https://${settings.loginHost}${rest}${query}`,
    };
  }
  const vault = /^\/vault\/([^/]+)(\/api(?:\/.*)?)$/.exec(rest);
  if (!vault) {
    throw new ProxyRefusal(
      404,
      'PROXY_NOT_FOUND',
      'Only /auth/* and /vault/{host}/api/* are proxied.',
    );
  }
  const [, host = '', apiPath = ''] = vault;
  if (!isAllowedHost(host, settings.allowHosts)) {
    throw new ProxyRefusal(
      400,
      'PROXY_HOST_NOT_ALLOWED',
      'That vault host is not on the allow list.',
    );
  }
  return { route: 'vault', host, url: `https://${host}${apiPath}${query}` };
}

function checkOrigin(request: Request, settings: ResolvedSettings): void {
  if (!STATE_CHANGING.has(request.method)) return;
  const origin = request.headers.get('origin');
  if (origin === null) return;
  const allowed = settings.allowedOrigins ?? [new URL(request.url).origin];
  if (!allowed.includes(origin)) {
    throw new ProxyRefusal(403, 'PROXY_ORIGIN_REFUSED', 'Calls from that origin are refused.');
  }
}

function requestBody(request: Request, limit: number): ReadableStream<Uint8Array> | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return undefined;
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    throw new ProxyRefusal(
      413,
      'PROXY_PAYLOAD_TOO_LARGE',
      `Request bodies are limited to ${limit} bytes.`,
    );
  }
  let seen = 0;
  // Counted as it streams: a body without a length (or lying about it) stops at the limit.
  return request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          controller.error(
            new ProxyRefusal(
              413,
              'PROXY_PAYLOAD_TOO_LARGE',
              `Request bodies are limited to ${limit} bytes.`,
            ),
          );
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

function forwardedRequestHeaders(incoming: Headers): Headers {
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (REQUEST_HEADERS.includes(name) || name.startsWith('x-vaultapi-')) headers.set(name, value);
  }
  return headers;
}

function returnedResponseHeaders(upstream: Headers): Headers {
  const headers = new Headers();
  for (const [name, value] of upstream) {
    if (RESPONSE_HEADERS.includes(name) || name.startsWith('x-vaultapi-')) headers.set(name, value);
  }
  // fetch hands over a compressed answer already decoded: its length no longer applies.
  if (upstream.has('content-encoding')) headers.delete('content-length');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff');
  return headers;
}

function refusalResponse(refusal: ProxyRefusal): Response {
  return new Response(
    JSON.stringify({
      responseStatus: 'FAILURE',
      errors: [{ type: refusal.type, message: refusal.message }],
    }),
    {
      status: refusal.status,
      headers: {
        'content-type': 'application/json;charset=UTF-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    },
  );
}
