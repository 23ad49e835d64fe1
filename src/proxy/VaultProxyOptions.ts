/**
 * What the server adapter knows about a request beyond the request itself; passed on to
 * the upstream `fetch` unchanged (the emulator keys its per-caller limits on it).
 *
 * @example
 * A Cloudflare Worker (workerd), which ends a replaced session after the answer is sent:
 * ```ts
 * export default {
 *   fetch: (request: Request, env: unknown, ctx: { waitUntil(work: Promise<unknown>): void }) =>
 *     proxy(request, {
 *       clientAddress: request.headers.get('cf-connecting-ip') ?? undefined,
 *       waitUntil: (work) => ctx.waitUntil(work),
 *     }),
 * };
 * ```
 */
export interface VaultProxyContext {
  /** The caller's network address as the server saw it; the emulator keys its limits on it. */
  readonly clientAddress?: string | undefined;
  /**
   * Keeps the runtime alive for work the proxy finishes after its answer: in BFF mode,
   * ending at its vault a session whose cookie it replaced or cleared. Pass the platform's
   * own (`ctx.waitUntil` in workerd and Deno Deploy, `after` from `next/server` in Next.js);
   * a long-running server needs none.
   */
  readonly waitUntil?: ((work: Promise<unknown>) => void) | undefined;
}

/**
 * One line of the proxy's log: what was asked and how it went, never a header, a body, a
 * query string or a session ID.
 *
 * @example
 * ```ts
 * const log = (event: VaultProxyLogEvent) => console.info(event.method, event.route, event.status);
 * ```
 */
export interface VaultProxyLogEvent {
  readonly method: string;
  /**
   * `auth` (login host), `vault` (a vault's API), `session` (the proxy's own routes in BFF
   * mode: who-am-I and single sign-on) or `refused` (never forwarded).
   */
  readonly route: 'auth' | 'vault' | 'session' | 'refused';
  /** The upstream host, once it was allowed. */
  readonly host: string | undefined;
  readonly status: number;
  /** The proxy's error type when it answered itself. */
  readonly error: VaultProxyErrorType | undefined;
  readonly durationMs: number;
}

/**
 * The error types the proxy answers with, in the service's failure shape.
 *
 * @example
 * ```ts
 * const proxy = createVaultProxy({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 * });
 * const refused = await proxy(new Request('https://app.example.com/vault/evil.example/api'));
 * const { errors } = (await refused.json()) as { errors: { type: VaultProxyErrorType }[] };
 * errors[0]?.type; // 'PROXY_HOST_NOT_ALLOWED'
 * ```
 */
export type VaultProxyErrorType =
  | 'PROXY_NOT_FOUND'
  | 'PROXY_HOST_NOT_ALLOWED'
  | 'PROXY_BAD_PATH'
  | 'PROXY_ORIGIN_REFUSED'
  | 'PROXY_PAYLOAD_TOO_LARGE'
  | 'PROXY_UPSTREAM_TIMEOUT'
  | 'PROXY_BODY_TIMEOUT'
  | 'PROXY_UPSTREAM_UNREACHABLE'
  | 'PROXY_UPSTREAM_REDIRECT'
  | 'PROXY_CSRF_HEADER_MISSING'
  | 'PROXY_SESSION_VAULT_UNKNOWN'
  | 'PROXY_CREDENTIAL_WITHHELD'
  | 'PROXY_SSO_FAILED';

/**
 * Backend-for-frontend mode: the proxy keeps the vault session ID in a sealed `HttpOnly`
 * cookie and adds it to the calls it forwards, so no script on the page can read it.
 *
 * @example
 * ```ts
 * const session: VaultProxySessionOptions = {
 *   // The first seals; all open. Put a new secret first to rotate.
 *   secrets: [process.env.VAULT_SESSION_SECRET_NEW!, process.env.VAULT_SESSION_SECRET_OLD!],
 * };
 * ```
 */
export interface VaultProxySessionOptions {
  /**
   * Secrets of at least 32 characters each (e.g. `openssl rand -base64 32`), no two alike.
   * The first seals new cookies; every one opens them, so a new secret put first rotates
   * without signing anyone out, and an old one dropped from the list ends its cookies.
   */
  readonly secrets: readonly string[];
  /**
   * Where the proxy answers who-am-I (`GET`) and forget-me (`DELETE`), under the proxy's
   * `basePath`. Default `/vault-session`.
   */
  readonly path?: string;
  /** The clock, in epoch ms, for cookie deadlines. Default `Date.now`; tests pass their own. */
  readonly now?: () => number;
  /**
   * Single sign-on through the proxy: the proxy sends the browser to the identity provider,
   * receives its answer, exchanges the code and opens the vault session itself, so the page
   * never holds an access, ID or refresh token. Without it, single sign-on routes answer
   * `PROXY_NOT_FOUND`.
   */
  readonly sso?: VaultProxySsoOptions;
}

/**
 * Single sign-on through the proxy (backend-for-frontend mode). The page asks
 * `POST {session.path}/sso` (profile, user name, return path) and goes where the answer
 * says; the identity provider sends the browser back to `{origin}{session.path}/sso/callback`,
 * which each app origin registers as a redirect URI with its provider.
 *
 * @example
 * ```ts
 * const sso: VaultProxySsoOptions = { allowHosts: ['login.microsoftonline.com', '*.okta.com'] };
 * ```
 */
export interface VaultProxySsoOptions {
  /**
   * Identity-provider hosts the proxy may reach for the code exchange: exact names or
   * `*.suffix` patterns, under the same rules as `allowHosts` (no IP literals, ports or
   * user info; `https` only).
   */
  readonly allowHosts: readonly string[];
}

/**
 * Settings of {@link createVaultProxy}.
 *
 * @example
 * ```ts
 * const options: VaultProxyOptions = {
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 * };
 * ```
 */
export interface VaultProxyOptions {
  /** The service's login host (discovery, OAuth sessions), for `/auth/*`. */
  readonly loginHost: string;
  /** Vault hosts `/vault/{dns}/api/*` may reach: exact names or `*.suffix` patterns. */
  readonly allowHosts: readonly string[];
  /**
   * Origins (`https://app.example.com`, exactly) allowed to make state-changing calls (POST,
   * PUT, PATCH, DELETE). Nothing is derived from the request: with neither this nor
   * {@link VaultProxyOptions.trustForwardedHost}, every such call that carries an `Origin`
   * is refused (`PROXY_ORIGIN_REFUSED`). A call without `Origin` (not from a browser) is let
   * through.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * Also accept the origin that the reverse proxy in front of this one names in
   * `X-Forwarded-Proto` (default `https`) and `X-Forwarded-Host` (the last value of each,
   * the one the nearest proxy set). Only for a deployment whose reverse proxy always sets
   * `X-Forwarded-Host` itself: a client that reaches the kit's proxy directly could send
   * any. Default `false`.
   */
  readonly trustForwardedHost?: boolean;
  /** Where the proxy is mounted, e.g. `/vault-proxy`. Default: the root. */
  readonly basePath?: string;
  /** Largest request body forwarded, in bytes. Default 100 MiB (document uploads). */
  readonly maxRequestBytes?: number;
  /**
   * Longest wait for the upstream's answer to begin once the request has been sent, in ms.
   * Default 60 s. In BFF mode a new session's landed copy stays beside the session cookie
   * for twice this long, so that of two logins sent at once the proxy sees both.
   */
  readonly upstreamTimeoutMs?: number;
  /**
   * Longest time a body may move no byte, in ms: an upload that stalls is refused
   * (`PROXY_BODY_TIMEOUT`, 408) and a download that stalls is cut, the upstream call
   * aborted either way. Default 30 s.
   */
  readonly bodyIdleTimeoutMs?: number;
  /**
   * Reaches the upstream: called with a request to `https://{host}/…` and the caller's
   * context. Default `globalThis.fetch`. Dev servers and tests pass the emulator here.
   */
  readonly fetch?: (request: Request, context?: VaultProxyContext) => Promise<Response>;
  /**
   * Turns on backend-for-frontend mode; see {@link VaultProxySessionOptions}. Without it, the
   * proxy passes `Authorization` through and sets no cookie.
   */
  readonly session?: VaultProxySessionOptions;
  /** One event per request; see {@link VaultProxyLogEvent}. */
  readonly log?: (event: VaultProxyLogEvent) => void;
  /**
   * Told once per refused origin how to allow it, e.g. `Origin http://localhost:5173 is not
   * allowed: add it to allowedOrigins`. Default `console.warn`.
   */
  readonly warn?: (message: string) => void;
}

/**
 * A same-origin proxy as a fetch-style handler.
 *
 * @example
 * ```ts
 * const vaultProxy: VaultProxy = createVaultProxy({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 * });
 * // Any fetch-style server: `Deno.serve(vaultProxy)`, `Bun.serve({ fetch: vaultProxy })`, …
 * const response = await vaultProxy(request, { clientAddress: '203.0.113.7' });
 * ```
 */
export type VaultProxy = (request: Request, context?: VaultProxyContext) => Promise<Response>;

/**
 * Which requests a proxy answers: `/auth/*`, `/vault/*` and, in BFF mode, the session
 * route (`/vault-session` by default), all under `basePath`. A server that also serves the
 * app (static files, a fallback to `index.html` for unknown paths) hands exactly these to
 * the proxy, so no route of it can be left to the fallback.
 *
 * @example
 * ```ts
 * const proxy = createVaultProxy({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 * });
 * proxy.matches('/auth/discovery'); // true
 * proxy.matches('/vault/promomats.veevavault.com/api/v26.1/keep-alive'); // true
 * proxy.matches('/documents/42'); // false: the app's own route, for its index.html fallback
 * ```
 */
export interface VaultProxyRoutes {
  /** True when the request's path (`req.url`, a `Request`'s URL, or a path) is the proxy's. */
  matches(request: string | { readonly url?: string | undefined }): boolean;
}
