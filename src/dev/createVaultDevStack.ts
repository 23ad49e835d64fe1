/// <reference types="node" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_ROUTE } from '../core/kitWire';
import {
  createHttpIntrospector,
  createVaultEmulator,
  demoDirectory,
  type EmulatorEvent,
  PASSWORD_PAGE_PATH,
  type VaultEmulator,
  type VaultEmulatorOptions,
  WEB_TAB_PAGE_PATH,
} from '../emulator';
import { createVaultProxy, type VaultProxyLogEvent } from '../proxy';
import { createFetchStyleListener } from '../proxy-node/createFetchStyleListener';
import type { DevOidcProvider } from './devOidcProvider';
import { loadDevOidcProvider } from './loadDevOidcProvider';

/**
 * Path of the single sign-on callback route in the demo and the browser tests.
 *
 * @example
 * ```ts
 * // The redirect URI the development provider accepts for an app on the stack's origin:
 * const sso: VaultSsoSettings = { redirectUri: SSO_CALLBACK_PATH }; // '/sso/callback'
 * ```
 */
export const SSO_CALLBACK_PATH = '/sso/callback';

/**
 * Path of the page that answers token mode's silent sign-ins at the 48-hour cap
 * (`sso.silentRedirectUri`), registered with the development OpenID Provider as well.
 *
 * @example
 * ```ts
 * const sso: VaultSsoSettings = { redirectUri: SSO_CALLBACK_PATH, silentRedirectUri: SSO_SILENT_PATH };
 * ```
 */
export const SSO_SILENT_PATH = '/sso/silent';

/**
 * The name under which the stack's proxy reaches the development OpenID Provider for the
 * code exchange in BFF mode: the proxy reaches identity providers by allow-listed host name
 * only, as it reaches vaults, and the stack resolves this one to its own origin.
 */
export const DEV_IDP_HOST = 'idp.harbor.example';

/**
 * Settings of {@link createVaultDevStack}.
 *
 * @example
 * ```ts
 * const options: VaultDevStackOptions = { origin: 'http://127.0.0.1:5173' };
 * ```
 */
export interface VaultDevStackOptions {
  /** The exact origin browsers use; the OpenID Provider's issuer is `{origin}/oidc`. */
  readonly origin: string;
  /** Extra emulator settings (clock, idle timeout, data…). */
  readonly emulator?: Omit<VaultEmulatorOptions, 'oidc' | 'hosts'>;
  /**
   * Serve the emulator the simple way instead: every vault and the login host at `/api/*`
   * and `/auth/*` of this origin, a session ID good at any of them. By default the stack is
   * laid out as a deployed app is: the kit's proxy at `/auth/*` (login host) and
   * `/vault/{dns}/api/*` (each vault), with the emulator answering each vault at its own
   * host behind it.
   */
  readonly singleOrigin?: boolean;
  /** One line per emulator audit event; default: silent. */
  readonly log?: (line: string) => void;
  /**
   * Origins of other apps that sign in through this provider (their `/sso/callback` is
   * registered too), for a stack served on its own port, apart from the app.
   */
  readonly appOrigins?: readonly string[];
  /**
   * Backend-for-frontend mode of the stack's proxy: it keeps each session ID in a sealed
   * `HttpOnly` cookie, hands the page a session tag instead, and answers its session route
   * (`/vault-session`). Default: on, with a random secret made for this process (sessions
   * do not outlive a restart of the dev server, which the emulator's do not either).
   * `{ secrets }` gives the secrets yourself; `false` turns it off for apps in token mode
   * (the page gets and sends the session ID). Ignored with `singleOrigin`, which has no proxy.
   */
  readonly session?: { readonly secrets: readonly string[] } | false;
}

/**
 * A random secret for the proxy's session cookies: 32 random bytes, base64url (43
 * characters), made once per dev process.
 */
export function randomDevSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The emulator and the development OpenID Provider, wired together on one origin.
 *
 * @example
 * The emulator, the kit's proxy and the provider behind a plain Node server:
 * ```ts
 * import { createServer } from 'node:http';
 *
 * const stack = await createVaultDevStack({ origin: 'http://127.0.0.1:5173' });
 * createServer((req, res) => stack.middleware(req, res, () => res.writeHead(404).end())).listen(
 *   5173,
 *   '127.0.0.1',
 * );
 * stack.oidc?.issuer; // 'http://127.0.0.1:5173/oidc'
 * ```
 */
export interface VaultDevStack {
  readonly origin: string;
  readonly emulator: VaultEmulator;
  /**
   * The development OpenID Provider at `{origin}/oidc`; `undefined` when the optional
   * peer `oidc-provider` is not installed (single sign-on is off, passwords still work).
   */
  readonly oidc: DevOidcProvider | undefined;
  /**
   * The path of the proxy's session route when it runs in BFF mode (`/vault-session`),
   * else `undefined`.
   */
  readonly sessionPath: string | undefined;
  /**
   * Serves `/auth/*` and `/vault/*` (the proxy in front of the emulator; `/api/*` and
   * `/auth/*` straight to it with `singleOrigin`), `/oidc/*` (provider), and any request
   * whose `Host` names the emulator's login host or one of its vaults (the emulator itself,
   * for a proxy of its own in front with its upstream on this port); passes the rest on.
   */
  middleware(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  close(): Promise<void>;
}

/**
 * Builds the dev stack: the vault emulator (demo directory) whose `harbor-oidc` profile points
 * at a real `oidc-provider` mounted at `/oidc` on the same origin, with access tokens checked
 * by RFC 7662 introspection over HTTP. For development and tests only. Without the optional
 * peer `oidc-provider` the stack runs without single sign-on, and `log` (or `console.warn`)
 * says what to install.
 *
 * @example
 * ```ts
 * const stack = await createVaultDevStack({ origin: 'http://127.0.0.1:5173', log: console.log });
 * ```
 */
export async function createVaultDevStack(options: VaultDevStackOptions): Promise<VaultDevStack> {
  const origin = options.origin.replace(/\/+$/, '');
  const appOrigins = [
    ...new Set([origin, ...(options.appOrigins ?? []).map((app) => new URL(app).origin)]),
  ];
  const { log } = options;
  const loaded = await loadDevOidcProvider();
  if (loaded.notice !== undefined) (log ?? ((line: string) => console.warn(line)))(loaded.notice);
  const bff = !options.singleOrigin && options.session !== false;
  const sessionPath = bff ? SESSION_ROUTE : undefined;
  const oidc = loaded.ok
    ? loaded.createDevOidcProvider({
        issuer: `${origin}/oidc`,
        // In token mode the page completes the sign-in; in BFF mode the provider returns to
        // the proxy, this stack's or an app's own in front of it, which completes it.
        redirectUris: appOrigins.flatMap((app) => [
          `${app}${SSO_CALLBACK_PATH}`,
          `${app}${SSO_SILENT_PATH}`,
          `${app}${SESSION_ROUTE}/sso/callback`,
        ]),
        backEndRedirectUris: appOrigins.map((app) => `${app}${SESSION_ROUTE}/sso/callback`),
        postLogoutRedirectUris: appOrigins.map((app) => `${app}/`),
        log: log ?? (() => {}),
      })
    : undefined;
  const named = (endpoint: string) => `https://${DEV_IDP_HOST}${new URL(endpoint).pathname}`;
  const namedTokenEndpoint =
    oidc && !options.singleOrigin ? named(oidc.endpoints.token) : undefined;
  const emulator = createVaultEmulator({
    ...options.emulator,
    hosts: options.singleOrigin ? 'single-origin' : {},
    ...(log ? { onEvent: (event: EmulatorEvent) => log(describeEvent(event)) } : {}),
    ...(oidc
      ? {
          oidc: {
            issuer: oidc.issuer,
            authorizationEndpoint: oidc.endpoints.authorization,
            // A proxy in BFF mode exchanges the code, and it reaches the provider by name:
            // this stack's, or an app's own reaching the service's hosts on this port. A
            // page in token mode exchanges it itself: see `reachableDiscovery` below.
            tokenEndpoint: namedTokenEndpoint ?? oidc.endpoints.token,
            jwksUri: oidc.endpoints.jwks,
            endSessionEndpoint: oidc.endpoints.endSession,
            // Only a back end revokes (the proxy in BFF mode), and it reaches the provider by
            // name, as it does for the code exchange.
            ...(namedTokenEndpoint === undefined
              ? {}
              : { revocationEndpoint: named(oidc.endpoints.revocation) }),
            allowedClientIds: [oidc.clients.demo.clientId],
            clientIdMap: { [oidc.clients.demo.clientId]: oidc.clients.demo.clientId },
            introspect: createHttpIntrospector({
              endpoint: oidc.endpoints.introspection,
              clientId: oidc.clients.introspection.clientId,
              clientSecret: oidc.clients.introspection.clientSecret,
            }),
          },
        }
      : {}),
  });
  // The proxy's upstream is the emulator in this process: each allowed host resolves to
  // it, and it tells the vaults apart by the host the proxy forwards to.
  const { loginHost } = emulator;
  const vaultHosts = (options.emulator?.data ?? demoDirectory).vaults.map((vault) => vault.dns);
  const clock = options.emulator?.clock;
  const session =
    loginHost === undefined || !bff
      ? undefined
      : {
          secrets: [...(options.session?.secrets ?? [randomDevSecret()])],
          // The proxy's 48-hour deadlines follow the emulator's clock, so that a test that
          // moves one moves both.
          ...(clock ? { now: () => clock.now() } : {}),
          ...(oidc ? { sso: { allowHosts: [DEV_IDP_HOST] } } : {}),
        };
  // The development provider answers on this origin: the proxy's calls to it by name go there.
  const reachProvider = async (request: Request): Promise<Response> => {
    const { pathname, search } = new URL(request.url);
    return fetch(`${origin}${pathname}${search}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body ? { body: await request.arrayBuffer() } : {}),
      redirect: 'manual',
      signal: request.signal,
    });
  };
  // Pages in token mode read discovery through this stack's proxy and exchange the code
  // themselves: they get the provider's token endpoint at this origin, which they can reach.
  const reachableDiscovery = async (answer: Promise<Response>): Promise<Response> => {
    const response = await answer;
    if (!oidc || namedTokenEndpoint === undefined) return response;
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
    const text = await response.text();
    return new Response(text.replaceAll(namedTokenEndpoint, oidc.endpoints.token), {
      status: response.status,
      statusText: response.statusText,
      headers: withoutLength(response.headers),
    });
  };
  const proxy =
    loginHost === undefined
      ? undefined
      : createVaultProxy({
          loginHost,
          allowHosts: vaultHosts,
          allowedOrigins: appOrigins,
          ...(session ? { session } : {}),
          fetch: (request, context) =>
            new URL(request.url).hostname === DEV_IDP_HOST
              ? reachProvider(request)
              : bff
                ? emulator.fetch(request, context)
                : reachableDiscovery(emulator.fetch(request, context)),
          ...(log ? { log: (event: VaultProxyLogEvent) => log(describeProxyEvent(event)) } : {}),
        });
  const warn = log ?? ((line: string) => console.warn(line));
  // With no proxy (single-origin emulator) the emulator answers the app's own origin, and
  // the links it writes (versions, discovery) name that origin.
  const serveApi = createFetchStyleListener(
    async (request, context) => {
      if (!proxy) return emulator.fetch(request, context);
      const response = await proxy(request, context);
      const from = request.headers.get('origin');
      // A setup error: said once per call where the developer looks, with the fix.
      if (response.status === 403 && from !== null && !appOrigins.includes(from)) {
        warn(
          `[vault dev] PROXY_ORIGIN_REFUSED: a ${request.method} from ${from} was refused; allowed: ${appOrigins.join(', ')}. Allow it with --app-origin ${from} (npx vault-session-kit dev) or appOrigins (createVaultDevStack).`,
        );
      }
      return response;
    },
    proxy
      ? {}
      : { requestUrl: (req) => `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}` },
  );
  // The emulator stands for the service, which tells its vaults apart by name as any
  // virtual-hosted server does: here alone the name in `Host` makes the URL (as `https`,
  // the only scheme the service has, and without the port the loopback hop adds).
  const serveEmulator = createFetchStyleListener(
    (request, context) => emulator.fetch(request, context),
    { requestUrl: (req) => `https://${hostNameOf(req)}${req.url ?? '/'}` },
  );
  const emulatorHosts = new Set(loginHost === undefined ? [] : [loginHost, ...vaultHosts]);
  // The vault's pages (`/vault/{dns}/ui/password`, `/vault/{dns}/ui/web-tab`) live beside the
  // API on each vault host, outside what the proxy passes on: the emulator answers them here
  // as that host. The web tab frames this origin's app root.
  const serveVaultPage = createFetchStyleListener((request, context) => {
    const url = new URL(request.url);
    const [, , dns = '', , page] = url.pathname.split('/');
    const query = new URLSearchParams(url.search);
    if (page === 'web-tab') query.set('app', `${origin}/`);
    const target =
      page === 'web-tab'
        ? `${WEB_TAB_PAGE_PATH}?${query}`
        : page === 'web-tab.js'
          ? `${WEB_TAB_PAGE_PATH}.js`
          : PASSWORD_PAGE_PATH;
    return emulator.fetch(
      new Request(`https://${dns}${target}`, {
        method: request.method,
        headers: request.headers,
        ...(request.body ? { body: request.body, duplex: 'half' } : {}),
      } as RequestInit),
      context,
    );
  });
  const isVaultPage = (path: string): boolean =>
    /^\/vault\/[a-z0-9.-]+\/ui\/(?:password|web-tab|web-tab\.js)$/i.test(path);
  const isApiPath = (path: string): boolean =>
    proxy === undefined
      ? path === '/api' || path.startsWith('/api/') || path.startsWith('/auth/')
      : path.startsWith('/vault/') ||
        path.startsWith('/auth/') ||
        (sessionPath !== undefined && (path === sessionPath || path.startsWith(`${sessionPath}/`)));

  return {
    origin,
    emulator,
    oidc,
    sessionPath,
    middleware(req, res, next) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const host = hostNameOf(req);
      if (emulatorHosts.has(host)) {
        serveEmulator(req, res);
      } else if (host === DEV_IDP_HOST && oidc) {
        // An app's own proxy exchanging a code by the provider's name, sent here by its
        // loopback upstream: the provider answers as at the origin its issuer names.
        req.headers.host = new URL(origin).host;
        oidc.middleware(req, res, next);
      } else if (isVaultPage(path)) {
        serveVaultPage(req, res);
      } else if (isApiPath(path)) {
        serveApi(req, res);
      } else if (oidc && (path === oidc.mountPath || path.startsWith(`${oidc.mountPath}/`))) {
        oidc.middleware(req, res, next);
      } else {
        next();
      }
    },
    close: async () => {
      await oidc?.close();
    },
  };
}

/**
 * One line of the dev server's log for a call the proxy handled.
 */
export function describeProxyEvent(event: VaultProxyLogEvent): string {
  const { method, route, host, status, error, durationMs } = event;
  return `[vault proxy] ${method} ${route} ${host ?? '-'} ${status}${error ? ` ${error}` : ''} ${durationMs}ms`;
}

function describeEvent(event: EmulatorEvent): string {
  const { type, at, ...rest } = event;
  const details = Object.entries(rest)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' ');
  return `[vault emulator] ${type} ${details}`.trimEnd();
}

function withoutLength(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('content-length');
  copy.delete('content-encoding');
  return copy;
}

function hostNameOf(req: IncomingMessage): string {
  return (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
}
