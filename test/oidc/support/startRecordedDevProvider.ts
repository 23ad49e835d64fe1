import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createDevOidcProvider,
  type DevOidcProvider,
  type DevOidcTtl,
} from '../../../src/dev/devOidcProvider';

/**
 * A request the identity provider received (method and path only).
 *
 * @example
 * ```ts
 * const tokenCalls = stack.idpRequests.filter((r) => r.path === '/oidc/token');
 * ```
 */
export interface IdpRequest {
  readonly method: string;
  readonly path: string;
}

/**
 * The real development OpenID Provider on its own loopback port, with every request it gets
 * recorded, so a test can count token endpoint calls.
 *
 * @example
 * ```ts
 * const idp = await startRecordedDevProvider({ redirectUris: ['http://localhost:3000/sso/callback'] });
 * ```
 */
export interface RecordedDevProvider {
  readonly dev: DevOidcProvider;
  readonly requests: IdpRequest[];
  /** How many POSTs reached the token endpoint. */
  tokenCalls(): number;
  close(): Promise<void>;
}

/**
 * Starts {@link createDevOidcProvider} on 127.0.0.1 behind a recording request listener.
 *
 * @example
 * ```ts
 * const idp = await startRecordedDevProvider({ redirectUris: [redirectUri], ttl: { accessToken: 60 } });
 * ```
 */
export async function startRecordedDevProvider(options: {
  redirectUris: readonly string[];
  ttl?: DevOidcTtl;
}): Promise<RecordedDevProvider> {
  const requests: IdpRequest[] = [];
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0] ?? '/' });
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dev = createDevOidcProvider({
    issuer: `http://127.0.0.1:${port}/oidc`,
    redirectUris: options.redirectUris,
    ...(options.ttl === undefined ? {} : { ttl: options.ttl }),
    log: () => {},
  });
  handle = dev.callback;
  const tokenPath = new URL(dev.endpoints.token).pathname;
  return {
    dev,
    requests,
    tokenCalls: () => requests.filter((r) => r.method === 'POST' && r.path === tokenPath).length,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      await dev.close();
    },
  };
}
