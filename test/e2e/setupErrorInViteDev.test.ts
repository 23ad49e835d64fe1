// A Vite app in development whose origin the kit's proxy refuses: the page has no `process`,
// yet the kit served by Vite explains the setup error, in the form and in the console, with
// the refused origin and the setting that allows it, and never offers a retry. The proxy is
// the dev stack on a port of its own, as `npx vault-session-kit dev` runs it (allowing
// http://localhost:5173), and the app's Vite dev server forwards /auth and /vault to it.
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enLoginMessages as en } from '../../src/locales/en/enLoginMessages';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import { launchBrowser } from './support/browserEngine';
import { type DevServer, startDevServer } from './support/startDevServer';

const APP_ROOT = resolve(import.meta.dirname, 'fixtures/login-app');

let upstream: ServedDevStack | undefined;
let dev: DevServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  upstream = await serveDevStack({ appOrigins: ['http://localhost:5173'], session: false });
  [dev, browser] = await Promise.all([
    startDevServer({ root: APP_ROOT, upstream: upstream.url }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  await upstream?.close();
});

describe('a Vite app in development behind a proxy that refuses its origin', () => {
  it('names the refused origin and the setting that allows it, in the form and the console', async () => {
    if (!dev || !browser) throw new Error('The dev server or the browser did not start.');
    const context = await browser.newContext();
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    try {
      await page.goto(dev.url);
      // The page is a Vite dev server's: no `process` global, as in any browser.
      await expect(page.evaluate(() => typeof globalThis.process)).resolves.toBe('undefined');
      await page.getByRole('textbox', { name: en.usernameLabel }).fill('olivia@sunrise.example');
      await page.getByRole('button', { name: en.continue }).click();

      // Whichever text the form shows, the production one or the explanation.
      const alert = page
        .getByRole('alert')
        .filter({ hasText: /Setup error|not set up correctly/ })
        .first();
      await alert.waitFor();
      const shown = (await alert.textContent()) ?? '';
      expect(shown).toContain(`refused calls from ${dev.url}`);
      expect(shown).toContain('allowedOrigins');
      expect(shown).toContain(`--app-origin ${dev.url}`);
      expect(shown).not.toContain(en.setupError);
      expect(shown).not.toContain(en.serviceUnavailable);
      await expect(page.getByRole('button', { name: en.tryAgain }).count()).resolves.toBe(0);
      expect(logged).toContainEqual(
        expect.stringContaining(
          `[vault-session-kit] Setup error (PROXY_ORIGIN_REFUSED): the vault proxy refused calls from ${dev.url}.`,
        ),
      );
    } finally {
      await context.close();
    }
  });
});
