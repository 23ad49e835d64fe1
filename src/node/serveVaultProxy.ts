/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { VaultProxy } from '../proxy/VaultProxyOptions';

/**
 * A running proxy server.
 *
 * @example
 * ```ts
 * const served = await serveVaultProxy(proxy, { port: 8080 });
 * console.log(served.url);
 * await served.close();
 * ```
 */
export interface ServedVaultProxy {
  /** `http://{hostname}:{port}`, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * Runs a {@link VaultProxy} as a Node HTTP server. Bodies stream both ways (a document
 * download or upload is never held whole), the caller's address goes to the proxy as
 * `clientAddress`, and a client that disconnects aborts the proxy's upstream call. Put TLS
 * in front of it (a load balancer or reverse proxy) in production.
 *
 * @example
 * ```ts
 * import { createVaultProxy } from 'vault-session-kit/proxy';
 * import { serveVaultProxy } from 'vault-session-kit/proxy/node';
 *
 * const proxy = createVaultProxy({ loginHost: 'login.veevavault.com', allowHosts: ['*.veevavault.com'] });
 * await serveVaultProxy(proxy, { port: 8080, hostname: '0.0.0.0' });
 * ```
 */
export function serveVaultProxy(
  proxy: VaultProxy,
  options: { port?: number; hostname?: string } = {},
): Promise<ServedVaultProxy> {
  const hostname = options.hostname ?? '127.0.0.1';
  const server = createServer((req, res) => {
    void handle(proxy, req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, hostname, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`,
        port,
        server,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
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
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      ...(hasBody
        ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' }
        : {}),
    } as RequestInit);
    const response = await proxy(request, { clientAddress: req.socket.remoteAddress });
    res.writeHead(response.status, Object.fromEntries(response.headers));
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
