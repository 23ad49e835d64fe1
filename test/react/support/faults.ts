import { vi } from 'vitest';
import type { FetchHandler } from '../../../server/serveFetch';

/**
 * Answers that are not the service speaking, each the way a real failure reaches the
 * browser: a 503 page, a proxy's HTML login page with status 200, and a connection that
 * drops mid-answer (fetch rejects with a `TypeError`).
 *
 * @example
 * ```ts
 * backend.intercept(failing('/keep-alive', faults.unavailable));
 * ```
 */
export const faults = {
  unavailable: (): Response =>
    new Response('Service Unavailable', { status: 503, headers: { 'Content-Type': 'text/plain' } }),
  htmlPage: (): Response =>
    new Response('<!doctype html><title>Sign in to the proxy</title>', {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
    }),
  connectionDropped: (): Response => {
    // The loopback server reports the broken stream on the console; that report is the
    // fault being injected, not a test failure.
    silenceConsoleError();
    return new Response(
      new ReadableStream({
        start(controller) {
          controller.error(new Error('connection reset by the test'));
        },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  },
  /** Never answers; the client's timeout has to end the wait. */
  hang: (): Promise<Response> => new Promise<Response>(() => undefined),
} as const;

/**
 * An intercept that answers requests whose path ends with `path` (and, if given, use
 * `method`) with `fault`, and forwards everything else to the emulator.
 *
 * @example
 * ```ts
 * backend.intercept(failing('/session', faults.unavailable, 'DELETE'));
 * ```
 */
export function failing(
  path: string,
  fault: () => Response | Promise<Response>,
  method?: string,
): (emulatorFetch: FetchHandler) => FetchHandler {
  return (emulatorFetch) => (request) =>
    new URL(request.url).pathname.endsWith(path) &&
    (method === undefined || request.method === method)
      ? fault()
      : emulatorFetch(request);
}

function silenceConsoleError(): void {
  // Restored after each test by the `restoreMocks` setting.
  if (!vi.isMockFunction(console.error)) {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  }
}

/**
 * The path of a REST call beyond the eight authentication calls: the emulator's "Validate
 * Session User", which answers for the session's user (the delegator while delegated).
 *
 * @example
 * ```ts
 * await vaultFetch(USERS_ME);
 * ```
 */
export const USERS_ME = '/objects/users/me';
