/// <reference types="node" />
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { resolveTo } from './resolveTo';

const LOOPBACK = resolveTo('127.0.0.1');

/**
 * A `fetch` for the proxy's upstream calls that sends each `https://{host}/…` request over
 * plain HTTP to a loopback port instead, with `{host}` kept in the `Host` header (and the
 * port): how the
 * proxy reaches a local emulator that tells its vaults apart by host, with no DNS entry and
 * no /etc/hosts edit. Bodies stream both ways, and aborting the request's signal aborts
 * the call. Node's own fetch cannot do this: it always sends the host it connects to.
 * For development and tests only (`npx vault-session-kit dev` on that port), never for
 * production.
 *
 * @example
 * ```ts
 * import { createVaultProxy } from 'vault-session-kit/proxy';
 * import { createLoopbackUpstream } from 'vault-session-kit/proxy/node';
 *
 * // In front of `npx vault-session-kit dev --port 8787`:
 * const proxy = createVaultProxy({
 *   loginHost: 'login.vault.example',
 *   allowHosts: ['*.sunrise.example', '*.harbor.example'],
 *   allowedOrigins: ['http://localhost:3000'],
 *   fetch: createLoopbackUpstream(8787),
 * });
 * ```
 */
export function createLoopbackUpstream(port: number): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      for (const [name, value] of request.headers) headers[name] = value;
      const outgoing = httpRequest(
        {
          // The vault's own name, so Node writes it in `Host`; only the address is loopback.
          host: url.hostname,
          port,
          lookup: LOOPBACK,
          method: request.method,
          path: `${url.pathname}${url.search}`,
          headers,
          signal: request.signal,
        },
        (incoming) => {
          const status = incoming.statusCode ?? 502;
          const empty = request.method === 'HEAD' || status === 204 || status === 304;
          resolve(
            new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
              status,
              statusText: incoming.statusMessage ?? '',
              headers: toHeaders(incoming.headers),
            }),
          );
        },
      );
      outgoing.once('error', reject);
      if (request.body) {
        Readable.fromWeb(request.body as import('node:stream/web').ReadableStream)
          .once('error', (error) => outgoing.destroy(error))
          .pipe(outgoing);
      } else {
        outgoing.end();
      }
    });
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}
