/// <reference types="node" />

import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { concatBytes } from '../proxy/concatBytes';
import { type AnswerGuard, createAnswerGuard } from '../proxy/createAnswerGuard';
import { createFormCopy } from '../proxy/createFormCopy';
import { createIdleTimer } from '../proxy/createIdleTimer';
import { createProxyRules } from '../proxy/createProxyRules';
import {
  knownSessionIds,
  MAX_READ_ANSWER_BYTES,
  MAX_SMALL_ANSWER_BYTES,
  type SessionPlan,
  type SessionRules,
  type UpstreamCall,
} from '../proxy/createSessionRules';
import { createVaultProxy } from '../proxy/createVaultProxy';
import { ProxyRefusal } from '../proxy/ProxyRefusal';
import type { ProxyTarget } from '../proxy/ProxyTarget';
import type { VaultProxyOptions } from '../proxy/VaultProxyOptions';
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
 * or Fastify's raw server. `close()` ends its upstream keep-alive connections.
 *
 * @example
 * ```ts
 * const listener: VaultProxyListener = createVaultProxyListener(options);
 * createServer(listener).listen(8080);
 * ```
 */
export interface VaultProxyListener {
  /** Answers one request: proxied, or refused in the service's failure shape. */
  (req: IncomingMessage, res: ServerResponse): void;
  /** Closes the idle upstream connections kept alive for reuse. */
  close(): void;
}

/**
 * The proxy on `node:http`: the same rules as `createVaultProxy` (one shared rule set),
 * applied with no `Request`, `Response` or web stream per call. Bodies are piped with
 * back-pressure, upstream connections are kept alive and reused, the route comes from the
 * request target alone (never `Host`), and a client that goes away ends the upstream call.
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
    const fetchStyle = createFetchStyleListener(createVaultProxy(options));
    return Object.assign(fetchStyle, { close: () => undefined });
  }
  const rules = createProxyRules(options);
  const base = options.upstream === undefined ? undefined : parseUpstream(options.upstream);
  const secure = base === undefined || base.protocol === 'https:';
  // No Nagle delay: a body that goes upstream in several writes must not wait on the
  // vault's delayed acknowledgement of the one before.
  const agentOptions = { keepAlive: true, scheduling: 'lifo' as const, noDelay: true };
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const send = secure ? httpsRequest : httpRequest;
  const port = base?.port ? Number(base.port) : secure ? 443 : 80;
  const hostSuffix = port === (secure ? 443 : 80) ? '' : `:${port}`;
  const toUpstream = base === undefined ? undefined : resolveTo(base.hostname);
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
      req.resume();
      session.whoAmI(method, header, upstreamCall).then(
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
    session.plan(target, header, upstreamCall).then(
      (plan) => forward(target, plan),
      (error: unknown) => {
        req.resume();
        refuse(rules.refusalOf(error));
      },
    );

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
      let phase: 'upload' | 'wait' | 'download' = 'upload';
      let upstreamResponse: IncomingMessage | undefined;
      let headerTimer: ReturnType<typeof setTimeout> | undefined;
      // Node writes `Host` from the name asked for; with an upstream origin set, the name
      // stays the vault's and only the address it resolves to changes.
      const outgoing = send({
        agent,
        host: target.host,
        port,
        ...(toUpstream ? { lookup: toUpstream } : {}),
        method,
        path,
        headers,
        ...(secure ? { servername: target.host } : {}),
      });
      const end = (refusal?: ProxyRefusal): void => {
        if (settled) return;
        settled = true;
        clearTimeout(headerTimer);
        idle.stop();
        if (refusal) {
          outgoing.destroy();
          upstreamResponse?.destroy();
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
        headerTimer = setTimeout(() => end(rules.notAnswered()), rules.upstreamTimeoutMs);
      };

      // The response's close before its end means the client went away.
      res.once('close', () => {
        if (!res.writableFinished && !settled) {
          settled = true;
          clearTimeout(headerTimer);
          idle.stop();
          outgoing.destroy();
          upstreamResponse?.destroy();
        }
      });
      outgoing.once('error', () => end(rules.refusalOf(undefined)));
      outgoing.once('response', (incoming: IncomingMessage) => {
        upstreamResponse = incoming;
        const status = incoming.statusCode ?? 502;
        if (status >= 300 && status < 400) {
          end(rules.redirected());
          return;
        }
        clearTimeout(headerTimer);
        phase = 'download';
        const handling =
          plan === undefined || session === undefined
            ? 'pass'
            : session.handling(plan, {
                method,
                status,
                header: (name) => single(incoming.headers[name]),
                bodyDecoded: false,
              });
        if (handling === 'refuse') {
          end(session?.withheld());
          return;
        }
        // A credential can begin in any chunk of a scanned answer: the chunk it begins in is
        // never written. Before the head is sent that makes the answer a refusal; after, the
        // answer is cut there and the log says why. (An answer read whole is checked whole.)
        const guard =
          handling === 'scan' ? createAnswerGuard(knownSessionIds(plan as SessionPlan)) : undefined;
        if (handling === 'pass') streamAnswer(incoming, status, [], undefined);
        // A login or sign-out answer is read whole; any other inspected answer as far as its
        // first bytes, which is the whole of most.
        else readAnswer(incoming, status, plan as SessionPlan, guard, handling === 'read');
      });

      // The answer as it comes, after the chunks already read (`head`).
      function streamAnswer(
        incoming: IncomingMessage,
        status: number,
        head: readonly Uint8Array[],
        guard: AnswerGuard | undefined,
      ): void {
        const answerHeaders: OutgoingHttpHeaders = rules.responseHeaders(
          Object.entries(incoming.headers),
          false,
        );
        if (plan !== undefined && plan.cookies.length > 0)
          answerHeaders['set-cookie'] = [...plan.cookies];
        res.writeHead(status, incoming.statusMessage, answerHeaders);
        report(status);
        for (const chunk of head) res.write(chunk);
        idle.start();
        incoming.on('data', (chunk: Buffer) => {
          idle.touch();
          const safe = guard === undefined ? chunk : guard.pass(chunk);
          if (safe === undefined) {
            const refusal = (session as SessionRules).withheld();
            end();
            incoming.destroy();
            res.destroy();
            report(refusal.status, refusal);
            return;
          }
          if (!res.write(safe)) incoming.pause();
        });
        res.on('drain', () => incoming.resume());
        incoming.once('end', () => {
          end();
          const rest = guard?.end();
          if (rest !== undefined && rest.byteLength > 0) res.write(rest);
          res.end();
        });
        incoming.once('error', () => undefined);
        // An upstream that goes away mid-body: the client must not take what came as whole.
        incoming.once('close', () => {
          if (incoming.complete) return;
          end();
          res.destroy();
        });
      }

      if (!hasBody) {
        req.resume();
        outgoing.end();
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
        if (!outgoing.write(chunk)) req.pause();
      });
      outgoing.on('drain', () => req.resume());
      req.once('end', () => {
        if (settled) return;
        outgoing.end();
        awaitAnswer();
      });

      // Read whole (`whole`), or else as far as its first bytes, each chunk inspected as it
      // comes: the answer can be sealed or refused, and its length is that of what is sent.
      // Past the limit, an answer to be read whole is refused and any other streams on.
      function readAnswer(
        incoming: IncomingMessage,
        status: number,
        plan: SessionPlan,
        guard: AnswerGuard | undefined,
        whole: boolean,
      ): void {
        const limit = whole ? MAX_READ_ANSWER_BYTES : MAX_SMALL_ANSWER_BYTES;
        const chunks: Uint8Array[] = [];
        let length = 0;
        idle.start();
        const onData = (chunk: Buffer): void => {
          idle.touch();
          const safe = guard === undefined ? chunk : guard.pass(chunk);
          if (safe === undefined) {
            end((session as SessionRules).withheld());
            return;
          }
          length += safe.byteLength;
          chunks.push(safe);
          if (length <= limit) return;
          if (whole) {
            end(
              new ProxyRefusal(
                502,
                'PROXY_UPSTREAM_UNREACHABLE',
                `The vault's answer to a session call was over ${MAX_READ_ANSWER_BYTES} bytes.`,
              ),
            );
            return;
          }
          incoming.off('data', onData);
          incoming.off('end', onEnd);
          streamAnswer(incoming, status, chunks, guard);
        };
        incoming.on('data', onData);
        incoming.once('error', () => undefined);
        incoming.once('close', () => {
          if (!incoming.complete) end(rules.refusalOf(undefined));
        });
        const onEnd = (): void => {
          if (settled) return;
          idle.stop();
          const rest = guard?.end() ?? new Uint8Array(0);
          session
            ?.answer(
              plan,
              concatBytes([...chunks, rest], length + rest.byteLength),
              form?.bytes(),
              upstreamCall,
            )
            .then((read) => {
              if (settled) return;
              end();
              const answerHeaders: OutgoingHttpHeaders = rules.responseHeaders(
                Object.entries(incoming.headers),
                false,
              );
              answerHeaders['content-length'] = String(read.body.byteLength);
              if (read.cookies.length > 0) answerHeaders['set-cookie'] = [...read.cookies];
              res.writeHead(status, incoming.statusMessage, answerHeaders).end(read.body);
              report(status);
            })
            .catch((error: unknown) => end(rules.refusalOf(error)));
        };
        incoming.once('end', onEnd);
      }
    }
  };
  // The calls the proxy makes itself (see UpstreamCall): small, bounded like the rest.
  const upstreamCall: UpstreamCall = (callMethod, callHost, path, authorization) =>
    new Promise((resolve, reject) => {
      const call = send(
        {
          agent,
          host: callHost,
          port,
          ...(toUpstream ? { lookup: toUpstream } : {}),
          method: callMethod,
          path,
          headers: { host: `${callHost}${hostSuffix}`, authorization, accept: 'application/json' },
          timeout: rules.upstreamTimeoutMs,
          ...(secure ? { servername: callHost } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let length = 0;
          incoming.on('data', (chunk: Buffer) => {
            length += chunk.byteLength;
            if (length > MAX_READ_ANSWER_BYTES) call.destroy(new Error('too large'));
            else chunks.push(chunk);
          });
          incoming.once('error', reject);
          incoming.once('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      call.once('timeout', () => call.destroy(new Error('timeout')));
      call.once('error', reject);
      call.end();
    });
  return Object.assign(listener, { close: () => agent.destroy() });
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
