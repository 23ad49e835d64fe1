import { createVaultClient } from '../../../src/core/client/createVaultClient';
import type { VaultClient, VaultClientConfig } from '../../../src/core/client/types';
import {
  createHttpIntrospector,
  createVaultEmulator,
  type EmulatorClock,
  type EmulatorEvent,
  type EmulatorOidcOptions,
  type VaultEmulator,
} from '../../../src/emulator/index';
import { type LoopbackServer, startLoopbackServer } from '../../support/startLoopbackServer';
import type { DevProviderInfo } from './startDevProviderProcess';

/**
 * The demo application's client at the development provider.
 *
 * @example
 * ```ts
 * const client = createVaultClient({ baseUrl, clientId: DEMO_CLIENT_ID });
 * ```
 */
export const DEMO_CLIENT_ID = 'vault-session-kit-demo';

/**
 * The emulator's `oidc` option for a development provider: its endpoints, introspection over
 * HTTP with the emulator's own client (EXCH-06), the demo client allowed and mapped.
 *
 * @example
 * ```ts
 * const oidc = emulatorOidcFor(idp, { issuer: 'https://someone-else.example' });
 * ```
 */
export function emulatorOidcFor(
  dev: DevProviderInfo,
  overrides: Partial<EmulatorOidcOptions> = {},
): EmulatorOidcOptions {
  return {
    issuer: dev.issuer,
    authorizationEndpoint: dev.endpoints.authorization,
    tokenEndpoint: dev.endpoints.token,
    jwksUri: dev.endpoints.jwks,
    endSessionEndpoint: dev.endpoints.endSession,
    allowedClientIds: [DEMO_CLIENT_ID],
    clientIdMap: { [DEMO_CLIENT_ID]: DEMO_CLIENT_ID },
    introspect: createHttpIntrospector({
      endpoint: dev.endpoints.introspection,
      clientId: dev.clients.introspection.clientId,
      clientSecret: dev.clients.introspection.clientSecret,
    }),
    ...overrides,
  };
}

/**
 * The vault emulator over loopback (requests recorded), pointed at an identity provider.
 *
 * @example
 * ```ts
 * const vault = await startSsoVault(emulatorOidcFor(idp.dev));
 * await vault.client.discover({ username: 'sam@harbor.example' });
 * ```
 */
export interface SsoVault {
  readonly emulator: VaultEmulator;
  readonly server: LoopbackServer;
  readonly events: EmulatorEvent[];
  /** A client with the demo client ID. */
  readonly client: VaultClient;
  clientWith(config: Omit<VaultClientConfig, 'baseUrl'>): VaultClient;
  /** Requests that reached a path, e.g. `/auth/oauth/session/harbor-oidc`. */
  requestsTo(pathPrefix: string): number;
  close(): Promise<void>;
}

/**
 * Starts {@link SsoVault}.
 *
 * @example
 * ```ts
 * const vault = await startSsoVault(emulatorOidcFor(idp.dev), { clock });
 * ```
 */
export async function startSsoVault(
  oidc: EmulatorOidcOptions,
  options: { clock?: EmulatorClock } = {},
): Promise<SsoVault> {
  const events: EmulatorEvent[] = [];
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    passwordHashIterations: 1_000,
    oidc,
    onEvent: (event) => events.push(event),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  });
  const server = await startLoopbackServer(emulator.fetch);
  const clientWith = (config: Omit<VaultClientConfig, 'baseUrl'>) =>
    createVaultClient({ baseUrl: server.url, ...config });
  return {
    emulator,
    server,
    events,
    client: clientWith({ clientId: DEMO_CLIENT_ID }),
    clientWith,
    requestsTo: (pathPrefix) =>
      server.requests.filter((request) => request.url.pathname.startsWith(pathPrefix)).length,
    close: () => server.close(),
  };
}
