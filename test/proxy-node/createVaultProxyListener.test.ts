import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultProxyListener, type VaultProxyListener } from '../../src/proxy-node';

const servers: ReturnType<typeof createServer>[] = [];
const listeners: VaultProxyListener[] = [];
afterEach(async () => {
  for (const listener of listeners.splice(0)) listener.close();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done(undefined)));
    }),
  );
});

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

// The proxy in front of a raw `node:http` vault, so the vault writes its header lines
// exactly as a test gives them (repeats too).
async function proxyTo(vault: (req: IncomingMessage, res: ServerResponse) => void) {
  const vaultPort = await listen(vault);
  const listener = createVaultProxyListener({
    loginHost: 'login.sunrise.example',
    allowHosts: ['*.sunrise.example'],
    upstream: `http://127.0.0.1:${vaultPort}`,
  });
  listeners.push(listener);
  return { port: await listen(listener), vaultPort };
}

function send(port: number, method: string, path: string, body?: string) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
    (resolve, reject) => {
      const outgoing = request({ port, host: '127.0.0.1', method, path }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      });
      outgoing.once('error', reject);
      outgoing.end(body);
    },
  );
}

const PATH = '/vault/promomats.sunrise.example/api/v26.1/objects/documents/7/file';

describe('createVaultProxyListener, its upstream calls', () => {
  it('reads repeated answer headers as node:http does: the first Content-Type counts', async () => {
    const { port } = await proxyTo((_req, res) => {
      // Joined, "text/plain, text/html" would let a browser take the HTML type.
      res.setHeader('content-type', ['text/plain', 'text/html']);
      res.setHeader('x-vaultapi-note', ['a', 'b']);
      res.end('hello');
    });
    const answer = await send(port, 'GET', PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.headers['x-vaultapi-note']).toBe('a, b');
    expect(answer.body).toBe('hello');
  });

  it("sends the vault's name and the upstream's port in Host, and the body as it came", async () => {
    let seen: { host: string | undefined; body: string } = { host: undefined, body: '' };
    const { port, vaultPort } = await proxyTo((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        seen = { host: req.headers.host, body };
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const answer = await send(port, 'POST', PATH, 'a=1&b=2');
    expect(answer.status).toBe(200);
    expect(seen).toEqual({ host: `promomats.sunrise.example:${vaultPort}`, body: 'a=1&b=2' });
  });

  it('refuses a redirect instead of following it', async () => {
    const { port } = await proxyTo((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/' }).end();
    });
    const answer = await send(port, 'GET', PATH);
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('PROXY_UPSTREAM_REDIRECT');
  });
});
