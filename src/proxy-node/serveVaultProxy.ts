/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VaultProxy } from '../proxy/VaultProxyOptions';
import { createFetchStyleListener } from './createFetchStyleListener';
import { createVaultProxyListener, type NodeVaultProxyOptions } from './createVaultProxyListener';
import { describeVaultProxy } from './describeVaultProxy';

/**
 * A running proxy server.
 *
 * @example
 * ```ts
 * const served: ServedVaultProxy = await serveVaultProxy(
 *   { loginHost: 'login.veevavault.com', allowHosts: ['*.veevavault.com'] },
 *   { print: false },
 * );
 * console.info(`The proxy listens on ${served.url}`);
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
 * Where {@link serveVaultProxy} listens, and where it says so.
 *
 * @example
 * ```ts
 * const options: ServeVaultProxyOptions = { port: 8080, hostname: '0.0.0.0', print: false };
 * ```
 */
export interface ServeVaultProxyOptions {
  /** Default 0: a free port (`ServedVaultProxy.port` says which). */
  readonly port?: number | undefined;
  /** Default `127.0.0.1`; `0.0.0.0` for every interface. */
  readonly hostname?: string | undefined;
  /**
   * Takes the line saying where the proxy listens and what it forwards where, once it
   * listens. Default: standard output; `false` prints nothing.
   */
  readonly print?: ((line: string) => void) | false | undefined;
}

/**
 * Runs the proxy as a Node HTTP server. Given settings, it is the direct Node adapter
 * ({@link createVaultProxyListener}); given a fetch-style proxy from `createVaultProxy`, each
 * call goes through it (slower). Either way bodies stream both ways, the route comes from
 * the request target alone, and a client that disconnects ends the upstream call. Put TLS
 * in front of it (a load balancer or reverse proxy) in production. Once it listens it prints
 * where, and what it forwards where (`print`).
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
  options: ServeVaultProxyOptions = {},
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
      const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
      const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
      if (print !== false) {
        print(
          `Vault proxy listening on ${url}: ${
            typeof proxy === 'function'
              ? 'every request to the fetch-style proxy given, which forwards as its settings say'
              : describeVaultProxy(proxy)
          }`,
        );
      }
      resolve({
        url,
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
