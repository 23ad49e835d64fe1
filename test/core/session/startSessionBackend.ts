import { randomUUID } from 'node:crypto';
import { type FetchHandler, type ServedFetch, serveFetch } from '../../../server/serveFetch';
import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient } from '../../../src/core/client/types';
import {
  createManualClock,
  createVaultEmulator,
  type ManualClock,
  type VaultEmulator,
} from '../../../src/emulator/index';

/**
 * Olivia's demo credentials (vaults 1001 and 1002; delegate of marcus in 1002).
 *
 * @example
 * ```ts
 * await manager.signIn(OLIVIA);
 * ```
 */
export const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' } as const;

/**
 * Marcus's demo credentials (vault 1002).
 *
 * @example
 * ```ts
 * await manager.signIn(MARCUS);
 * ```
 */
export const MARCUS = { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' } as const;

/**
 * Olivia's user ID in the demo directory.
 *
 * @example
 * ```ts
 * backend.liveSessionsOf(OLIVIA_ID);
 * ```
 */
export const OLIVIA_ID = 61001;

/**
 * Marcus's user ID in the demo directory (the delegator of olivia's delegation).
 *
 * @example
 * ```ts
 * await manager.startDelegation({ vaultId: 1002, delegatorUserId: String(MARCUS_ID) });
 * ```
 */
export const MARCUS_ID = 61002;

/**
 * The real emulator over loopback HTTP, with an optional handler in front of it for fault
 * injection, and a client pointed at it.
 *
 * @example
 * ```ts
 * const backend = await startSessionBackend();
 * backend.intercept(async (request, emulator) => emulator(request));
 * await backend.close();
 * ```
 */
export interface SessionBackend {
  readonly emulator: VaultEmulator;
  readonly clock: ManualClock;
  readonly server: ServedFetch;
  readonly client: VaultClient;
  /** Live sessions of one user on the emulator (delegated ones count for the delegator). */
  liveSessionsOf(userId: number): number;
  /** Routes every request through `handler`; `undefined` removes it. */
  intercept(
    handler: ((request: Request, emulator: FetchHandler) => Promise<Response>) | undefined,
  ): void;
  close(): Promise<void>;
}

/**
 * Starts an emulator on a manual clock (cheap password hashing) behind a loopback server.
 *
 * @example
 * ```ts
 * const { client } = await startSessionBackend();
 * ```
 */
export async function startSessionBackend(): Promise<SessionBackend> {
  const clock = createManualClock(Date.parse('2026-03-02T08:00:00Z'));
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    clock,
    passwordHashIterations: 1_000,
  });
  let front: ((request: Request, emulator: FetchHandler) => Promise<Response>) | undefined;
  const server = await serveFetch((request) =>
    front ? front(request, emulator.fetch) : emulator.fetch(request),
  );
  let closed = false;
  return {
    emulator,
    clock,
    server,
    client: createVaultClient({ baseUrl: server.url, timeoutMs: 5_000 }),
    liveSessionsOf: (userId) => emulator.sessions().filter((s) => s.userId === userId).length,
    intercept(handler) {
      front = handler;
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
    },
  };
}

/**
 * A channel name no other test uses, so parallel test files never hear each other.
 *
 * @example
 * ```ts
 * createSessionManager({ client, channelName: uniqueChannelName() });
 * ```
 */
export function uniqueChannelName(): string {
  return `vault-session-kit-test-${randomUUID()}`;
}
