import type { VaultProxy, VaultProxyContext } from './VaultProxyOptions';

/**
 * A route handler of a framework that routes by method (Next.js App Router, SvelteKit,
 * Remix): the request in, the response out; the framework's second argument is ignored.
 *
 * @example
 * ```ts
 * const handler: VaultRouteHandler = (request) => proxy(request);
 * ```
 */
export type VaultRouteHandler = (request: Request) => Promise<Response>;

/**
 * One handler per HTTP method.
 *
 * @example
 * ```ts
 * export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = toRouteHandlers(proxy);
 * ```
 */
export interface VaultRouteHandlers {
  readonly GET: VaultRouteHandler;
  readonly POST: VaultRouteHandler;
  readonly PUT: VaultRouteHandler;
  readonly PATCH: VaultRouteHandler;
  readonly DELETE: VaultRouteHandler;
  readonly HEAD: VaultRouteHandler;
  readonly OPTIONS: VaultRouteHandler;
}

/**
 * The proxy as route handlers for every method, so a framework that routes by method
 * sends every call to the proxy, which answers each in the service's shape (a method it
 * does not forward gets its `PROXY_*` refusal, not the framework's bare 405). The
 * framework's own context (route parameters) never reaches the proxy: it routes by the
 * request's URL alone. `context` goes with every call: in BFF mode on Next.js,
 * `{ waitUntil: after }` (from `next/server`) lets a session the proxy lets go of be ended
 * at its vault after the answer is sent.
 *
 * @example
 * In Next.js, `app/auth/[...path]/route.ts`, `app/vault/[...path]/route.ts` and, in BFF
 * mode, `app/vault-session/[[...path]]/route.ts` each hold this one line:
 * ```ts
 * export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = toRouteHandlers(proxy);
 * ```
 */
export function toRouteHandlers(
  proxy: VaultProxy,
  context?: VaultProxyContext,
): VaultRouteHandlers {
  const handle: VaultRouteHandler = (request) => proxy(request, context);
  return {
    GET: handle,
    POST: handle,
    PUT: handle,
    PATCH: handle,
    DELETE: handle,
    HEAD: handle,
    OPTIONS: handle,
  };
}
