/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { VaultProxy } from '../proxy/VaultProxyOptions';

// The request target alone makes the URL: `Host` is the client's to write, so nothing of
// it may reach the proxy's routing.
const NO_ORIGIN = 'http://proxy.invalid';

/**
 * A Node request listener around a fetch-style {@link VaultProxy}: each request becomes a
 * `Request` (its URL made from the request target alone, never from `Host`), the caller's
 * address goes along as `clientAddress`, bodies stream both ways, and a client that
 * disconnects aborts the call. The fetch machinery costs several times the CPU of the
 * direct adapter, `createVaultProxyListener`; this is for a proxy whose upstream is itself
 * a fetch handler (an in-process emulator).
 *
 * @example
 * ```ts
 * createServer(createFetchStyleListener(createVaultProxy(options))).listen(8080);
 * ```
 */
export function createFetchStyleListener(
  proxy: VaultProxy,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void handle(proxy, req, res);
  };
}

async function handle(proxy: VaultProxy, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  // The response's close before its end means the client went away.
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const target = req.url ?? '/';
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(target.startsWith('/') ? `${NO_ORIGIN}${target}` : target, {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      ...(hasBody
        ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' }
        : {}),
    } as RequestInit);
    const response = await proxy(request, { clientAddress: req.socket.remoteAddress });
    const answerHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers);
    // Each cookie its own header line: joined, they would read as one.
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) answerHeaders['set-cookie'] = cookies;
    res.writeHead(response.status, answerHeaders);
    if (!response.body) {
      res.end();
      return;
    }
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    body.on('error', () => res.destroy());
    body.pipe(res);
  } catch {
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
    res.end();
  }
}
