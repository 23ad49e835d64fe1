/// <reference types="node" />

import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createIdleTimer } from '../proxy/createIdleTimer';
import { createProxyRules } from '../proxy/createProxyRules';
import { createVaultProxy } from '../proxy/createVaultProxy';
import type { ProxyRefusal } from '../proxy/ProxyRefusal';
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
  const agentOptions = { keepAlive: true, scheduling: 'lifo' as const };
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const send = secure ? httpsRequest : httpRequest;
  const port = base?.port ? Number(base.port) : secure ? 443 : 80;
  const lookup = base === undefined ? undefined : resolveTo(base.hostname);

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    let route: 'auth' | 'vault' | 'refused' = 'refused';
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

    const headers: OutgoingHttpHeaders = {};
    let path: string;
    try {
      const target = rules.resolveTarget(method, req.url ?? '/');
      route = target.route;
      host = target.host;
      rules.checkOrigin(method, (name) => single(req.headers[name]));
      rules.checkDeclaredLength(req.headers['content-length']);
      for (const name in req.headers) {
        if (rules.isForwardedRequestHeader(name)) headers[name] = req.headers[name];
      }
      path = target.path;
    } catch (error) {
      req.resume();
      refuse(rules.refusalOf(error));
      return;
    }
    const hasBody =
      method !== 'GET' &&
      method !== 'HEAD' &&
      (req.headers['transfer-encoding'] !== undefined ||
        (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0'));
    if (hasBody && req.headers['content-length'] !== undefined) {
      headers['content-length'] = req.headers['content-length'];
    } else if (!hasBody && method !== 'GET' && method !== 'HEAD') {
      headers['content-length'] = '0';
    }

    let settled = false;
    let phase: 'upload' | 'wait' | 'download' = 'upload';
    let upstreamResponse: IncomingMessage | undefined;
    let headerTimer: ReturnType<typeof setTimeout> | undefined;
    // Node writes `Host` from the name asked for; with an upstream origin set, the name
    // stays the vault's and only the address it resolves to changes.
    const outgoing = send({
      agent,
      host,
      port,
      ...(lookup ? { lookup } : {}),
      method,
      path,
      headers,
      ...(secure ? { servername: host } : {}),
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
      res.writeHead(
        status,
        incoming.statusMessage,
        rules.responseHeaders(Object.entries(incoming.headers), false),
      );
      report(status);
      idle.start();
      incoming.on('data', (chunk: Buffer) => {
        idle.touch();
        if (!res.write(chunk)) incoming.pause();
      });
      res.on('drain', () => incoming.resume());
      incoming.once('end', () => {
        end();
        res.end();
      });
      incoming.once('error', () => undefined);
      // An upstream that goes away mid-body: the client must not take what came as whole.
      incoming.once('close', () => {
        if (incoming.complete) return;
        end();
        res.destroy();
      });
    });

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
      if (!outgoing.write(chunk)) req.pause();
    });
    outgoing.on('drain', () => req.resume());
    req.once('end', () => {
      if (settled) return;
      outgoing.end();
      awaitAnswer();
    });
  };
  return Object.assign(listener, { close: () => agent.destroy() });
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
