import { type HttpHandler, HttpResponse, http } from 'msw';
import { createVaultProxy } from '../../proxy/createVaultProxy';
import type { VaultProxy } from '../../proxy/VaultProxyOptions';
import type { VaultEmulator } from '../createVaultEmulator';
import { randomToken } from '../randomToken';

/**
 * Settings of {@link emulatorHandlers}.
 *
 * @example
 * ```ts
 * const options: EmulatorHandlersOptions = { origin: 'https://vault.test', session: false };
 * ```
 */
export interface EmulatorHandlersOptions {
  /**
   * Only requests to this origin go to the emulator. Default: any origin, which is what a
   * browser or jsdom test (the page's own origin) and a Node test (whatever `baseUrl`
   * says) need.
   */
  readonly origin?: string | undefined;
  /**
   * How the app holds its session, as the kit's proxy would serve it. Default `true`: BFF
   * mode, for an app with `credentials="proxy"`. The kit's own proxy, in BFF mode, stands
   * between the app's origin and the emulator: login answers reach the page sealed (a
   * session tag, no ID), `/vault-session` says who is signed in, and the handlers keep the
   * proxy's cookies between calls as one browser would (a test's `fetch` in Node or jsdom
   * carries none), for as long as the emulator lives. `false`: token mode, for an app
   * without `credentials`: the page gets and sends the session ID, and the calls reach the
   * emulator as they were sent, as the dev server's `vaultDevServer({ session: false })`.
   */
  readonly session?: boolean | undefined;
}

/**
 * MSW request handlers that answer the vault's paths with the emulator, so a test or a
 * Storybook runs the kit against the reference service in one line. They answer both
 * ways a client reaches the service:
 *
 * - through the kit's proxy, on the app's own origin, as docs/getting-started.md configures an app
 *   (`authUrl: ''`, `vaultUrl: '/vault/{dns}'`): `/auth/*` goes to the emulator's login
 *   host, `/vault/{dns}/api/*` to that vault (a session works only at its vault; a host the
 *   emulator does not have is refused) and, in BFF mode (the default, see
 *   {@link EmulatorHandlersOptions.session}), `/vault-session` to the proxy's session route;
 * - directly (`vaultUrl: 'https://{dns}'`, `authUrl: 'https://' + emulator.loginHost`):
 *   `/api`, `/api/*` and `/auth/*` at the host each request names, the session ID in
 *   `Authorization`. An emulator created with `hosts: 'single-origin'` serves a client
 *   with one `baseUrl` this way, and only this way.
 *
 * Pass a function to switch emulators between tests or stories; while it returns
 * `undefined`, requests fail as an unreachable host would. In jsdom, a relative URL such
 * as `/vault/{dns}/api/…` is resolved against the document's URL (`http://localhost:3000/`
 * by default in Vitest), so the handlers see the app's origin, as in a browser. In BFF mode
 * the proxy accepts state-changing calls from that origin (`location.origin`, or `origin`
 * when given) and from callers that send no `Origin`, as Node's `fetch` does. It keeps its
 * cookies in the handlers, not in the browser: a browser drops `Set-Cookie` from answers
 * that a script makes, so a Storybook running in a browser serves a token-mode app
 * (`session: false`).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createVaultEmulator } from 'vault-session-kit/emulator';
 * import { emulatorHandlers } from 'vault-session-kit/emulator/msw';
 *
 * const server = setupServer(...emulatorHandlers(createVaultEmulator()));
 * server.listen();
 * // An app in BFF mode: <SessionProvider credentials="proxy" config={{ authUrl: '', vaultUrl: '/vault/{dns}' }}>
 * ```
 */
export function emulatorHandlers(
  emulator: VaultEmulator | (() => VaultEmulator | undefined),
  options: EmulatorHandlersOptions = {},
): HttpHandler[] {
  const origin = options.origin === undefined ? '*' : new URL(options.origin).origin;
  const bff = options.session !== false;
  const pageOrigin = options.origin === undefined ? globalThis.location?.origin : origin;
  // One proxy and one cookie jar per emulator: a new emulator is a new browser too.
  const proxies = new WeakMap<VaultEmulator, JarProxy>();
  const proxyFor = (target: VaultEmulator): JarProxy | undefined => {
    if (!bff || target.loginHost === undefined) return undefined;
    let found = proxies.get(target);
    if (!found) {
      found = createJarProxy(target, target.loginHost, pageOrigin);
      proxies.set(target, found);
    }
    return found;
  };
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
    const proxy = proxyFor(target);
    if (proxy) return proxy(request);
    return relay(target, request, `https://${loginHost}${url.pathname}${url.search}`);
  };
  const vault = ({ request }: { request: Request }): Promise<Response> | Response => {
    const target = current();
    if (!target) return HttpResponse.error();
    const proxy = proxyFor(target);
    if (proxy) return proxy(request);
    const url = new URL(request.url);
    const [, , dns = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}${url.search}`;
    // Single-origin: every vault answers on this origin; otherwise each at its own host.
    const upstream =
      target.loginHost === undefined ? `${url.origin}${path}` : `https://${dns}${path}`;
    return relay(target, request, upstream);
  };
  const session = ({ request }: { request: Request }): Promise<Response> | Response => {
    const target = current();
    if (!target) return HttpResponse.error();
    const proxy = proxyFor(target);
    // Token mode has no session route, as the kit's proxy without `session` has none.
    return proxy ? proxy(request) : new Response(null, { status: 404 });
  };
  // The proxy's routes first: with any origin, `*/api/*` would match them too.
  return [
    http.all(`${origin}/vault/:dns/api`, vault),
    http.all(`${origin}/vault/:dns/api/*`, vault),
    ...(bff ? [http.all(`${origin}/vault-session`, session)] : []),
    http.all(`${origin}/api`, forward),
    http.all(`${origin}/api/*`, forward),
    http.all(`${origin}/auth/*`, auth),
  ];
}

/** The kit's proxy in BFF mode, with the cookies one browser would keep for it. */
type JarProxy = (request: Request) => Promise<Response>;

function createJarProxy(
  emulator: VaultEmulator,
  loginHost: string,
  pageOrigin: string | undefined,
): JarProxy {
  const proxy: VaultProxy = createVaultProxy({
    loginHost,
    allowHosts: emulator.vaultHosts,
    ...(pageOrigin === undefined ? {} : { allowedOrigins: [pageOrigin] }),
    // A secret for this jar alone: its cookies mean nothing anywhere else.
    session: { secrets: [randomToken(32)], now: () => emulator.clock.now() },
    fetch: (request, context) => emulator.fetch(request, context),
  });
  const jar = new Map<string, string>();
  return async (request) => {
    // Copied one by one: the Headers of another realm (jsdom's beside Node's) are not
    // always read whole by a constructor.
    const headers = new Headers();
    request.headers.forEach((value, name) => {
      headers.append(name, value);
    });
    if (jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const answer = await proxy(
      new Request(request.url, {
        method: request.method,
        headers,
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      }),
    );
    const kept = new Headers();
    for (const [name, value] of answer.headers) {
      if (name !== 'set-cookie') kept.append(name, value);
    }
    for (const cookie of answer.headers.getSetCookie()) keep(jar, cookie);
    // The page never sees the cookies, as a browser hides `HttpOnly` ones from scripts.
    return new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: kept,
    });
  };
}

function keep(jar: Map<string, string>, cookie: string): void {
  const [pair = '', ...attributes] = cookie.split(';');
  const equals = pair.indexOf('=');
  if (equals <= 0) return;
  const name = pair.slice(0, equals).trim();
  const cleared = attributes.some((attribute) =>
    /^\s*max-age\s*=\s*(?:0|-\d+)\s*$/i.test(attribute),
  );
  if (cleared) jar.delete(name);
  else jar.set(name, pair.slice(equals + 1).trim());
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
