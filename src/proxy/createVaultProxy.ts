import { createIdleTimer, type IdleTimer } from './createIdleTimer';
import { createProxyRules, type ProxyRules } from './createProxyRules';
import { ProxyRefusal } from './ProxyRefusal';
import type { VaultProxy, VaultProxyErrorType, VaultProxyOptions } from './VaultProxyOptions';

/**
 * Creates the production same-origin proxy that browsers need to reach the service (it
 * publishes no CORS policy): `/auth/*` goes to the login host and `/vault/{dns}/api/*` to
 * that vault, and nothing else anywhere. Routing reads the request's path alone, never
 * `Host`. Hosts must be on the allow list (no IP literals, ports, user info or encodings,
 * so the proxy cannot be turned against the network it runs in); only the headers the API
 * needs pass, in either direction, and never cookies; every answer is `nosniff`, and one a
 * browser would render as a document is sandboxed and sent as an attachment; bodies stream
 * both ways; request size, the wait for the upstream's answer and a stalled body are
 * bounded; state-changing calls are accepted only from configured origins; a client that
 * goes away aborts the upstream call. Everything it refuses gets the service's failure
 * shape with a `PROXY_*` type. Isomorphic: it runs wherever `fetch`, `Request` and streams
 * exist (Node, Deno, Bun, edge runtimes); on Node, `vault-session-kit/proxy/node` applies
 * the same rules without the fetch machinery.
 *
 * @example
 * ```ts
 * const proxy = createVaultProxy({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 *   allowedOrigins: ['https://app.example.com'],
 * });
 * // Next.js App Router, app/vault-api/[...path]/route.ts:
 * export const GET = (request: Request) => proxy(request);
 * ```
 */
export function createVaultProxy(options: VaultProxyOptions): VaultProxy {
  const rules = createProxyRules(options);
  const upstreamFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));

  return async (request, context) => {
    const started = Date.now();
    let route: 'auth' | 'vault' | 'refused' = 'refused';
    let host: string | undefined;
    const finish = (response: Response, error?: VaultProxyErrorType): Response => {
      rules.report({
        method: request.method,
        route,
        host,
        status: response.status,
        error,
        durationMs: Date.now() - started,
      });
      return response;
    };

    // Every bound ends the call the same way: the upstream call is aborted with the refusal.
    const timeout = new AbortController();
    const bodies: TransformStreamDefaultController<Uint8Array>[] = [];
    const fail = (refusal: ProxyRefusal): void => {
      for (const body of bodies) {
        try {
          body.error(refusal);
        } catch {
          // Already closed or cancelled.
        }
      }
      if (!timeout.signal.aborted) timeout.abort(refusal);
    };
    let phase: 'upload' | 'download' = 'upload';
    const idle = createIdleTimer(rules.bodyIdleTimeoutMs, () =>
      fail(rules.stalled(phase === 'upload')),
    );
    let answered = false;
    let headerTimer: ReturnType<typeof setTimeout> | undefined;
    const awaitAnswer = (): void => {
      if (answered || headerTimer !== undefined) return;
      headerTimer = setTimeout(() => fail(rules.notAnswered()), rules.upstreamTimeoutMs);
    };

    try {
      const target = rules.resolveTarget(request.method, request.url);
      route = target.route;
      host = target.host;
      rules.checkOrigin(request.method, (name) => request.headers.get(name));
      const body = requestBody(request, rules, { idle, bodies, fail, awaitAnswer });
      const signal = AbortSignal.any([request.signal, timeout.signal]);
      let upstream: Response;
      try {
        upstream = await upstreamFetch(
          new Request(`https://${target.host}${target.path}`, {
            method: request.method,
            headers: forwardedRequestHeaders(request.headers, rules),
            signal,
            redirect: 'manual',
            ...(body ? { body, duplex: 'half' } : {}),
          } as RequestInit),
          context,
        );
      } catch (error) {
        if (timeout.signal.reason instanceof ProxyRefusal) throw timeout.signal.reason;
        throw rules.refusalOf(error);
      } finally {
        answered = true;
        clearTimeout(headerTimer);
        idle.stop();
      }
      // An upstream that answered although its request was cut short answered too late.
      if (timeout.signal.reason instanceof ProxyRefusal) {
        await upstream.body?.cancel().catch(() => undefined);
        throw timeout.signal.reason;
      }
      if (upstream.status >= 300 && upstream.status < 400) {
        await upstream.body?.cancel().catch(() => undefined);
        throw rules.redirected();
      }
      phase = 'download';
      // The body streams through as it arrives; a document download is never held whole.
      const watched = upstream.body?.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          start(controller) {
            bodies.push(controller);
            idle.start();
          },
          transform(chunk, controller) {
            idle.touch();
            controller.enqueue(chunk);
          },
          flush() {
            idle.stop();
          },
        }),
      );
      request.signal.addEventListener('abort', () => idle.stop(), { once: true });
      return finish(
        new Response(watched ?? null, {
          status: upstream.status,
          statusText: upstream.statusText,
          headers: rules.responseHeaders(upstream.headers, true),
        }),
      );
    } catch (error) {
      const refusal = rules.refusalOf(error);
      const answer = rules.refusalAnswer(refusal);
      return finish(
        new Response(answer.body, { status: answer.status, headers: answer.headers }),
        refusal.type,
      );
    }
  };
}

function requestBody(
  request: Request,
  rules: ProxyRules,
  call: {
    readonly idle: IdleTimer;
    readonly bodies: TransformStreamDefaultController<Uint8Array>[];
    readonly fail: (refusal: ProxyRefusal) => void;
    readonly awaitAnswer: () => void;
  },
): ReadableStream<Uint8Array> | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) {
    call.awaitAnswer();
    return undefined;
  }
  rules.checkDeclaredLength(request.headers.get('content-length'));
  let seen = 0;
  // Counted as it streams: a body without a length (or lying about it) stops at the limit.
  return request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        call.bodies.push(controller);
        call.idle.start();
      },
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > rules.maxRequestBytes) {
          call.fail(rules.tooLarge());
          return;
        }
        call.idle.touch();
        controller.enqueue(chunk);
      },
      flush() {
        call.idle.stop();
        call.awaitAnswer();
      },
    }),
  );
}

function forwardedRequestHeaders(incoming: Headers, rules: ProxyRules): Headers {
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (rules.isForwardedRequestHeader(name)) headers.set(name, value);
  }
  return headers;
}
