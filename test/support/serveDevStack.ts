import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createVaultDevStack,
  type VaultDevStack,
  type VaultDevStackOptions,
} from '../../src/dev/createVaultDevStack';

/**
 * A dev stack served on a loopback port of its own, as `npx vault-session-kit dev` serves
 * it: its URL, the stack, and `close()` for both.
 *
 * @example
 * ```ts
 * const served = await serveDevStack({ appOrigins: ['http://localhost:5173'] });
 * await fetch(`${served.url}/vault/promomats.sunrise.example/api`);
 * await served.close();
 * ```
 */
export interface ServedDevStack {
  /** `http://127.0.0.1:{port}`, the stack's origin. */
  readonly url: string;
  readonly stack: VaultDevStack;
  close(): Promise<void>;
}

/**
 * Starts {@link ServedDevStack}: the port is taken first, since the stack needs the origin
 * it serves. The stack's log is silent unless `log` is given.
 *
 * @example
 * ```ts
 * const served = await serveDevStack({ session: false });
 * ```
 */
export async function serveDevStack(
  options: Omit<VaultDevStackOptions, 'origin'> = {},
): Promise<ServedDevStack> {
  let stack: VaultDevStack | undefined;
  const server = createServer((req, res) => {
    if (stack) stack.middleware(req, res, () => res.writeHead(404).end());
    else res.writeHead(503).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = await createVaultDevStack({ log: () => {}, ...options, origin: url });
  stack = started;
  return {
    url,
    stack: started,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await started.close();
    },
  };
}
