import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_IDP_HOST } from '../../src/dev/createVaultDevStack';
import { createVaultProxyListener } from '../../src/proxy-node';
import type { ServedDevStack } from '../support/serveDevStack';

/**
 * The Node adapter in BFF mode with single sign-on, on a loopback port in front of a served
 * dev stack (its upstream, unless `more` names another), for the pages of that stack's
 * origin; `now` is the proxy's clock.
 *
 * @example
 * ```ts
 * const node = await startSsoNodeListener(served, SECRET);
 * await fetch(`${node.url}/vault-session`);
 * await node.close();
 * ```
 */
export async function startSsoNodeListener(
  served: ServedDevStack,
  secret: string,
  now?: () => number,
  more: { readonly upstream?: string; readonly warn?: (line: string) => void } = {},
): Promise<{ readonly url: string; close(): Promise<void> }> {
  const listener = createVaultProxyListener({
    loginHost: served.stack.emulator.loginHost as string,
    allowHosts: ['*.harbor.example', '*.sunrise.example'],
    allowedOrigins: [served.url],
    session: {
      secrets: [secret],
      ...(now === undefined ? {} : { now }),
      sso: { allowHosts: [DEV_IDP_HOST] },
    },
    upstream: more.upstream ?? served.url,
    ...(more.warn === undefined ? {} : { warn: more.warn }),
  });
  const server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      listener.close();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
