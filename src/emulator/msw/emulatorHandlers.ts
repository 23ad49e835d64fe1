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
   * browser or jsdom test (the page's own origin) and a Node test (whatever `baseUrl`
   * says) need.
   */
  readonly origin?: string | undefined;
}

/**
 * MSW request handlers that answer the vault's paths with the emulator, so a test or a
 * Storybook runs the kit against the reference service in one line. They answer both
 * ways a client reaches the service:
 *
 * - through the kit's proxy, on the app's own origin, as docs/getting-started.md configures an app
 *   (`authUrl: ''`, `vaultUrl: '/vault/{dns}'`): `/auth/*` goes to the emulator's login
 *   host and `/vault/{dns}/api/*` to that vault, each vault strictly at its own host (a
 *   session ID works only at its vault; an unknown `{dns}` is refused);
 * - directly (`vaultUrl: 'https://{dns}'`, `authUrl: 'https://' + emulator.loginHost`):
 *   `/api`, `/api/*` and `/auth/*` at the host each request names. An emulator created with
 *   `hosts: 'single-origin'` serves a client with one `baseUrl` this way.
 *
 * Pass a function to switch emulators between tests or stories; while it returns
 * `undefined`, requests fail as an unreachable host would. In jsdom, a relative URL such
 * as `/vault/{dns}/api/…` is resolved against the document's URL (`http://localhost:3000/`
 * by default in Vitest), so the handlers see the app's origin, as in a browser.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createVaultEmulator } from 'vault-session-kit/emulator';
 * import { emulatorHandlers } from 'vault-session-kit/emulator/msw';
 *
 * const server = setupServer(...emulatorHandlers(createVaultEmulator()));
 * server.listen();
 * // An app configured for the proxy: { authUrl: '', vaultUrl: '/vault/{dns}' }
 * ```
 */
export function emulatorHandlers(
  emulator: VaultEmulator | (() => VaultEmulator | undefined),
  options: EmulatorHandlersOptions = {},
): HttpHandler[] {
  const origin = options.origin === undefined ? '*' : new URL(options.origin).origin;
  const current = (): VaultEmulator | undefined =>
    typeof emulator === 'function' ? emulator() : emulator;
  const forward = ({ request }: { request: Request }): Promise<Response> | Response => {
    const target = current();
    return target ? target.fetch(request) : HttpResponse.error();
  };
  // `/auth/*` on the app's origin is the proxy's route to the login host; at the login
  // host itself (a client calling it directly) it is the service's own path.
  const auth = ({ request }: { request: Request }): Promise<Response> | Response => {
    const target = current();
    if (!target) return HttpResponse.error();
    const url = new URL(request.url);
    const { loginHost } = target;
    if (loginHost === undefined || url.hostname === loginHost) return target.fetch(request);
    return relay(target, request, `https://${loginHost}${url.pathname}${url.search}`);
  };
  const vault = ({ request }: { request: Request }): Promise<Response> | Response => {
    const target = current();
    if (!target) return HttpResponse.error();
    const url = new URL(request.url);
    const [, , dns = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}${url.search}`;
    // Single-origin: every vault answers on this origin; otherwise each at its own host.
    const upstream =
      target.loginHost === undefined ? `${url.origin}${path}` : `https://${dns}${path}`;
    return relay(target, request, upstream);
  };
  // The proxy's routes first: with any origin, `*/api/*` would match them too.
  return [
    http.all(`${origin}/vault/:dns/api`, vault),
    http.all(`${origin}/vault/:dns/api/*`, vault),
    http.all(`${origin}/api`, forward),
    http.all(`${origin}/api/*`, forward),
    http.all(`${origin}/auth/*`, auth),
  ];
}

async function relay(target: VaultEmulator, request: Request, url: string): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return target.fetch(
    new Request(url, {
      method: request.method,
      headers: request.headers,
      ...(hasBody ? { body: await request.arrayBuffer() } : {}),
    }),
  );
}
