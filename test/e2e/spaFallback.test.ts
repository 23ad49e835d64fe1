// A BFF app on one Node server: the proxy's Node listener and the app, whose server answers
// every unknown path with index.html (an SPA fallback). `matches` hands the proxy every
// path it answers, the session route among them, so a reload finds the session at the
// proxy instead of meeting the fallback and showing the login form.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { createServer as createVite, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomDevSecret } from '../../src/dev/createVaultDevStack';
import { createVaultEmulator } from '../../src/emulator/index';
import { createVaultProxyListener, type VaultProxyListener } from '../../src/proxy-node/index';
import { type LoopbackServer, startLoopbackServer } from '../support/startLoopbackServer';
import { launchChromium } from './support/launchChromium';
import { E2E_OPTIMIZED_DEPS } from './support/startDevServer';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const APP_ROOT = resolve(import.meta.dirname, 'fixtures/session-app');

let browser: Browser;
let vault: LoopbackServer;
let vite: ViteDevServer;
let server: Server;
let listener: VaultProxyListener | undefined;
let origin: string;

beforeAll(async () => {
  browser = await launchChromium();
  vault = await startLoopbackServer(createVaultEmulator({ passwordHashIterations: 1_000 }).fetch);
  vite = await createVite({
    configFile: false,
    envDir: false,
    root: APP_ROOT,
    cacheDir: resolve(REPO_ROOT, 'node_modules/.vite-e2e', basename(APP_ROOT)),
    logLevel: 'warn',
    // Vite's own SPA fallback: index.html for every path it has no file for.
    appType: 'spa',
    plugins: [react()],
    optimizeDeps: { include: [...E2E_OPTIMIZED_DEPS], noDiscovery: true, holdUntilCrawlEnd: true },
    server: { middlewareMode: true, hmr: false, watch: null, fs: { allow: [REPO_ROOT] } },
  });
  server = createServer((req, res) => {
    if (listener?.matches(req)) listener(req, res);
    else vite.middlewares(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  listener = createVaultProxyListener({
    loginHost: 'login.vault.example',
    allowHosts: ['*.sunrise.example'],
    allowedOrigins: [origin],
    session: { secrets: [randomDevSecret()] },
    upstream: vault.url,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  listener?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  await vite?.close();
  await vault?.close();
});

describe('a BFF app behind an SPA fallback, the proxy routed by `matches`', () => {
  it('stays signed in across reloads of a deep link', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/documents/7?credentials=proxy`);
      await page.getByLabel('User name').fill('olivia@sunrise.example');
      await page.getByLabel('Password').fill('Sunrise-Demo-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const status = page.getByTestId('status');
      await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('active');
      // The app's own paths are the app's: the fallback answers them with the page.
      const fallback = await fetch(`${origin}/vault-session-help`);
      expect(await fallback.text()).toContain('<div id="root">');
      for (let reload = 0; reload < 2; reload++) {
        await page.reload();
        await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('active');
        expect(await page.getByTestId('user').textContent()).toBe('olivia@sunrise.example');
      }
    } finally {
      await page.close();
    }
  });
});
