import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchStyleListener, type FetchStyleHandler } from '../../src/proxy-node';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((done) => server.close(() => done(undefined)))),
  );
});

async function serve(...args: Parameters<typeof createFetchStyleListener>): Promise<number> {
  const server = createServer(createFetchStyleListener(...args));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

// Raw `node:http`, so the test sees the headers exactly as they went over the wire.
function get(port: number, path: string, host: string) {
  return new Promise<{
    status: number;
    cookies: string[];
    nosniff: string | undefined;
    body: string;
  }>((resolve, reject) => {
    request({ port, path, host: '127.0.0.1', headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cookies: res.headers['set-cookie'] ?? [],
          nosniff: res.headers['x-content-type-options']?.toString(),
          body,
        }),
      );
    })
      .once('error', reject)
      .end();
  });
}

describe('createFetchStyleListener', () => {
  it('keeps several Set-Cookie headers apart, as a browser must read them', async () => {
    const port = await serve(() => {
      const headers = new Headers();
      headers.append('Set-Cookie', 'a=1; Path=/; HttpOnly');
      headers.append('Set-Cookie', 'b=2; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT');
      return new Response('ok', { headers });
    });
    const answer = await get(port, '/x', 'app.example');
    expect(answer.cookies).toEqual([
      'a=1; Path=/; HttpOnly',
      'b=2; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT',
    ]);
  });

  it('makes the URL from the request target alone unless told otherwise', async () => {
    const urls: string[] = [];
    const handler: FetchStyleHandler = (request) => {
      urls.push(request.url);
      return new Response(null, { status: 204 });
    };
    const byTarget = await serve(handler);
    const byName = await serve(handler, {
      requestUrl: (req) => `https://${req.headers.host}${req.url}`,
    });
    await get(byTarget, '/vault/a.example/api?x=1', 'evil.example/vault/b.example');
    await get(byName, '/api', 'quality.sunrise.example');
    expect(urls[0]).toMatch(/^http:\/\/[^/]+\/vault\/a\.example\/api\?x=1$/);
    expect(urls[0]).not.toContain('evil.example');
    expect(urls[1]).toBe('https://quality.sunrise.example/api');
  });

  it('labels the 400 of a handler that fails with nosniff, as every other answer', async () => {
    const port = await serve(() => {
      throw new Error('<script>alert(1)</script>');
    });
    const answer = await get(port, '/vault/a.example/api', 'app.example');
    expect(answer.status).toBe(400);
    expect(answer.nosniff).toBe('nosniff');
  });
});
