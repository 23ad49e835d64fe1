/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VaultProxy } from '../proxy/VaultProxyOptions';
import { createFetchStyleListener } from './createFetchStyleListener';
import { createVaultProxyListener, type NodeVaultProxyOptions } from './createVaultProxyListener';

/**
 * A running proxy server.
 *
 * @example
 * ```ts
 * const served = await serveVaultProxy(options, { port: 8080 });
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
 * Runs the proxy as a Node HTTP server. Given settings, it is the direct Node adapter
 * ({@link createVaultProxyListener}); given a fetch-style proxy from `createVaultProxy`, each
 * call goes through it (slower). Either way bodies stream both ways, the route comes from
 * the request target alone, and a client that disconnects ends the upstream call. Put TLS
 * in front of it (a load balancer or reverse proxy) in production.
 *
 * @example
 * ```ts
 * import { serveVaultProxy } from 'vault-session-kit/proxy/node';
 *
 * await serveVaultProxy(
 *   {
 *     loginHost: 'login.veevavault.com',
 *     allowHosts: ['*.veevavault.com'],
 *     allowedOrigins: ['https://app.example.com'],
 *   },
 *   { port: 8080, hostname: '0.0.0.0' },
 * );
 * ```
 */
export function serveVaultProxy(
  proxy: VaultProxy | NodeVaultProxyOptions,
  options: { port?: number; hostname?: string } = {},
): Promise<ServedVaultProxy> {
  const hostname = options.hostname ?? '127.0.0.1';
  const listener =
    typeof proxy === 'function'
      ? Object.assign(createFetchStyleListener(proxy), { close: () => undefined })
      : createVaultProxyListener(proxy);
  const server = createServer(listener);
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
            listener.close();
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
}
