import type { BrowserContext, Request } from 'playwright-core';

/**
 * One request a page of the context sent, without its headers or body.
 *
 * @example
 * ```ts
 * const logins = log.entries.filter((entry: RecordedRequest) => entry.path.endsWith('/auth'));
 * ```
 */
export interface RecordedRequest {
  readonly method: string;
  /** The full URL, query included. */
  readonly url: string;
  /**
   * The URL's path, without query or fragment; for a call through the proxy's
   * `/vault/{dns}` route, the vault API path after it (`/api/...`).
   */
  readonly path: string;
  /** The vault a call through the proxy went to (`dns` of `/vault/{dns}/api/...`). */
  readonly vault: string | undefined;
}

/**
 * Every request of a browser context, in the order the pages sent them, plus the session IDs
 * seen in `Authorization` headers. The IDs stay in the test process: they are meant for
 * probing the emulator from Node and for checking that they appear nowhere else, never for
 * printing (compare counts, not strings, so a failing assertion cannot echo one).
 *
 * @example
 * ```ts
 * const log = recordRequests(context);
 * expect(log.count('POST', /^\/api\/[^/]+\/auth$/)).toBe(1);
 * ```
 */
export interface RequestLog {
  readonly entries: readonly RecordedRequest[];
  /** How many requests had this method and a path matching `path`. */
  count(method: string, path: RegExp): number;
  /** Distinct `Authorization` values sent to `/api/...`, oldest first. */
  sessionIds(): readonly string[];
  /** Forgets what was recorded so far (the session IDs too). */
  clear(): void;
  /** Stops recording. */
  stop(): void;
}

/**
 * Starts recording the requests of every page of `context`, present and future. Call it
 * before opening the pages whose traffic counts.
 *
 * @example
 * ```ts
 * const context = await browser.newContext();
 * const log = recordRequests(context);
 * const page = await context.newPage();
 * await page.goto(dev.url);
 * log.count('POST', /\/keep-alive$/); // 0
 * ```
 */
export function recordRequests(context: BrowserContext): RequestLog {
  const entries: RecordedRequest[] = [];
  const sessionIds = new Set<string>();

  const onRequest = (request: Request): void => {
    const url = request.url();
    const fullPath = new URL(url).pathname;
    const path = apiPath(fullPath);
    entries.push({ method: request.method(), url, path, vault: PROXIED.exec(fullPath)?.[1] });
    const authorization = request.headers().authorization;
    if (path.startsWith('/api/') && authorization) sessionIds.add(authorization);
  };
  context.on('request', onRequest);

  return {
    entries,
    count: (method, path) =>
      entries.filter((entry) => entry.method === method && path.test(entry.path)).length,
    sessionIds: () => [...sessionIds],
    clear() {
      entries.length = 0;
      sessionIds.clear();
    },
    stop() {
      context.off('request', onRequest);
    },
  };
}

const PROXIED = /^\/vault\/([^/]+)(\/api(?:\/.*)?)$/;

/**
 * The vault API path of a URL path: `/api/...` after the proxy's `/vault/{dns}` route, or
 * the path itself when it is not one.
 *
 * @example
 * ```ts
 * apiPath('/vault/quality.sunrise.example/api/v26.1/keep-alive'); // '/api/v26.1/keep-alive'
 * ```
 */
export function apiPath(path: string): string {
  return PROXIED.exec(path)?.[2] ?? path;
}
