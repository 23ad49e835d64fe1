// What a hostile page or a hostile vault answer could try against the proxy, on each
// adapter: routing from `Host`, origins it was never told about, documents that would run
// as the app, and bodies that stall.
import { describe, expect, it } from 'vitest';
import type { VaultProxyOptions } from '../../src/proxy';
import { APP_ORIGIN, echoUpstream, failureType, PROXY_ADAPTERS } from './proxyAdapters';

const OPTIONS: VaultProxyOptions = {
  loginHost: 'login.sunrise.example',
  allowHosts: ['*.sunrise.example'],
};
const OVER_HTTP = PROXY_ADAPTERS.filter((adapter) => adapter.name !== 'createVaultProxy');

describe.each(OVER_HTTP)('$name: routing never reads Host', (adapter) => {
  it.each([
    ['a path and fragment', 'a/vault/promomats.sunrise.example/api/v26.1/hidden#'],
    ['the login route', 'a/auth/anything?'],
    ['an allowed vault', 'promomats.sunrise.example'],
  ])('routes by the request target alone, whatever Host holds (%s)', async (_name, host) => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({ ...OPTIONS, fetch: upstream.fetch });
    const refused = await proxy.send('/vault/127.0.0.1/api', { headers: { Host: host } });
    expect(await failureType(refused)).toBe('PROXY_HOST_NOT_ALLOWED');
    const routed = await proxy.send('/vault/quality.sunrise.example/api/v26.1/objects', {
      headers: { Host: host },
    });
    expect(routed.status).toBe(200);
    expect(upstream.seen.map((request) => request.url)).toEqual([
      'https://quality.sunrise.example/api/v26.1/objects',
    ]);
  });
});

describe.each(PROXY_ADAPTERS)('$name: the origins it accepts come from its settings', (adapter) => {
  const rebinding = { Host: 'evil.example:5173', Origin: 'http://evil.example:5173' };

  it('refuses a state-changing call whose Origin matches only its own Host, and says how to allow it, once', async () => {
    const upstream = echoUpstream();
    const warnings: string[] = [];
    const proxy = await adapter.start({
      ...OPTIONS,
      fetch: upstream.fetch,
      warn: (message) => warnings.push(message),
    });
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const refused = await proxy.send('/vault/promomats.sunrise.example/api/v26.1/x', {
        method,
        headers: rebinding,
      });
      expect(refused.status).toBe(403);
      const body = (await refused.json()) as { errors: { type: string; message: string }[] };
      expect(body.errors[0]?.type).toBe('PROXY_ORIGIN_REFUSED');
      expect(body.errors[0]?.message).toMatch(
        /^Origin http:\/\/evil\.example:5173 is not allowed: add it to allowedOrigins/,
      );
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Origin http://evil.example:5173 is not allowed');
    expect(upstream.seen).toEqual([]);

    // Not from a browser (no Origin), or not state-changing: let through.
    const headless = await proxy.send('/vault/promomats.sunrise.example/api/v26.1/x', {
      method: 'POST',
    });
    expect(headless.status).toBe(200);
    const read = await proxy.send('/vault/promomats.sunrise.example/api', { headers: rebinding });
    expect(read.status).toBe(200);
  });

  it('accepts exactly the configured origins', async () => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({
      ...OPTIONS,
      allowedOrigins: [`${APP_ORIGIN}/`, 'http://localhost:5173'],
      fetch: upstream.fetch,
      warn: () => undefined,
    });
    const login = (origin: string) =>
      proxy.send('/auth/discovery', { method: 'POST', headers: { Origin: origin } });
    expect((await login(APP_ORIGIN)).status).toBe(200);
    expect((await login('http://localhost:5173')).status).toBe(200);
    for (const origin of [
      'http://localhost:5174',
      'https://localhost:5173',
      'null',
      APP_ORIGIN.replace('https', 'http'),
    ]) {
      expect(await failureType(await login(origin))).toBe('PROXY_ORIGIN_REFUSED');
    }
  });

  it('accepts the origin the reverse proxy names only when told to trust it', async () => {
    const upstream = echoUpstream();
    const forwarded = {
      Origin: APP_ORIGIN,
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'app.sunrise.example',
    };
    const untrusting = await adapter.start({
      ...OPTIONS,
      fetch: upstream.fetch,
      warn: () => undefined,
    });
    const refused = await untrusting.send('/auth/discovery', {
      method: 'POST',
      headers: forwarded,
    });
    expect(await failureType(refused)).toBe('PROXY_ORIGIN_REFUSED');

    const trusting = await adapter.start({
      ...OPTIONS,
      trustForwardedHost: true,
      fetch: upstream.fetch,
      warn: () => undefined,
    });
    const send = (headers: Record<string, string>) =>
      trusting.send('/auth/discovery', { method: 'POST', headers });
    expect((await send(forwarded)).status).toBe(200);
    // The last value is the one the nearest proxy set; a client's own comes first.
    expect(
      (await send({ ...forwarded, 'X-Forwarded-Host': 'evil.example, app.sunrise.example' }))
        .status,
    ).toBe(200);
    expect(
      await failureType(
        await send({ ...forwarded, 'X-Forwarded-Host': 'app.sunrise.example, evil.example' }),
      ),
    ).toBe('PROXY_ORIGIN_REFUSED');
    expect(await failureType(await send({ ...forwarded, 'X-Forwarded-Proto': 'http' }))).toBe(
      'PROXY_ORIGIN_REFUSED',
    );
    const { 'X-Forwarded-Host': _host, ...withoutHost } = forwarded;
    expect(await failureType(await send(withoutHost))).toBe('PROXY_ORIGIN_REFUSED');
  });
});

describe.each(PROXY_ADAPTERS)('$name: answers a browser would render', (adapter) => {
  const serve = (headers: Record<string, string>) =>
    adapter.start({
      ...OPTIONS,
      // Bytes, not a string: a string body would get a default type of text/plain.
      fetch: async () =>
        new Response(new TextEncoder().encode('<script>alert(document.domain)</script>'), {
          headers,
        }),
    });

  it.each([
    [
      'text/html;charset=UTF-8',
      'inline; filename="rendition.html"',
      'attachment; filename="rendition.html"',
    ],
    ['application/xhtml+xml', undefined, 'attachment'],
    ['image/svg+xml', 'inline', 'attachment'],
    ['text/xml', undefined, 'attachment'],
    ['application/xml', 'attachment; filename="a.xml"', 'attachment; filename="a.xml"'],
    ['TEXT/HTML', undefined, 'attachment'],
    [undefined, undefined, 'attachment'],
  ])('sandboxes %s and sends it as an attachment', async (type, disposition, expected) => {
    const proxy = await serve({
      ...(type ? { 'Content-Type': type } : {}),
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    });
    const response = await proxy.send(
      '/vault/promomats.sunrise.example/api/v26.1/objects/documents/7/file',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('content-disposition')).toBe(expected);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    'application/json;charset=UTF-8',
    'text/plain',
    'application/pdf',
    'image/png',
    'application/octet-stream',
  ])('leaves %s as the vault sent it, nosniff added', async (type) => {
    const proxy = await serve({ 'Content-Type': type, 'Content-Disposition': 'inline' });
    const response = await proxy.send(
      '/vault/promomats.sunrise.example/api/v26.1/objects/documents/7/file',
    );
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe.each(PROXY_ADAPTERS)('$name: a stalled body', (adapter) => {
  it('refuses an upload that stops moving and aborts the upstream call', async () => {
    let upstreamGotFirst = false;
    let upstreamAborted = false;
    const proxy = await adapter.start({
      ...OPTIONS,
      bodyIdleTimeoutMs: 100,
      fetch: async (request) => {
        const reader = request.body?.getReader();
        try {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) break;
            upstreamGotFirst = true;
          }
        } catch {
          upstreamAborted = true;
        }
        return Response.json({ responseStatus: 'SUCCESS' });
      },
    });
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1024));
        // The rest never comes.
      },
    });
    const response = await proxy.send(
      '/vault/promomats.sunrise.example/api/v26.1/objects/documents',
      {
        method: 'POST',
        body: stalled,
        duplex: 'half',
      },
    );
    expect(response.status).toBe(408);
    expect(await failureType(response)).toBe('PROXY_BODY_TIMEOUT');
    expect(upstreamGotFirst).toBe(true);
    await expect.poll(() => upstreamAborted).toBe(true);
  });

  it('cuts a download that stops moving and cancels the upstream body', async () => {
    let cancelled = false;
    const proxy = await adapter.start({
      ...OPTIONS,
      bodyIdleTimeoutMs: 100,
      fetch: async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(64 * 1024).fill(1));
            },
            cancel() {
              cancelled = true;
            },
          }),
          { headers: { 'Content-Type': 'application/octet-stream' } },
        ),
    });
    const response = await proxy.send(
      '/vault/promomats.sunrise.example/api/v26.1/objects/documents/7/file',
    );
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    let received = 0;
    const read = async (): Promise<void> => {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        received += chunk.value.byteLength;
      }
    };
    await expect(read()).rejects.toThrow();
    expect(received).toBe(64 * 1024);
    await expect.poll(() => cancelled).toBe(true);
  });

  it('ends a download as broken, not as whole, when the upstream fails mid-body', async () => {
    const proxy = await adapter.start({
      ...OPTIONS,
      fetch: async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(64 * 1024).fill(1));
              setTimeout(() => controller.error(new Error('the vault went away')), 20);
            },
          }),
          { headers: { 'Content-Type': 'application/octet-stream' } },
        ),
    });
    const response = await proxy.send(
      '/vault/promomats.sunrise.example/api/v26.1/objects/documents/7/file',
    );
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});
