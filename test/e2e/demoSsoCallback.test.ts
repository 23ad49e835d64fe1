// The way back from the identity provider in the dev-server demo, in Debian's Chromium: the
// callback page says what is happening from its first paint, before any module has loaded,
// and keeps saying it until the documents replace it.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { arMessages } from '../../src/locales/ar';
import { deMessages } from '../../src/locales/de';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { esMessages } from '../../src/locales/es';
import { frMessages } from '../../src/locales/fr';
import { jaMessages } from '../../src/locales/ja';
import { axeViolations } from './support/axeViolations';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const SAM = { username: 'sam@harbor.example', idpUser: 'sam', idpPassword: 'Harbor-Demo-1' };

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 } },
});

/** Holds every request `matches` accepts until `release` is called. */
function hold(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  let released = false;
  const ready = page.route(
    (url) => matches(url),
    (route) => {
      if (released) void route.continue();
      else held.push(route);
    },
  );
  return {
    ready,
    count: () => held.length,
    release() {
      released = true;
      for (const route of held.splice(0)) void route.continue();
    },
  };
}

async function toIdentityProvider(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: enLoginMessages.usernameLabel }).fill(SAM.username);
  await page.getByRole('button', { name: enLoginMessages.continue }).click();
  await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('User name').fill(SAM.idpUser);
  await page.getByLabel('Password').fill(SAM.idpPassword);
}

describe('the single sign-on callback of the demo', () => {
  it.each(['light', 'dark'] as const)(
    'says "%s" from its first paint until the documents show',
    async (colorScheme) => {
      const context = await demo.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(demo.dev.url);
      await toIdentityProvider(page);

      // Back at the callback, the page's modules and the code exchange wait: whatever shows
      // is what the page paints before either.
      const modules = hold(page, (url) => url.pathname === '/main.tsx');
      const exchange = hold(page, (url) => url.pathname.endsWith('/token'));
      await Promise.all([modules.ready, exchange.ready]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/sso\/callback/, { waitUntil: 'commit' });
      await expect.poll(() => modules.count()).toBe(1);
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent()).toBe(enLoginMessages.ssoCompleting);
      expect(await status.isVisible()).toBe(true);
      expect(await axeViolations(page, `callback before the modules, ${colorScheme}`)).toEqual([]);

      // The app has started and is exchanging the code: the same words, now from React.
      modules.release();
      await expect.poll(() => exchange.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await status.textContent()).toBe(enLoginMessages.ssoCompleting);
      expect(await status.isVisible()).toBe(true);

      exchange.release();
      await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    },
  );

  it('speaks the language the user chose, right to left in Arabic', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.goto(demo.dev.url);
    await page.evaluate(() => localStorage.setItem('vault-docs-language', 'ar'));
    await page.reload();
    await page.getByRole('textbox').first().fill(SAM.username);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('button', { name: /Harbor SSO/ }).click();
    await page.waitForURL(/\/oidc\//);
    await page.getByLabel('User name').fill(SAM.idpUser);
    await page.getByLabel('Password').fill(SAM.idpPassword);

    const modules = hold(page, (url) => url.pathname === '/main.tsx');
    await modules.ready;
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => modules.count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toBe(arMessages.login.ssoCompleting);
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['ar', 'rtl']);
    modules.release();
  });

  it("paints the kit's own words in every language", async () => {
    const html = await readFile(resolve(DEMO_ROOT, 'index.html'), 'utf8');
    const painted = Object.fromEntries(
      [...html.matchAll(/^\s+(\w\w): '([^']+)',$/gm)].map(([, tag, text]) => [tag, text]),
    );
    expect(painted).toEqual({
      en: enLoginMessages.ssoCompleting,
      de: deMessages.login.ssoCompleting,
      fr: frMessages.login.ssoCompleting,
      es: esMessages.login.ssoCompleting,
      ja: jaMessages.login.ssoCompleting,
      ar: arMessages.login.ssoCompleting,
    });
  });
});
