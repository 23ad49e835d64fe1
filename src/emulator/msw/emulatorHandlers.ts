import { type HttpHandler, HttpResponse, http } from 'msw';
import type { VaultEmulator } from '../createVaultEmulator';

/**
 * Settings of {@link emulatorHandlers}.
 *
 * @example
 * ```ts
 * const options: EmulatorHandlersOptions = { origin: 'https://vault.test' };
 * ```
 */
export interface EmulatorHandlersOptions {
  /**
   * Only requests to this origin go to the emulator. Default: any origin, which is what a
   * browser test (the page's own origin) and a Node test (whatever `baseUrl` says) need.
   */
  readonly origin?: string | undefined;
}

/**
 * MSW request handlers that answer the vault's paths (`/api`, `/api/*`, `/auth/*`) with
 * the emulator, so a test or a Storybook runs the kit against the reference service in one
 * line. Each request keeps its own URL: an emulator whose vaults answer at their own hosts
 * (the default) serves a client that calls them directly (`vaultUrl: 'https://{dns}'`,
 * `authUrl: 'https://' + emulator.loginHost`); one created with `hosts: 'single-origin'`
 * serves a client with one `baseUrl`, such as a page calling its own origin. Pass a
 * function to switch emulators between tests or stories; while it returns `undefined`,
 * requests fail as an unreachable host would.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createVaultEmulator } from 'vault-session-kit/emulator';
 * import { emulatorHandlers } from 'vault-session-kit/emulator/msw';
 *
 * const emulator = createVaultEmulator();
 * const server = setupServer(...emulatorHandlers(emulator));
 * server.listen();
 * const client = createVaultClient({ authUrl: `https://${emulator.loginHost}`, vaultUrl: 'https://{dns}' });
 * ```
 */
export function emulatorHandlers(
  emulator: VaultEmulator | (() => VaultEmulator | undefined),
  options: EmulatorHandlersOptions = {},
): HttpHandler[] {
  const origin = options.origin === undefined ? '*' : new URL(options.origin).origin;
  const forward = ({ request }: { request: Request }): Promise<Response> | Response => {
    const target = typeof emulator === 'function' ? emulator() : emulator;
    return target ? target.fetch(request) : HttpResponse.error();
  };
  return [
    http.all(`${origin}/api`, forward),
    http.all(`${origin}/api/*`, forward),
    http.all(`${origin}/auth/*`, forward),
  ];
}
