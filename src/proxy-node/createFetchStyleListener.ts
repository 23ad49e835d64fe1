/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { VaultProxyContext } from '../proxy/VaultProxyOptions';

// The request target alone makes the URL by default: `Host` is the client's to write, so
// nothing of it may reach the proxy's routing.
const NO_ORIGIN = 'http://proxy.invalid';

/**
 * A fetch-style handler, as `createVaultProxy` and the emulator are: the second argument
 * carries the caller's network address, which per-caller limits key on.
 *
 * @example
 * ```ts
 * const handler: FetchStyleHandler = () => new Response('ok');
 * ```
 */
export type FetchStyleHandler = (
  request: Request,
  context?: VaultProxyContext,
) => Response | Promise<Response>;

/**
 * Settings of {@link createFetchStyleListener}.
 *
 * @example
 * ```ts
 * // A handler that stands for one site, whatever the listener's address:
 * const options: FetchStyleListenerOptions = {
 *   requestUrl: (req) => `https://quality.sunrise.example${req.url}`,
 * };
 * ```
 */
export interface FetchStyleListenerOptions {
  /**
   * The `Request` URL for an incoming request. By default the request target alone (under
   * a placeholder origin), never `Host`: right for the proxy, which routes on the target.
   */
  readonly requestUrl?: (req: IncomingMessage) => string;
}

/**
 * A Node request listener around a fetch-style handler such as the proxy from
 * `createVaultProxy`: each request becomes a `Request`, the caller's address goes along as
 * `clientAddress`, bodies stream both ways, several `Set-Cookie` headers stay several, and
 * a client that disconnects aborts the call. The fetch machinery costs several times the
 * CPU of the direct adapter, `createVaultProxyListener`; this is for a proxy whose upstream
 * is itself a fetch handler (an in-process emulator).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createVaultEmulator } from 'vault-session-kit/emulator';
 * import { createFetchStyleListener } from 'vault-session-kit/proxy/node';
 *
 * // The emulator on a port of its own, as a stand-in for one vault in a local test.
 * const emulator = createVaultEmulator();
 * const listener = createFetchStyleListener((request) => emulator.fetch(request), {
 *   requestUrl: (req) => `https://promomats.sunrise.example${req.url}`,
 * });
 * createServer(listener).listen(3001);
 * ```
 */
export function createFetchStyleListener(
  handler: FetchStyleHandler,
  options: FetchStyleListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const requestUrl = options.requestUrl ?? targetUrl;
  return (req, res) => {
    void handle(handler, requestUrl, req, res);
  };
}

function targetUrl(req: IncomingMessage): string {
  const target = req.url ?? '/';
  return target.startsWith('/') ? `${NO_ORIGIN}${target}` : target;
}

async function handle(
  handler: FetchStyleHandler,
  requestUrl: (req: IncomingMessage) => string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const controller = new AbortController();
  // The response's close before its end means the client went away.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name.startsWith(':')) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    // A request has a body only when it says so (RFC 9112, 6.3); one that does not gets no
    // stream, which the fetch machinery would otherwise build and tear down for nothing.
    const hasBody =
      req.method !== 'GET' &&
      req.method !== 'HEAD' &&
      (req.headers['transfer-encoding'] !== undefined ||
        (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0'));
    const request = new Request(requestUrl(req), {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      ...(hasBody
        ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' }
        : {}),
    } as RequestInit);
    const response = await handler(request, { clientAddress: req.socket.remoteAddress });
    const outgoing: Record<string, string | string[]> = {};
    for (const [name, value] of response.headers) {
      // Several cookies must stay several headers; joined, a browser would read one.
      outgoing[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
    }
    res.writeHead(response.status, outgoing);
    if (!response.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    body.on('error', () => res.destroy());
    body.pipe(res);
  } catch {
    // Every answer is labelled, so not even this one can be sniffed into a document.
    if (!res.headersSent) {
      res.writeHead(400, { 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' });
    }
    res.end();
  }
}
