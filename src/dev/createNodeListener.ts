import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A fetch-style handler, as the emulator and the proxy are; the second argument carries
 * the caller's network address, which per-caller limits key on.
 *
 * @example
 * ```ts
 * const handler: FetchStyleHandler = (request) => new Response('ok');
 * ```
 */
export type FetchStyleHandler = (
  request: Request,
  context?: { clientAddress?: string | undefined },
) => Response | Promise<Response>;

/**
 * Runs a fetch-style handler as a `node:http` request listener. Bodies stream both ways,
 * and a client that disconnects aborts the handler's request. The request's URL is built
 * from the `Host` header and the target, which is what the emulator tells its vaults apart
 * by; the kit's proxy routes on the target only.
 *
 * @example
 * ```ts
 * createServer(createNodeListener(emulator.fetch)).listen(8787);
 * ```
 */
export function createNodeListener(
  handler: FetchStyleHandler,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(handler, req, res);
  };
}

async function serve(
  handler: FetchStyleHandler,
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
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
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
      // Several Set-Cookie headers must stay several headers.
      if (name === 'set-cookie') outgoing[name] = response.headers.getSetCookie();
      else outgoing[name] = value;
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
    if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
    res.end();
  }
}
