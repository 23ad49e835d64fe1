// The dev server's pages under their security headers, in real Chromium: the demo and the
// development OpenID Provider's pages must work under a Content-Security-Policy without
// 'unsafe-inline' scripts (WEB-06), and every answer carries `nosniff` (WEB-07).
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');

const GREETING_SLOT = 'GREETING_SLOT';

/**
 * A page with an injection flaw: Vite prepares it like any page (its own scripts get their
 * nonce), then the `name` query parameter is written into it unescaped.
 */
const reflectingPage: Plugin = {
  name: 'test:reflecting-page',
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const url = new URL(req.url ?? '/', 'http://dev.test');
      if (url.pathname !== '/greeting') {
        next();
        return;
      }
      const template = `<!doctype html><html lang="en"><head><title>Greeting</title></head><body><p>Hello ${GREETING_SLOT}</p></body></html>`;
      server.transformIndexHtml('/greeting', template).then((page) => {
        res.setHeader('Content-Type', 'text/html');
        res.end(page.replace(GREETING_SLOT, url.searchParams.get('name') ?? ''));
      }, next);
    });
  },
};

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, plugins: [reflectingPage] },
});

function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** A page whose CSP violations, on every document it loads, end up in the returned list. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const context = await demo.newContext({ viewport: { width: 1280, height: 800 } });
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

describe('security headers of the dev server (WEB-05, WEB-06, WEB-07)', () => {
  it.each([
    ['the demo', '/'],
    ['the single sign-on callback route', '/sso/callback'],
  ])(
    'sends a script policy without unsafe-inline, nosniff and framing by the vaults alone for %s',
    async (_name, path) => {
      const response = await fetch(`${demo.dev.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      // Framing is the policy's to decide: a vault's custom web tab frames the app.
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const policy = directives(response.headers.get('content-security-policy'));
      const scripts = policy.get('script-src') ?? [];
      // 'self' and a nonce made for this page: never a hash of what the page happens to hold.
      expect(scripts[0]).toBe("'self'");
      expect(scripts).toHaveLength(2);
      expect(scripts[1]).toMatch(/^'nonce-[A-Za-z0-9_-]{24}'$/);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual([
        "'self'",
        'https://promomats.sunrise.example',
        'https://quality.sunrise.example',
        'https://clinical.harbor.example',
      ]);
    },
  );

  it('blocks a script injected into a page, while the scripts the build placed there run', async () => {
    const { page, violations } = await watchedPage();
    const injected = '<script>window.injected = true</script>';
    await page.goto(`${demo.dev.url}/greeting?name=${encodeURIComponent(injected)}`);
    // The React refresh preamble, an inline script the build placed, has run.
    await page.waitForFunction(
      () => typeof (window as { $RefreshReg$?: unknown }).$RefreshReg$ === 'function',
    );
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    // The script is in the page, as the flaw put it there; only the policy kept it from running.
    expect(await page.locator('p script').count()).toBe(1);
    expect(violations.some((line) => line.startsWith('script-src'))).toBe(true);
  });

  it('sends nosniff on API answers and on scripts too', async () => {
    for (const path of ['/api', '/main.tsx']) {
      const response = await fetch(`${demo.dev.url}${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      await response.arrayBuffer();
    }
  });

  async function continueAs(page: Page, name: string): Promise<void> {
    await page.goto(demo.dev.url);
    await page.getByRole('textbox', { name: enLoginMessages.usernameLabel }).fill(name);
    await page.getByRole('button', { name: enLoginMessages.continue }).click();
  }

  it('runs a password sign-in with no policy violation', async () => {
    const { page, violations } = await watchedPage();
    await continueAs(page, 'olivia@sunrise.example');
    await page.getByLabel(enLoginMessages.passwordLabel, { exact: true }).fill('Sunrise-Demo-1');
    await page.getByRole('button', { name: enLoginMessages.signIn }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(violations).toEqual([]);
  });

  it("runs single sign-on through the provider's pages with no policy violation", async () => {
    const { page, violations } = await watchedPage();
    await continueAs(page, 'sam@harbor.example');
    // Listening before the click: the provider's page may answer before the click resolves.
    const idpAnswer = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/oidc/interaction/'),
    );
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
    const idpPage = await idpAnswer;
    const idpPolicy = directives(await idpPage.headerValue('content-security-policy'));
    // The provider's pages run no script at all: scripts fall back to default-src.
    const idpScripts = idpPolicy.get('script-src') ?? idpPolicy.get('default-src');
    expect(idpScripts).toBeDefined();
    expect(idpScripts).not.toContain("'unsafe-inline'");
    expect(idpPolicy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(await idpPage.headerValue('x-content-type-options')).toBe('nosniff');

    await page.getByLabel('User name').fill('sam');
    await page.getByLabel('Password').fill('Harbor-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByRole('table').waitFor();
    expect(violations).toEqual([]);
  });
});
