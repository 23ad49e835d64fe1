import { describe, expect, it } from 'vitest';
import type { VaultProxyContext } from '../../src/proxy';
import { PROXY_ADAPTERS, type UpstreamFetch } from './proxyAdapters';

const OPTIONS = { loginHost: 'login.sunrise.example', allowHosts: ['*.sunrise.example'] };
const OVER_HTTP = PROXY_ADAPTERS.filter((adapter) => adapter.name !== 'createVaultProxy');

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe.each(OVER_HTTP)('$name: the proxy as a Node HTTP server', (adapter) => {
  const serve = (fetch: UpstreamFetch) => adapter.start({ ...OPTIONS, fetch });

  it('passes the caller address and streams a download: the first bytes arrive before the rest exist', async () => {
    const firstArrived = deferred();
    let context: VaultProxyContext | undefined;
    const served = await serve(async (_request, ctx) => {
      context = ctx;
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(64 * 1024).fill(1));
          // The rest is produced only once the client has the first chunk: a proxy that
          // buffered the whole body would never deliver it.
          await firstArrived.promise;
          for (let i = 0; i < 16; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(2));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/octet-stream' } });
    });
    const response = await served.send('/vault/promomats.sunrise.example/api/v26.1/x/file');
    const reader = response.body?.getReader();
    let received = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received >= 64 * 1024) firstArrived.resolve();
    }
    expect(received).toBe(64 * 1024 + 16 * 1024 * 1024);
    if (adapter.inProcess) expect(context?.clientAddress).toMatch(/127\.0\.0\.1/);
  });

  it('streams an upload: the upstream reads the first bytes before the client sends the rest', async () => {
    const upstreamGotFirst = deferred();
    const served = await serve(async (request) => {
      const reader = request.body?.getReader();
      let total = 0;
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        upstreamGotFirst.resolve();
      }
      return Response.json({ responseStatus: 'SUCCESS', total });
    });
    const upload = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(32 * 1024));
        await upstreamGotFirst.promise;
        controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const response = await served.send('/vault/promomats.sunrise.example/api/v26.1/x', {
      method: 'POST',
      body: upload,
      duplex: 'half',
    });
    expect(await response.json()).toEqual({
      responseStatus: 'SUCCESS',
      total: 32 * 1024 + 1024 * 1024,
    });
  });

  it('aborts the upstream call when the client disconnects', async () => {
    const upstreamAborted = deferred();
    const upstreamCalled = deferred();
    const served = await serve(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          upstreamCalled.resolve();
          request.signal.addEventListener('abort', () => {
            upstreamAborted.resolve();
            reject(request.signal.reason);
          });
        }),
    );
    const client = new AbortController();
    const pending = served
      .send('/vault/promomats.sunrise.example/api', { signal: client.signal })
      .catch(() => undefined);
    await upstreamCalled.promise;
    client.abort();
    await pending;
    await upstreamAborted.promise;
  });

  it('answers refusals over HTTP in the service shape', async () => {
    const served = await serve(() => Promise.reject(new Error('must not be called')));
    const response = await served.send('/vault/127.0.0.1/api');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      responseStatus: 'FAILURE',
      errors: [{ type: 'PROXY_HOST_NOT_ALLOWED' }],
    });
  });
});

describe('serveVaultProxy: what it prints', () => {
  it('says where it listens and where each route goes, once it listens, and no secret', async () => {
    const { serveVaultProxy } = await import('../../src/proxy-node');
    const secret = 'a-secret-of-the-print-test-0123456789';
    const lines: string[] = [];
    const served = await serveVaultProxy(
      { ...OPTIONS, session: { secrets: [secret] }, upstream: 'http://127.0.0.1:8787' },
      { print: (line) => lines.push(line) },
    );
    await served.close();
    expect(lines).toEqual([
      `Vault proxy listening on ${served.url}: /auth/* -> http://127.0.0.1:8787 (Host: login.sunrise.example), /vault/{host}/api/* -> http://127.0.0.1:8787 (Host: {host}) for *.sunrise.example; BFF mode, sessions in sealed cookies (1 secret), who-am-I at /vault-session`,
    ]);
  });

  it('prints to standard output by default', async () => {
    const { serveVaultProxy } = await import('../../src/proxy-node');
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const served = await serveVaultProxy(OPTIONS);
      await served.close();
      expect(written).toEqual([
        `Vault proxy listening on ${served.url}: /auth/* -> https://login.sunrise.example, /vault/{host}/api/* -> https://{host} for *.sunrise.example; token mode (no session secret)\n`,
      ]);
    } finally {
      process.stdout.write = write;
    }
  });
});

describe('npm run proxy: its arguments', () => {
  it('takes the allow list, login host, port, address and origins, and refuses what cannot work', async () => {
    const { parseProxyCliArgs } = await import('../../src/dev/proxyCli');
    expect(
      parseProxyCliArgs([
        '--allow',
        '*.veevavault.com,sandbox.example.com',
        '--login-host=login.example.com',
        '--port',
        '0',
        '--origin',
        'https://app.example.com',
      ]),
    ).toEqual({
      allowHosts: ['*.veevavault.com', 'sandbox.example.com'],
      loginHost: 'login.example.com',
      port: 0,
      hostname: '127.0.0.1',
      origins: ['https://app.example.com'],
      trustForwardedHost: false,
      sessionSecrets: [],
      ssoAllowHosts: [],
      help: false,
    });
    // BFF mode's secrets: flags first, then the environment's, comma-separated.
    expect(
      parseProxyCliArgs(
        ['--allow', 'a.example', '--session-secret', 'first', '--session-path=/me'],
        {
          VAULT_SESSION_SECRETS: 'second, third',
        },
      ),
    ).toMatchObject({ sessionSecrets: ['first', 'second', 'third'], sessionPath: '/me' });
    // Single sign-on through the proxy: identity-provider hosts, in BFF mode only.
    expect(
      parseProxyCliArgs([
        '--allow',
        'a.example',
        '--session-secret',
        'first',
        '--sso-allow',
        'login.microsoftonline.com,*.okta.com',
      ]).ssoAllowHosts,
    ).toEqual(['login.microsoftonline.com', '*.okta.com']);
    expect(
      parseProxyCliArgs(['--allow', 'a.example', '--trust-forwarded-host']).trustForwardedHost,
    ).toBe(true);
    for (const bad of [
      [],
      ['--allow'],
      ['--allow', 'a.example', '--port', 'x'],
      ['--allow', 'a.example', '--loopback-upstream', '0'],
      ['--allow', 'a.example', '--session-path', '/me'],
      ['--allow', 'a.example', '--session-secret'],
      ['--allow', 'a.example', '--sso-allow', 'idp.example'],
      ['--bogus'],
    ]) {
      expect(() => parseProxyCliArgs(bad)).toThrow();
    }
  });
});
