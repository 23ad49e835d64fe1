import { concatBytes } from './concatBytes';
import { createAnswerGuard } from './createAnswerGuard';
import { createFormCopy, type FormCopy } from './createFormCopy';
import { createIdleTimer, type IdleTimer } from './createIdleTimer';
import { createProxyRules, type ProxyRules } from './createProxyRules';
import {
  knownSessionIds,
  MAX_READ_ANSWER_BYTES,
  MAX_SMALL_ANSWER_BYTES,
  type SessionPlan,
  type SessionRules,
  type UpstreamCall,
} from './createSessionRules';
import { MAX_SSO_FORM_BYTES, queryOf } from './createSsoRules';
import { ProxyRefusal } from './ProxyRefusal';
import type {
  VaultProxy,
  VaultProxyErrorType,
  VaultProxyOptions,
  VaultProxyRoutes,
} from './VaultProxyOptions';
import { type BodyStop, type WatchedBody, watchBody } from './watchBody';

/**
 * Creates the production same-origin proxy that browsers need to reach the service (it
 * publishes no CORS policy): `/auth/*` goes to the login host and `/vault/{dns}/api/*` to
 * that vault, and nothing else anywhere. Routing reads the request's path alone, never
 * `Host`. Hosts must be on the allow list (no IP literals, ports, user info or encodings,
 * so the proxy cannot be turned against the network it runs in); only the headers the API
 * needs pass, in either direction, and never the client's or the vault's cookies; every answer is `nosniff`, and one a
 * browser would render as a document is sandboxed and sent as an attachment; bodies stream
 * both ways; request size, the wait for the upstream's answer and a stalled body are
 * bounded; state-changing calls are accepted only from configured origins; a client that
 * goes away aborts the upstream call. Everything it refuses gets the service's failure
 * shape with a `PROXY_*` type. Isomorphic: it runs wherever `fetch`, `Request` and streams
 * exist (Node, Deno, Bun, edge runtimes); on Node, `vault-session-kit/proxy/node` applies
 * the same rules without the fetch machinery. With `session` set (BFF mode) it keeps the
 * vault session in a sealed `HttpOnly` cookie of its own and adds `Authorization` itself,
 * so page scripts never hold the credential.
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
 *
 * @example
 * Settings given as a function are read at the first request, not when the module loads:
 * a build (`next build`) that imports the module needs none of the runtime's secrets, and
 * settings that cannot work fail that request (and every one after it) with the reason.
 * ```ts
 * export const proxy = createVaultProxy(() => ({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 *   allowedOrigins: ['https://app.example.com'],
 *   session: { secrets: [process.env.VAULT_SESSION_SECRET ?? ''] },
 * }));
 * ```
 */
export function createVaultProxy(
  options: VaultProxyOptions | (() => VaultProxyOptions),
): VaultProxy & VaultProxyRoutes {
  if (typeof options === 'function') return createLazyProxy(options);
  const rules = createProxyRules(options);
  const upstreamFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));

  const proxy: VaultProxy = async (request, context) => {
    const started = Date.now();
    let route: 'auth' | 'vault' | 'session' | 'refused' = 'refused';
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
    const bodies: BodyStop[] = [];
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
    // Set for a login: told when the vault is late, instead of the call being cut.
    let late: (() => void) | undefined;
    const awaitAnswer = (): void => {
      if (answered || headerTimer !== undefined) return;
      headerTimer = setTimeout(
        () => (late === undefined ? fail(rules.notAnswered()) : late()),
        rules.upstreamTimeoutMs,
      );
    };

    try {
      const target = rules.resolveTarget(request.method, request.url);
      route = target.route;
      const header = (name: string): string | null => request.headers.get(name);
      rules.checkOrigin(request.method, header);
      const { session } = rules;
      session?.checkCsrf(request.method, header);
      // The calls the proxy makes itself: small, bounded like the rest, never with the page's headers.
      const upstreamCall: UpstreamCall = async (method, callHost, path, authorization) => {
        // A session ID goes only where the page's own calls may go.
        rules.checkVaultHost(callHost);
        const call = upstreamFetch(
          new Request(`https://${callHost}${path}`, {
            method,
            headers: { authorization, accept: 'application/json' },
            signal: AbortSignal.timeout(rules.upstreamTimeoutMs),
            redirect: 'manual',
          }),
          context,
        ).then((answer) => answer.json() as Promise<unknown>);
        // Ending a session goes on after the answer: an edge runtime is asked to wait for it.
        if (method === 'DELETE') context?.waitUntil?.(call.catch(() => undefined));
        return call;
      };
      if (target.route === 'session' && session !== undefined) {
        const { sso } = rules;
        const fetchUpstream = (call: Request) => upstreamFetch(call, context);
        // A revocation goes on after the answer: an edge runtime is asked to wait for it.
        const waitUntil = context?.waitUntil?.bind(context);
        const answer =
          target.call === 'web-tab-hand-off'
            ? await session.handOff(await readText(request, MAX_SSO_FORM_BYTES), header, {
                fetchUpstream,
                upstream: upstreamCall,
                isAllowedHost: rules.isVaultHost,
                timeoutMs: rules.upstreamTimeoutMs,
              })
            : sso === undefined
              ? await session.whoAmI(request.method, header, upstreamCall)
              : target.call === 'other'
                ? await sso.describe(
                    await session.whoAmI(request.method, header, upstreamCall),
                    header,
                    fetchUpstream,
                    waitUntil,
                  )
                : target.call === 'sso-start'
                  ? await sso.start(
                      await readText(request, MAX_SSO_FORM_BYTES),
                      header,
                      fetchUpstream,
                    )
                  : target.call === 'sso-renew'
                    ? await sso.renew(header, fetchUpstream, upstreamCall, waitUntil)
                    : await sso.callback(
                        queryOf(target.path),
                        header,
                        fetchUpstream,
                        upstreamCall,
                        waitUntil,
                      );
        return finish(
          new Response(answer.body, {
            status: answer.status,
            headers: withCookies(answer.headers, answer.cookies),
          }),
        );
      }
      host = target.host;
      const plan = session && (await session.plan(target, header, upstreamCall));
      const form = plan?.keepsForm ? createFormCopy() : undefined;
      const body = requestBody(request, rules, { idle, bodies, fail, awaitAnswer, form });
      const headers = forwardedRequestHeaders(request.headers, rules);
      if (plan?.authorization !== undefined) headers.set('authorization', plan.authorization);
      // The page going away ends the call as a bound does: one signal for the upstream call.
      // Not a login whose form has gone: the vault may open its session all the same, and
      // the answer is seen through so that the session is ended.
      const abandon = (): void => {
        if (plan?.seals !== undefined && (answered || headerTimer !== undefined)) return;
        idle.stop();
        if (!timeout.signal.aborted) timeout.abort(request.signal.reason);
      };
      if (request.signal.aborted) abandon();
      else request.signal.addEventListener('abort', abandon, { once: true });
      // A login the vault is slow to answer may still open its session: the page hears of
      // the time-out at the usual bound, and the answer, when it comes within another, is
      // read through so that its session is ended.
      const tooLate =
        plan?.seals === undefined
          ? undefined
          : new Promise<undefined>((resolve) => {
              late = () => resolve(undefined);
            });
      let upstream: Response;
      try {
        const calling = upstreamFetch(
          new Request(`https://${target.host}${target.path}`, {
            method: request.method,
            headers,
            signal: timeout.signal,
            redirect: 'manual',
            ...(body ? { body, duplex: 'half' } : {}),
          } as RequestInit),
          context,
        );
        const first =
          tooLate === undefined ? await calling : await Promise.race([calling, tooLate]);
        if (first === undefined) {
          // Sealed only to be ended: the sessions the page still holds stay as they are.
          const seen = seeThrough(calling, rules, timeout, (answer) =>
            (session as SessionRules)
              .seal({ ...(plan as SessionPlan), replaces: [] }, answer, {
                form: form?.bytes(),
                upstream: upstreamCall,
                inspected: false,
                headers: [],
              })
              .then((read) => read.abandon?.()),
          );
          context?.waitUntil?.(seen);
          throw rules.notAnswered();
        }
        upstream = first;
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
      const bodyDecoded = isDecodedByFetch(upstream.headers.get('content-encoding'));
      const handling =
        plan === undefined || session === undefined
          ? 'pass'
          : session.handling(plan, {
              method: request.method,
              status: upstream.status,
              header: (name) => upstream.headers.get(name),
              bodyDecoded,
            });
      // The session IDs the call was made with: looked for in the answer's head and body.
      const known = plan === undefined ? undefined : knownSessionIds(plan);
      let answerHeaders: Record<string, string>;
      try {
        if (handling === 'refuse') throw session?.withheld();
        answerHeaders = rules.responseHeaders(upstream.headers, bodyDecoded, known);
      } catch (refusal) {
        await upstream.body?.cancel().catch(() => undefined);
        throw refusal;
      }
      // A credential can begin in any chunk of a scanned answer: the chunk it begins in is
      // never passed on. Before the head is sent that makes the answer a refusal; after, the
      // answer is cut there and the log says why. (An answer read whole is checked whole.)
      const guard =
        handling === 'scan' && known !== undefined ? createAnswerGuard(known) : undefined;
      let committed = false;
      // The body streams through as it arrives; a document download is never held whole.
      const watched =
        upstream.body === null
          ? undefined
          : watchBody(upstream.body, {
              start(stop) {
                bodies.push(stop);
                idle.start();
              },
              chunk(chunk, pass) {
                idle.touch();
                const safe = guard === undefined ? chunk : guard.pass(chunk);
                if (safe === undefined) {
                  const refusal = (session as SessionRules).withheld();
                  if (committed) {
                    rules.report({
                      method: request.method,
                      route,
                      host,
                      status: refusal.status,
                      error: refusal.type,
                      durationMs: Date.now() - started,
                    });
                  }
                  fail(refusal);
                  return true;
                }
                if (safe.byteLength === 0) return false;
                pass(safe);
                return true;
              },
              end(pass) {
                idle.stop();
                const rest = guard?.end();
                if (rest !== undefined && rest.byteLength > 0) pass(rest);
              },
            });
      // A login or sign-out answer is read whole; any other inspected answer as far as its
      // first bytes, which is the whole of most: either can still be sealed, or refused in
      // the service's shape, and its length is that of what is sent.
      let passed: ReadableStream<Uint8Array> | undefined;
      let whole: Uint8Array<ArrayBuffer> | undefined;
      if (handling === 'read') whole = await readWhole(watched);
      else if (handling === 'scan' && watched !== undefined) {
        const head = await watched.head(MAX_SMALL_ANSWER_BYTES);
        if (head.rest === undefined) whole = head.bytes;
        else passed = head.rest;
      } else passed = watched?.stream();
      if (plan !== undefined && session !== undefined && whole !== undefined) {
        const inspected = guard !== undefined;
        // A page already gone keeps the sessions it held: a login it never sees replaces none.
        const read =
          plan.seals === undefined
            ? session.answer(plan, whole, { upstream: upstreamCall, inspected })
            : await session.seal(request.signal.aborted ? { ...plan, replaces: [] } : plan, whole, {
                form: form?.bytes(),
                upstream: upstreamCall,
                inspected,
                headers: Object.values(answerHeaders),
              });
        if (request.signal.aborted) read.abandon?.();
        answerHeaders['content-length'] = String(read.body.byteLength);
        return finish(
          new Response(oneChunk(read.body), {
            status: upstream.status,
            headers: withCookies(answerHeaders, read.cookies),
          }),
        );
      }
      committed = true;
      return finish(
        new Response(passed ?? null, {
          status: upstream.status,
          headers: withCookies(answerHeaders, plan?.cookies ?? []),
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
  return Object.assign(proxy, { matches: matcherOf(rules) });
}

/**
 * {@link VaultProxyRoutes.matches} on a rule set: the target of `req.url`, a `Request`'s URL,
 * or a path.
 */
export function matcherOf(rules: ProxyRules): VaultProxyRoutes['matches'] {
  return (request) => rules.owns(typeof request === 'string' ? request : (request.url ?? '/'));
}

// The proxy of settings read at its first use. A failed reading is not kept: each request
// then fails with the reason, where the framework logs it.
function createLazyProxy(read: () => VaultProxyOptions): VaultProxy & VaultProxyRoutes {
  let built: (VaultProxy & VaultProxyRoutes) | undefined;
  const build = (): VaultProxy & VaultProxyRoutes => {
    if (built) return built;
    try {
      built = createVaultProxy(read());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TypeError(`The vault proxy's settings cannot work: ${reason}`, { cause: error });
    }
    return built;
  };
  const proxy: VaultProxy = async (request, context) => build()(request, context);
  return Object.assign(proxy, {
    matches: (request: Parameters<VaultProxyRoutes['matches']>[0]) => build().matches(request),
  });
}

function requestBody(
  request: Request,
  rules: ProxyRules,
  call: {
    readonly idle: IdleTimer;
    readonly bodies: BodyStop[];
    readonly fail: (refusal: ProxyRefusal) => void;
    readonly awaitAnswer: () => void;
    readonly form: FormCopy | undefined;
  },
): ReadableStream<Uint8Array> | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) {
    call.awaitAnswer();
    return undefined;
  }
  rules.checkDeclaredLength(request.headers.get('content-length'));
  let seen = 0;
  // Counted as it streams: a body without a length (or lying about it) stops at the limit.
  return watchBody(request.body, {
    start(stop) {
      call.bodies.push(stop);
      call.idle.start();
    },
    chunk(chunk, pass) {
      seen += chunk.byteLength;
      if (seen > rules.maxRequestBytes) {
        call.fail(rules.tooLarge());
        return true;
      }
      call.idle.touch();
      call.form?.keep(chunk);
      pass(chunk);
      return true;
    },
    end() {
      call.idle.stop();
      call.awaitAnswer();
    },
  }).stream();
}

function forwardedRequestHeaders(incoming: Headers, rules: ProxyRules): Headers {
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (rules.isForwardedRequestHeader(name)) headers.set(name, value);
  }
  return headers;
}

function withCookies(headers: Record<string, string>, cookies: readonly string[]): Headers {
  const all = new Headers(headers);
  for (const cookie of cookies) all.append('set-cookie', cookie);
  return all;
}

// The late answer to a login: read whole within one more bound and handed to `end`, which
// ends the session it carries. Whatever fails on the way leaves nothing to end.
async function seeThrough(
  calling: Promise<Response>,
  rules: ProxyRules,
  timeout: AbortController,
  end: (answer: Uint8Array<ArrayBuffer>) => Promise<void>,
): Promise<void> {
  const bound = setTimeout(() => timeout.abort(rules.notAnswered()), rules.upstreamTimeoutMs);
  try {
    const answer = await calling;
    const bytes = new Uint8Array(await answer.arrayBuffer());
    if (bytes.byteLength <= MAX_READ_ANSWER_BYTES) await end(bytes);
  } catch {
    // Not answered after all, or not a session: nothing to end.
  } finally {
    clearTimeout(bound);
  }
}

async function readWhole(body: WatchedBody | undefined): Promise<Uint8Array<ArrayBuffer>> {
  if (body === undefined) return new Uint8Array(0);
  const head = await body.head(MAX_READ_ANSWER_BYTES);
  if (head.rest === undefined) return head.bytes;
  await head.rest.cancel().catch(() => undefined);
  throw new ProxyRefusal(
    502,
    'PROXY_UPSTREAM_UNREACHABLE',
    `The vault's answer to a session call was over ${MAX_READ_ANSWER_BYTES} bytes.`,
  );
}

// An answer read whole, as the one chunk of a plain stream: given as bytes, a Response would
// copy them into a byte stream of its own first (several times the CPU on Node). Its length
// is declared, so the stream is not sent in chunks.
function oneChunk(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array> | null {
  if (bytes.byteLength === 0) return null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

// A small form read whole, refused past `limit` bytes without reading on.
async function readText(request: Request, limit: number): Promise<string> {
  if (request.body === null) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    length += chunk.byteLength;
    if (length > limit) {
      await request.body.cancel().catch(() => undefined);
      throw new ProxyRefusal(413, 'PROXY_PAYLOAD_TOO_LARGE', `The form is over ${limit} bytes.`);
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(concatBytes(chunks, length));
}

// The codings every fetch undoes (undici, Deno, Bun and workerd alike). A fetch leaves an
// answer as it came when any coding it lists is another (`identity` and `zstd` included):
// such a body is taken as encoded, which an inspected answer may not be.
const FETCH_DECODED = new Set(['gzip', 'x-gzip', 'deflate', 'br']);

function isDecodedByFetch(encoding: string | null): boolean {
  if (encoding === null) return false;
  const codings = encoding.split(',');
  return codings.every((coding) => FETCH_DECODED.has(coding.trim().toLowerCase()));
}
