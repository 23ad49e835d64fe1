import type { FetchHandler } from '../../server/serveFetch';
import { createVaultClient } from '../../src/core/client/createVaultClient';
import type { VaultClient, VaultClientConfig } from '../../src/core/client/types';
import {
  createManualClock,
  createVaultEmulator,
  type ManualClock,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../../src/emulator/index';
import { type LoopbackServer, startLoopbackServer } from './startLoopbackServer';

/**
 * An emulator on a manual clock, served on loopback behind a recording server, with a
 * client pointed at it.
 *
 * @example
 * ```ts
 * const env = await startEmulatorServer();
 * await env.client.login({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
 * await env.close();
 * ```
 */
export interface EmulatorEnvironment {
  readonly emulator: VaultEmulator;
  readonly clock: ManualClock;
  readonly server: LoopbackServer;
  readonly client: VaultClient;
  /** A second client on the same server with other settings. */
  clientWith(config: Omit<VaultClientConfig, 'baseUrl'>): VaultClient;
  /** Puts a fetch-style handler in front of the emulator (fault injection). */
  intercept(wrap: (emulatorFetch: FetchHandler) => FetchHandler): void;
  close(): Promise<void>;
}

/**
 * Starts an emulator (low hashing cost for speed, a manual clock) over real loopback HTTP.
 *
 * @example
 * ```ts
 * const env = await startEmulatorServer({ emulator: { idleTimeoutMs: 60_000 } });
 * ```
 */
export async function startEmulatorServer(
  options: {
    /** Default: a manual clock at 2026-03-02 08:00 UTC. */
    clock?: ManualClock;
    emulator?: Omit<VaultEmulatorOptions, 'clock'>;
    client?: Omit<VaultClientConfig, 'baseUrl'>;
  } = {},
): Promise<EmulatorEnvironment> {
  const clock = options.clock ?? createTestClock();
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    passwordHashIterations: 1_000,
    ...options.emulator,
    clock,
  });
  const server = await startLoopbackServer(emulator.fetch);
  const clientWith = (config: Omit<VaultClientConfig, 'baseUrl'>) =>
    createVaultClient({ baseUrl: server.url, ...config });
  return {
    emulator,
    clock,
    server,
    client: clientWith(options.client ?? {}),
    clientWith,
    intercept(wrap) {
      server.setHandler(wrap(emulator.fetch));
    },
    close: () => server.close(),
  };
}

/**
 * The manual clock the emulator tests start from: 2026-03-02 08:00 UTC.
 *
 * @example
 * ```ts
 * const clock = createTestClock();
 * const table = createTokenTable(clock);
 * ```
 */
export function createTestClock(): ManualClock {
  return createManualClock(Date.parse('2026-03-02T08:00:00Z'));
}
