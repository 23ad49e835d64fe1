// One server of the proxy benchmark, in a process of its own so that its CPU time can be
// read apart from the load generator's and the other servers' (the bench runs it bundled,
// as plain JavaScript; tsx runs it as it is):
//   tsx bench/proxyBenchServer.ts upstream
//   tsx bench/proxyBenchServer.ts node|fetch|node-bff|fetch-bff|http-proxy UPSTREAM_PORT
// It prints `listening {port}` once it listens, and runs until killed.
import { Agent, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import httpProxy from 'http-proxy';
import { createVaultProxy } from '../src/proxy';
import { createFetchStyleListener, createVaultProxyListener } from '../src/proxy-node';
import { createLoopbackUpstream } from '../src/proxy-node/createLoopbackUpstream';
import { writeFilledBody } from '../test/support/writeFilledBody';

/** The size of the document the upstream serves at any path ending in `/file`. */
export const BENCH_DOCUMENT_BYTES = 200 * 1024 * 1024;
const KEEP_ALIVE_ANSWER = JSON.stringify({ responseStatus: 'SUCCESS' });
const PROXY_OPTIONS = { loginHost: 'login.sunrise.example', allowHosts: ['*.sunrise.example'] };
/** The secret the BFF-mode proxies of the bench seal with; for the bench alone. */
export const BENCH_SESSION_SECRET = 'a-bench-secret-of-at-least-32-characters';
const BFF_OPTIONS = { ...PROXY_OPTIONS, session: { secrets: [BENCH_SESSION_SECRET] } };

/**
 * The server of one benchmark part: the trivial upstream (a keep-alive-sized JSON answer,
 * or the document), or one proxy in front of it.
 *
 * @example
 * ```ts
 * const server = createBenchServer('node', 8787);
 * ```
 */
export function createBenchServer(kind: string, upstreamPort: number): Server {
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  switch (kind) {
    case 'upstream':
      return createServer((req, res) => {
        req.resume();
        if (req.url?.endsWith('/file')) {
          res.writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-length': String(BENCH_DOCUMENT_BYTES),
          });
          writeFilledBody(res, BENCH_DOCUMENT_BYTES);
          return;
        }
        // As the service labels its answers (v23.2+): a proxy in BFF mode need not read it.
        res.writeHead(200, {
          'content-type': 'application/json;charset=UTF-8',
          'content-length': String(Buffer.byteLength(KEEP_ALIVE_ANSWER)),
          'x-vaultapi-status': 'SUCCESS',
        });
        res.end(KEEP_ALIVE_ANSWER);
      });
    case 'node':
      return createServer(createVaultProxyListener({ ...PROXY_OPTIONS, upstream }));
    case 'fetch':
      return createServer(
        createFetchStyleListener(
          createVaultProxy({ ...PROXY_OPTIONS, fetch: createLoopbackUpstream(upstreamPort) }),
        ),
      );
    case 'node-bff':
      return createServer(createVaultProxyListener({ ...BFF_OPTIONS, upstream }));
    case 'fetch-bff':
      return createServer(
        createFetchStyleListener(
          createVaultProxy({ ...BFF_OPTIONS, fetch: createLoopbackUpstream(upstreamPort) }),
        ),
      );
    case 'http-proxy': {
      const proxy = httpProxy.createProxyServer({
        target: upstream,
        agent: new Agent({ keepAlive: true }),
      });
      proxy.on('error', (_error, _req, res) => {
        if ('writeHead' in res && !res.headersSent) res.writeHead(502);
        res.end();
      });
      return createServer((req, res) => proxy.web(req, res));
    }
    default:
      throw new Error(`Unknown bench server "${kind}".`);
  }
}

const [entry, kind, port] = process.argv.slice(1);
if (entry !== undefined && resolve(entry) === fileURLToPath(import.meta.url) && kind) {
  const server = createBenchServer(kind, Number(port ?? 0));
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  // An orderly exit, so that a server run with `--cpu-prof` writes its profile.
  process.once('SIGTERM', () => process.exit(0));
}
