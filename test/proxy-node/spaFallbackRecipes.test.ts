// The server recipes for an app with an SPA fallback (index.html for every unknown path):
// each routes by the proxy's own `matches`, so the session route cannot be left to the
// fallback. A reload of a signed-in BFF app asks `GET /vault-session` with its cookie; the
// proxy must answer it with the session, never the fallback with index.html.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createVaultEmulator } from '../../src/emulator/index';
import { createVaultProxy, type VaultProxyOptions } from '../../src/proxy/index';
import { createVaultProxyListener } from '../../src/proxy-node/index';
import { startLoopbackServer } from '../support/startLoopbackServer';

const APP = 'http://127.0.0.1:5173';
const INDEX = '<!doctype html><div id="root"></div>';
const SETTINGS: VaultProxyOptions = {
  loginHost: 'login.vault.example',
  allowHosts: ['*.sunrise.example'],
  allowedOrigins: [APP],
  session: { secrets: ['a-secret-of-the-recipes-test-0123456789'] },
};

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

type Send = (path: string, init?: RequestInit) => Promise<Response>;

async function listen(server: Server): Promise<Send> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(
    () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(done);
      }),
  );
  const { port } = server.address() as AddressInfo;
  return (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init);
}

/** An app's build as `vite build` leaves it, in a directory removed after the test. */
function builtApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'vsk-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/app.js'), 'export {};');
  closers.push(async () => rmSync(dist, { recursive: true, force: true }));
  return dist;
}

/** The proxy's Node listener in front of an emulator on loopback HTTP. */
async function nodeListener() {
  const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
  const vault = await startLoopbackServer(emulator.fetch);
  closers.push(() => vault.close());
  const proxy = createVaultProxyListener({ ...SETTINGS, upstream: vault.url });
  closers.push(async () => proxy.close());
  return proxy;
}

const recipes: Record<string, () => Promise<Send>> = {
  async 'node:http with the Node listener'() {
    const proxy = await nodeListener();
    return listen(
      createServer((req, res) =>
        proxy.matches(req)
          ? proxy(req, res)
          : res.writeHead(200, { 'content-type': 'text/html' }).end(INDEX),
      ),
    );
  },
  async 'Express with the Node listener'() {
    const proxy = await nodeListener();
    const dist = builtApp();
    const app = express();
    // The proxy first: `matches` knows every path it answers, the session route included.
    app.use((req, res, next) => (proxy.matches(req) ? proxy(req, res) : next()));
    app.use(express.static(dist));
    // The SPA fallback: index.html for every other path (Express 5 names the wildcard).
    app.get('/{*path}', (_req, res) => res.sendFile('index.html', { root: dist }));
    return listen(createServer(app));
  },
  async 'Hono with the fetch-style proxy'() {
    const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
    const proxy = createVaultProxy({ ...SETTINGS, fetch: (request) => emulator.fetch(request) });
    const app = new Hono();
    app.use((c, next) => (proxy.matches(c.req.raw) ? proxy(c.req.raw) : next()));
    app.get('*', (c) => c.html(INDEX));
    return async (path, init) => app.request(path, init);
  },
};

describe.each(Object.entries(recipes))('%s, beside an SPA fallback', (_name, start) => {
  it("answers a reload's session route with the session, and the app's paths with the page", async () => {
    const send = await start();
    expect(await (await send('/documents/7')).text()).toBe(INDEX);
    const login = await send('/vault/promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      headers: { Origin: APP, 'X-Vault-Kit': '1' },
      body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    });
    expect((await login.json()).responseStatus).toBe('SUCCESS');
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    // A reload of a deep link: the page from the fallback, then the session from the proxy.
    const page = await send('/documents/7', { headers: { cookie } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toBe(INDEX);
    const reload = await send('/vault-session', { headers: { cookie } });
    expect(reload.headers.get('content-type')).toContain('application/json');
    expect((await reload.json()).own).toMatchObject({ vaultDns: 'promomats.sunrise.example' });
  });
});
