/// <reference types="node" />

import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http';
import { Readable } from 'node:stream';
import { Agent, type Dispatcher, fetch as undiciFetch } from 'undici';
import { concatBytes } from '../proxy/concatBytes';
import { type AnswerGuard, createAnswerGuard } from '../proxy/createAnswerGuard';
import { createFormCopy } from '../proxy/createFormCopy';
import { createIdleTimer } from '../proxy/createIdleTimer';
import { createProxyRules } from '../proxy/createProxyRules';
import {
  knownSessionIds,
  MAX_READ_ANSWER_BYTES,
  MAX_SMALL_ANSWER_BYTES,
  type ReadAnswer,
  type SessionPlan,
  type SessionRules,
  type UpstreamCall,
} from '../proxy/createSessionRules';
import { MAX_SSO_FORM_BYTES, queryOf } from '../proxy/createSsoRules';
import { createVaultProxy, matcherOf } from '../proxy/createVaultProxy';
import { ProxyRefusal } from '../proxy/ProxyRefusal';
import type { ProxyTarget } from '../proxy/ProxyTarget';
import type { VaultProxyOptions, VaultProxyRoutes } from '../proxy/VaultProxyOptions';
import { createFetchStyleListener } from './createFetchStyleListener';
import { resolveTo } from './resolveTo';

/**
 * Settings of the Node adapter: those of `createVaultProxy`, and where upstream calls go.
 *
 * @example
 * ```ts
 * const options: NodeVaultProxyOptions = {
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 *   allowedOrigins: ['https://app.example.com'],
 * };
 * ```
 */
export interface NodeVaultProxyOptions extends VaultProxyOptions {
  /**
   * An `http://` or `https://` origin every upstream call is sent to instead of
   * `https://{host}`, with `{host}` kept in the `Host` header (with this origin's port): a local emulator or test
   * server that tells the vaults apart by host. Never for production. With `fetch` set
   * instead, calls go through that function (the fetch-style path, slower).
   */
  readonly upstream?: string;
}

/**
 * A Node request listener: for `http.createServer`, or as middleware of Express, Connect
 * or Fastify's raw server. `matches(req)` says which requests are the proxy's (its login
 * host, vault and session routes), for a server that also serves the app; `close()` ends
 * its upstream keep-alive connections.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 *
 * const listener: VaultProxyListener = createVaultProxyListener({ loginHost: 'login.veevavault.com', allowHosts: ['*.veevavault.com'] });
 * // The proxy's requests to it, every other request to the app's own pages.
 * const server = createServer((req, res) => (listener.matches(req) ? listener(req, res) : res.writeHead(404).end()));
 * server.on('close', () => listener.close());
 * ```
 */
export interface VaultProxyListener extends VaultProxyRoutes {
  /** Answers one request: proxied, or refused in the service's failure shape. */
  (req: IncomingMessage, res: ServerResponse): void;
  /** Closes the idle upstream connections kept alive for reuse. */
  close(): void;
}

/**
 * The proxy on `node:http`: the same rules as `createVaultProxy` (one shared rule set),
 * applied with no `Request`, `Response` or web stream per call, the upstream calls made
 * through undici's connection pools (the client under Node's `fetch`, used directly).
 * Bodies are piped with back-pressure, upstream connections are kept alive and reused, the
 * route comes from the request target alone (never `Host`), and a client that goes away
 * ends the upstream call.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createVaultProxyListener } from 'vault-session-kit/proxy/node';
 *
 * const proxy = createVaultProxyListener({
 *   loginHost: 'login.veevavault.com',
 *   allowHosts: ['*.veevavault.com'],
 *   allowedOrigins: ['https://app.example.com'],
 * });
 * createServer(proxy).listen(8080);
 * ```
 */
export function createVaultProxyListener(options: NodeVaultProxyOptions): VaultProxyListener {
  if (options.fetch !== undefined) {
    const proxy = createVaultProxy(options);
    return Object.assign(createFetchStyleListener(proxy), {
      matches: proxy.matches,
      close: () => undefined,
    });
  }
  const rules = createProxyRules(options);
  const base = options.upstream === undefined ? undefined : parseUpstream(options.upstream);
  const secure = base === undefined || base.protocol === 'https:';
  const port = base?.port ? Number(base.port) : secure ? 443 : 80;
  const hostSuffix = port === (secure ? 443 : 80) ? '' : `:${port}`;
  const toUpstream = base === undefined ? undefined : resolveTo(base.hostname);
  // One pool per vault origin. undici's client (the one under Node's fetch) costs less CPU
  // per call than node:http's ClientRequest and IncomingMessage. Its own timeouts are off:
  // the proxy's run from the end of the upload and name the refusal. No Nagle delay: a body
  // that goes upstream in several writes must not wait on the vault's delayed
  // acknowledgement of the one before. With `upstream` set, the origin keeps the vault's
  // name (so `Host` and SNI carry it) and only the address it resolves to changes.
  const createAgent = (): Agent =>
    new Agent({
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: { noDelay: true, ...(toUpstream ? { lookup: toUpstream } : {}) },
    });
  let agent = createAgent();
  const originOf = (host: string): string => `${secure ? 'https' : 'http'}://${host}:${port}`;
  const { session } = rules;

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    let route: 'auth' | 'vault' | 'session' | 'refused' = 'refused';
    let host: string | undefined;
    const report = (status: number, refusal?: ProxyRefusal): void =>
      rules.report({
        method,
        route,
        host,
        status,
        error: refusal?.type,
        durationMs: Date.now() - started,
      });
    const refuse = (refusal: ProxyRefusal): void => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const answer = rules.refusalAnswer(refusal);
      res.writeHead(answer.status, answer.headers).end(answer.body);
      report(answer.status, refusal);
    };

    const header = (name: string): string | undefined => single(req.headers[name]);
    let target: ProxyTarget;
    try {
      target = rules.resolveTarget(method, req.url ?? '/');
      route = target.route;
      rules.checkOrigin(method, header);
      session?.checkCsrf(method, header);
      if (target.route !== 'session') {
        host = target.host;
        rules.checkDeclaredLength(req.headers['content-length']);
      }
    } catch (error) {
      req.resume();
      refuse(rules.refusalOf(error));
      return;
    }
    if (session === undefined) {
      forward(target, undefined);
      return;
    }
    if (target.route === 'session') {
      const { sso } = rules;
      const call = target.call;
      // Only the single sign-on start and the web-tab hand-off read a body (a small form);
      // the rest is drained.
      const starts = sso !== undefined && call === 'sso-start';
      const handsOff = call === 'web-tab-hand-off';
      if (!starts && !handsOff) req.resume();
      const answered = handsOff
        ? readSmall(req, MAX_SSO_FORM_BYTES).then((form) =>
            session.handOff(form, header, {
              fetchUpstream,
              upstream: upstreamCall,
              isAllowedHost: rules.isVaultHost,
              timeoutMs: rules.upstreamTimeoutMs,
            }),
          )
        : sso === undefined
          ? session.whoAmI(method, header, upstreamCall)
          : call === 'other'
            ? session
                .whoAmI(method, header, upstreamCall)
                .then((known) => sso.describe(known, header, fetchUpstream))
            : starts
              ? readSmall(req, MAX_SSO_FORM_BYTES).then((form) =>
                  sso.start(form, header, fetchUpstream),
                )
              : call === 'sso-renew'
                ? sso.renew(header, fetchUpstream, upstreamCall)
                : sso.callback(queryOf(target.path), header, fetchUpstream, upstreamCall);
      answered.then(
        (answer) => {
          res
            .writeHead(answer.status, withCookies(answer.headers, answer.cookies))
            .end(answer.body);
          report(answer.status);
        },
        (error: unknown) => refuse(rules.refusalOf(error)),
      );
      return;
    }
    const failed = (error: unknown): void => {
      req.resume();
      refuse(rules.refusalOf(error));
    };
    let planned: SessionPlan | Promise<SessionPlan>;
    try {
      planned = session.plan(target, header, upstreamCall);
    } catch (error) {
      failed(error);
      return;
    }
    // A cookie seen before is planned at once, with no turn of the event loop.
    if (planned instanceof Promise) planned.then((plan) => forward(target, plan), failed);
    else forward(target, planned);

    // One forwarded call; `plan` says what BFF mode adds to it (nothing without `session`).
    function forward(target: ProxyTarget, plan: SessionPlan | undefined): void {
      const path = target.path;
      // Names and values in turn, `Host` written here: Node then takes the header block as it
      // is (still checking each name and value) instead of setting and reading each header.
      const headers: string[] = ['host', `${target.host}${hostSuffix}`];
      const authorization = plan?.authorization;
      for (const name in req.headers) {
        const value = req.headers[name];
        if (value === undefined || !rules.isForwardedRequestHeader(name)) continue;
        if (name === 'authorization' && authorization !== undefined) continue;
        headers.push(name, typeof value === 'string' ? value : value.join(', '));
      }
      if (authorization !== undefined) headers.push('authorization', authorization);
      const form = plan?.keepsForm ? createFormCopy() : undefined;
      const declaredLength = req.headers['content-length'];
      const hasBody =
        method !== 'GET' &&
        method !== 'HEAD' &&
        (req.headers['transfer-encoding'] !== undefined ||
          (declaredLength !== undefined && declaredLength !== '0'));
      if (hasBody && declaredLength !== undefined) {
        headers.push('content-length', declaredLength);
      } else if (!hasBody && method !== 'GET' && method !== 'HEAD') {
        headers.push('content-length', '0');
      }

      let settled = false;
      // The page went away, or was told of a time-out, while its login was answered.
      let pageGone = false;
      // A sealed login's answer, once it is being written.
      let sealedAnswer: ReadAnswer | undefined;
      let phase: 'upload' | 'wait' | 'download' = 'upload';
      let call: Dispatcher.DispatchController | undefined;
      let headerTimer: ReturnType<typeof setTimeout> | undefined;
      // The upload goes to undici through a stream of its own: undici destroys the body it was
      // given when a call ends early, and `req`'s socket must live on to carry the refusal.
      const upload = hasBody ? new Readable({ read: () => req.resume() }) : null;
      const end = (refusal?: ProxyRefusal): void => {
        if (settled) return;
        settled = true;
        clearTimeout(headerTimer);
        idle.stop();
        if (refusal) {
          call?.abort(ENDED);
          req.resume();
          refuse(refusal);
        }
      };
      const idle = createIdleTimer(rules.bodyIdleTimeoutMs, () =>
        end(rules.stalled(phase === 'upload')),
      );
      const awaitAnswer = (): void => {
        if (phase !== 'upload') return;
        phase = 'wait';
        idle.stop();
        headerTimer = setTimeout(() => {
          // A login the vault is slow to answer may still open its session: the page hears
          // of the time-out now, and the answer, when it comes within another bound, is read
          // through so that its session is ended (see `send`).
          if (plan?.seals === undefined || pageGone) {
            end(rules.notAnswered());
            return;
          }
          pageGone = true;
          refuse(rules.notAnswered());
          headerTimer = setTimeout(() => end(rules.notAnswered()), rules.upstreamTimeoutMs);
        }, rules.upstreamTimeoutMs);
      };

      // The response's close before its end means the client went away.
      res.once('close', () => {
        if (res.writableFinished) return;
        // A sealed login sent on a connection that closed before it was all written: its
        // cookie may never have arrived.
        if (sealedAnswer !== undefined) sealedAnswer.abandon?.();
        else if (!settled) {
          // A login whose form has gone is seen through: the vault may open its session all
          // the same, and that session is then ended (see `send`).
          if (plan?.seals !== undefined && phase !== 'upload') {
            pageGone = true;
            return;
          }
          settled = true;
          clearTimeout(headerTimer);
          idle.stop();
          call?.abort(ENDED);
        }
      });

      // The answer as it comes: passed on (`read` undefined), or read whole or as far as its
      // first bytes, to be sealed or refused with the service's failure shape.
      let answer:
        | {
            readonly status: number;
            readonly headers: IncomingHttpHeaders;
            readonly guard: AnswerGuard | undefined;
            read:
              | { readonly whole: boolean; readonly chunks: Uint8Array[]; length: number }
              | undefined;
          }
        | undefined;
      // The session IDs the call was made with: looked for in the answer's head and body.
      const known = plan === undefined ? undefined : knownSessionIds(plan);
      // The headers that go to the page, or the refusal when one holds the call's session.
      const passedHeaders = (incoming: IncomingHttpHeaders): OutgoingHttpHeaders =>
        rules.responseHeaders(Object.entries(incoming), false, known);
      const passHead = (controller: Dispatcher.DispatchController): void => {
        if (answer === undefined) return;
        // A login's answer with no body, for a page that has gone or had its answer.
        if (pageGone) {
          end();
          controller.abort(ENDED);
          return;
        }
        let answerHeaders: OutgoingHttpHeaders;
        try {
          answerHeaders = passedHeaders(answer.headers);
        } catch (error) {
          end(rules.refusalOf(error));
          return;
        }
        if (plan !== undefined && plan.cookies.length > 0)
          answerHeaders['set-cookie'] = [...plan.cookies];
        // The vault's reason phrase is its own text, not passed: the status says it all.
        res.writeHead(answer.status, answerHeaders);
        report(answer.status);
        for (const chunk of answer.read?.chunks ?? []) res.write(chunk);
        answer.read = undefined;
        res.on('drain', () => controller.resume());
      };

      agent.dispatch(
        {
          origin: originOf(target.host),
          method: method as Dispatcher.HttpMethod,
          path,
          headers,
          body: upload,
        },
        {
          onRequestStart(controller) {
            call = controller;
            if (settled) controller.abort(ENDED);
          },
          onResponseStart(controller, status, parsed) {
            if (status < 200 || settled) return;
            if (status >= 300 && status < 400) {
              end(rules.redirected());
              return;
            }
            clearTimeout(headerTimer);
            phase = 'download';
            const incoming = asNodeHeaders(parsed);
            const handling =
              plan === undefined || session === undefined
                ? 'pass'
                : session.handling(plan, {
                    method,
                    status,
                    header: (name) => single(incoming[name]),
                    bodyDecoded: false,
                  });
            if (handling === 'refuse') {
              end(session?.withheld());
              return;
            }
            // A credential can begin in any chunk of a scanned answer: the chunk it begins in
            // is never written. Before the head is sent that makes the answer a refusal;
            // after, the answer is cut there and the log says why. (An answer read whole is
            // checked whole.)
            const guard =
              handling === 'scan' && known !== undefined ? createAnswerGuard(known) : undefined;
            // A login or sign-out answer is read whole; any other inspected answer as far as
            // its first bytes, which is the whole of most.
            const read =
              handling === 'pass'
                ? undefined
                : { whole: handling === 'read', chunks: [], length: 0 };
            answer = { status, headers: incoming, guard, read };
            idle.start();
            if (read === undefined) passHead(controller);
          },
          onResponseData(controller, chunk) {
            if (settled || answer === undefined) return;
            idle.touch();
            const safe = answer.guard === undefined ? chunk : answer.guard.pass(chunk);
            if (safe === undefined) {
              const refusal = (session as SessionRules).withheld();
              if (!res.headersSent) {
                end(refusal);
                return;
              }
              end();
              controller.abort(ENDED);
              res.destroy();
              report(refusal.status, refusal);
              return;
            }
            const { read } = answer;
            if (read === undefined) {
              if (!res.write(safe)) controller.pause();
              return;
            }
            read.chunks.push(safe);
            read.length += safe.byteLength;
            if (read.length <= (read.whole ? MAX_READ_ANSWER_BYTES : MAX_SMALL_ANSWER_BYTES)) {
              return;
            }
            if (read.whole) {
              end(
                new ProxyRefusal(
                  502,
                  'PROXY_UPSTREAM_UNREACHABLE',
                  `The vault's answer to a session call was over ${MAX_READ_ANSWER_BYTES} bytes.`,
                ),
              );
              return;
            }
            // Longer than its first bytes: it streams on from its start, inspected as it goes.
            passHead(controller);
          },
          onResponseEnd() {
            if (settled || answer === undefined) return;
            const { read, guard, status, headers: incoming } = answer;
            const rest = guard?.end();
            if (read === undefined) {
              end();
              if (rest !== undefined && rest.byteLength > 0) res.write(rest);
              res.end();
              return;
            }
            idle.stop();
            if (rest !== undefined && rest.byteLength > 0) {
              read.chunks.push(rest);
              read.length += rest.byteLength;
            }
            // Most answers come in one chunk, passed on as it came.
            const body =
              read.chunks.length === 1
                ? (read.chunks[0] as Uint8Array<ArrayBuffer>)
                : concatBytes(read.chunks, read.length);
            const send = (rewritten: ReadAnswer): void => {
              if (settled) return;
              end();
              if (pageGone) {
                rewritten.abandon?.();
                return;
              }
              sealedAnswer = rewritten;
              answerHeaders['content-length'] = String(rewritten.body.byteLength);
              if (rewritten.cookies.length > 0)
                answerHeaders['set-cookie'] = [...rewritten.cookies];
              res.writeHead(status, answerHeaders).end(rewritten.body);
              report(status);
            };
            // An answer is read only in BFF mode, where the call has a plan.
            const sessionRules = session as SessionRules;
            const sessionPlan = plan as SessionPlan;
            let answerHeaders: OutgoingHttpHeaders;
            try {
              answerHeaders = passedHeaders(incoming);
            } catch (error) {
              end(rules.refusalOf(error));
              return;
            }
            const inspected = guard !== undefined;
            // Only a login waits (for its session to be sealed); any other answer goes at once.
            if (sessionPlan.seals !== undefined) {
              // A page already gone keeps the sessions it held: a login it never sees
              // replaces none.
              sessionRules
                .seal(pageGone ? { ...sessionPlan, replaces: [] } : sessionPlan, body, {
                  form: form?.bytes(),
                  upstream: upstreamCall,
                  inspected,
                  headers: Object.values(answerHeaders).map(String),
                })
                .then(send)
                .catch((error: unknown) => end(rules.refusalOf(error)));
              return;
            }
            try {
              send(sessionRules.answer(sessionPlan, body, { upstream: upstreamCall, inspected }));
            } catch (error) {
              end(rules.refusalOf(error));
            }
          },
          onResponseError(_controller, error) {
            if (error === ENDED || settled) return;
            // An upstream that goes away mid-body: the client must not take what came as whole.
            if (res.headersSent) {
              end();
              res.destroy();
              return;
            }
            end(rules.refusalOf(undefined));
          },
        },
      );

      if (upload === null) {
        req.resume();
        awaitAnswer();
        return;
      }
      let seen = 0;
      idle.start();
      req.on('data', (chunk: Buffer) => {
        seen += chunk.byteLength;
        if (seen > rules.maxRequestBytes) {
          end(rules.tooLarge());
          return;
        }
        idle.touch();
        form?.keep(chunk);
        if (!upload.push(chunk)) req.pause();
      });
      req.once('end', () => {
        if (settled) return;
        upload.push(null);
        awaitAnswer();
      });
    }
  };
  // The calls the proxy makes itself (see UpstreamCall): small, bounded like the rest.
  const upstreamCall: UpstreamCall = async (callMethod, callHost, path, authorization) => {
    // A session ID goes only where the page's own calls may go.
    rules.checkVaultHost(callHost);
    const answer = await agent.request({
      origin: originOf(callHost),
      method: callMethod,
      path,
      headers: { authorization, accept: 'application/json' },
      headersTimeout: rules.upstreamTimeoutMs,
      bodyTimeout: rules.upstreamTimeoutMs,
    });
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      length += chunk.byteLength;
      if (length > MAX_READ_ANSWER_BYTES) {
        answer.body.destroy();
        throw new Error('The answer is too large.');
      }
      chunks.push(chunk);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  // The single sign-on's own calls (discovery, the code exchange, the OAuth session login):
  // few and small, so fetch's convenience is worth its cost; through the same pools.
  const fetchUpstream = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const answer = await undiciFetch(`${originOf(url.hostname)}${url.pathname}${url.search}`, {
      method: request.method,
      headers: [...request.headers],
      body: request.body === null ? null : await request.arrayBuffer(),
      redirect: 'manual',
      signal: request.signal,
      dispatcher: agent,
    });
    return answer as unknown as Response;
  };
  return Object.assign(listener, {
    matches: matcherOf(rules),
    // Calls under way end with their connections, as node:http's `Agent.destroy()` ended
    // them; a call after this one opens new connections.
    close: () => {
      const closed = agent;
      agent = createAgent();
      void closed.destroy();
    },
  });
}

// The reason the proxy aborts a call with itself, told apart from the upstream's failures.
const ENDED = new Error('The proxy ended the upstream call.');

// Names whose repeats node:http drops (the first one counts), and those it joins otherwise:
// an answer keeps the meaning it had when it was read as an IncomingMessage. Two
// `Content-Type`s joined could make a browser pick the second, past the sandboxing.
const FIRST_ONLY = new Set([
  'content-type',
  'content-length',
  'user-agent',
  'referer',
  'host',
  'authorization',
  'proxy-authorization',
  'if-modified-since',
  'if-unmodified-since',
  'from',
  'location',
  'max-forwards',
  'retry-after',
  'etag',
  'last-modified',
  'server',
  'age',
  'expires',
]);

function asNodeHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  for (const name in headers) {
    const value = headers[name];
    if (!Array.isArray(value) || name === 'set-cookie') continue;
    headers[name] = FIRST_ONLY.has(name) ? value[0] : value.join(name === 'cookie' ? '; ' : ', ');
  }
  return headers;
}

function withCookies(
  headers: Record<string, string>,
  cookies: readonly string[],
): OutgoingHttpHeaders {
  return cookies.length === 0 ? headers : { ...headers, 'set-cookie': [...cookies] };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseUpstream(upstream: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(upstream);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.username !== ''
  ) {
    throw new TypeError(
      `upstream must be an origin such as "http://127.0.0.1:8787", got ${JSON.stringify(upstream)}.`,
    );
  }
  return url;
}

// A small body read whole; past `limit` bytes it is refused without reading on.
function readSmall(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.byteLength;
      if (length > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(
          new ProxyRefusal(413, 'PROXY_PAYLOAD_TOO_LARGE', `The form is over ${limit} bytes.`),
        );
        return;
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
