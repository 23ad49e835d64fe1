import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createDevOidcProvider } from '../../../src/dev/devOidcProvider';

/**
 * Runs the development OpenID Provider in this process on a free loopback port, with the
 * issuer and redirect URIs given in the environment (`DEV_OIDC_ISSUER`,
 * `DEV_OIDC_REDIRECT_URIS`, comma-separated), and prints its port, endpoints and introspection client as one JSON line once listening.
 * Used as a child process by tests whose own realm (jsdom) the provider cannot run in.
 *
 * @example
 * ```ts
 * spawn(process.execPath, ['--import', 'tsx', 'test/oidc/support/runDevOidcProvider.ts'], { env });
 * ```
 */
export async function runDevOidcProvider(): Promise<void> {
  const issuer = process.env.DEV_OIDC_ISSUER;
  const redirectUris = (process.env.DEV_OIDC_REDIRECT_URIS ?? '').split(',').filter(Boolean);
  if (!issuer) throw new Error('DEV_OIDC_ISSUER is required.');
  const dev = createDevOidcProvider({ issuer, redirectUris, log: () => {} });
  const server = createServer(dev.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ready = { port, endpoints: dev.endpoints, introspection: dev.clients.introspection };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  // The parent ends this process by closing stdin, so no orphan outlives a crashed run.
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runDevOidcProvider().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
