// The dev stack (emulator, proxy in BFF mode, development OpenID Provider) in a Node process
// of its own, on a manual clock: for jsdom tests, whose window replaces the globals that the
// provider's and the proxy's cryptography need (typed arrays of another realm). The test
// moves the clock and withdraws consent through two routes of this process's own, under
// `/__test/`, which no app calls.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createVaultDevStack } from '../../src/dev/createVaultDevStack';
import { createManualClock } from '../../src/emulator/createManualClock';
import { type RuntimeProcess, startRuntimeProcess } from './startRuntimeProcess';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The dev stack served by a child process, and the test's hold on its clock and provider.
 *
 * @example
 * ```ts
 * const stack = await serveDevStackProcess();
 * await stack.advance(60_000);
 * ```
 */
export interface DevStackProcess extends RuntimeProcess {
  /** Moves the emulator's clock (which the proxy follows); resolves with the new time. */
  advance(ms: number): Promise<number>;
  /** Withdraws a user's consent at the development provider (`sub`, e.g. `sam`). */
  withdrawConsent(sub: string): Promise<void>;
}

/**
 * Starts the child process, starting its clock at `startMs`.
 *
 * @example
 * ```ts
 * const stack = await serveDevStackProcess(Date.UTC(2026, 0, 5, 9));
 * ```
 */
export async function serveDevStackProcess(startMs: number): Promise<DevStackProcess> {
  const served = await startRuntimeProcess(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'serveDevStackProcess.ts')],
    {
      cwd: ROOT,
      portPattern: /dev stack listening on (\d+)/,
      env: { DEV_STACK_START: String(startMs) },
    },
  );
  const call = async (path: string): Promise<string> => {
    const response = await fetch(`${served.url}${path}`, { method: 'POST' });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return response.text();
  };
  return {
    ...served,
    advance: async (ms) => Number(await call(`/__test/advance?ms=${ms}`)),
    withdrawConsent: async (sub) => {
      await call(`/__test/withdraw-consent?sub=${encodeURIComponent(sub)}`);
    },
  };
}

async function main(): Promise<void> {
  const clock = createManualClock(Number(process.env.DEV_STACK_START));
  let stack: Awaited<ReturnType<typeof createVaultDevStack>> | undefined;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    if (url.pathname === '/__test/advance') {
      clock.advance(Number(url.searchParams.get('ms')));
      res.writeHead(200).end(String(clock.now()));
      return;
    }
    if (url.pathname === '/__test/withdraw-consent') {
      void stack?.oidc?.withdrawConsent(url.searchParams.get('sub') ?? '').then(
        () => res.writeHead(200).end(),
        () => res.writeHead(500).end(),
      );
      return;
    }
    if (stack) stack.middleware(req, res, () => res.writeHead(404).end());
    else res.writeHead(503).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  stack = await createVaultDevStack({
    origin: `http://127.0.0.1:${port}`,
    log: () => {},
    emulator: { clock, passwordHashIterations: 1_000, authBurstLimit: 1_000 },
  });
  process.stdout.write(`dev stack listening on ${port}\n`);
}

if (process.env.DEV_STACK_START !== undefined && import.meta.filename === process.argv[1]) {
  void main();
}
