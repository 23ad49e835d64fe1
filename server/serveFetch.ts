import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * A fetch-style handler: the shape of the emulator and of anything mounted beside it. The
 * second argument carries the caller's network address, which per-caller limits key on.
 */
export type FetchHandler = (
  request: Request,
  context?: { clientAddress?: string | undefined },
) => Response | Promise<Response>;

/**
 * A running loopback HTTP server.
 *
 * @example
 * ```ts
 * const server = await serveFetch(emulator.fetch, { port: 0 });
 * console.log(server.url); // http://127.0.0.1:41234
 * await server.close();
 * ```
 */
export interface ServedFetch {
  /** Origin of the server, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Serves a fetch-style handler over real HTTP on 127.0.0.1 (port 0 picks a free port).
 *
 * @example
 * ```ts
 * const server = await serveFetch((req) => new Response('ok'));
 * ```
 */
export function serveFetch(
  handler: FetchHandler,
  options: { port?: number; hostname?: string } = {},
): Promise<ServedFetch> {
  const hostname = options.hostname ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (
          request: Request,
          env: { incoming?: { socket: { remoteAddress?: string | undefined } } },
        ) => handler(request, { clientAddress: env.incoming?.socket.remoteAddress }),
        port: options.port ?? 0,
        hostname,
      },
      (info: AddressInfo) => {
        resolve({
          url: `http://${hostname}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done, fail) => {
              // Keep-alive sockets from fetch would hold close() open for seconds.
              if ('closeAllConnections' in server) server.closeAllConnections();
              server.close((error) => (error ? fail(error) : done()));
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
