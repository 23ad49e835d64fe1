// Single sign-on in BFF mode in real Chromium and Firefox: sam signs in through the demo (as `npm run
// dev` serves it) at the real development OpenID Provider, and the proxy, not the page,
// exchanges the code. Every request the browser sends and every response it reads is
// recorded: none carries an access, ID or refresh token, the browser never calls the
// provider's token endpoint, and no OIDC library is downloaded. Back from the proxy, the page
// says the sign-in is completing before its code has loaded. A cancel at the provider comes
// back to the form with the user name kept. A password sign-in made in another tab while the
// user is at the provider does not outlive the single sign-on's return.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deMessages } from '../../src/locales/de';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const SAM = { username: 'sam@harbor.example', idpUser: 'sam', idpPassword: 'Harbor-Demo-1' };
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
// Token fields of a token answer, and the shape of a JWT (an ID token is one).
const TOKEN = /access_token|id_token|refresh_token|eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\./;

const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { authBurstLimit: 1_000 }, prebuilt: true },
});

interface Traffic {
  readonly requests: { method: string; url: string; text: string }[];
  /** Every answer but the dev server's source modules (the kit's code names the token fields). */
  readonly responses: { url: string; text: string }[];
  settled(): Promise<unknown>;
}

/** Every request (URL, headers, body) and response (status, headers, body) of the context. */
function recordTraffic(context: BrowserContext): Traffic {
  const requests: Traffic['requests'] = [];
  const responses: Traffic['responses'] = [];
  const reading: Promise<void>[] = [];
  context.on('request', (request) => {
    requests.push({
      method: request.method(),
      url: request.url(),
      text: JSON.stringify([request.url(), request.headers(), request.postData()]),
    });
  });
  context.on('response', (response) => {
    reading.push(
      Promise.all([response.allHeaders(), response.body().catch(() => Buffer.from(''))]).then(
        ([headers, body]) => {
          if (/javascript/.test(headers['content-type'] ?? '')) return;
          responses.push({
            url: response.url(),
            text: JSON.stringify([response.status(), headers, body.toString()]),
          });
        },
      ),
    );
  });
  return { requests, responses, settled: () => Promise.all(reading) };
}

// The session reference of the newest login of `username` the emulator saw.
function loginOf(username: string): string {
  const logins = demo.dev.events.filter(
    (event) => event.type === 'login' && event.username === username,
  );
  const last = logins.at(-1);
  if (last?.type !== 'login') throw new Error(`${username} has not signed in.`);
  return last.sessionRef;
}

function endedSessions(): string[] {
  return demo.dev.events.flatMap((event) =>
    event.type === 'session_ended' ? [event.sessionRef] : [],
  );
}

async function toProvider(page: Page, continueLabel: string): Promise<void> {
  await page.getByRole('textbox').first().fill(SAM.username);
  await page.getByRole('button', { name: continueLabel, exact: true }).click();
  await page.getByRole('button', { name: /Harbor SSO/ }).click();
  await page.waitForURL(/\/oidc\//);
}

describe('single sign-on of the demo in BFF mode', () => {
  it('signs sam in with no token in any byte the browser sends or reads, and no OIDC download', async () => {
    const context = await demo.newContext();
    const traffic = recordTraffic(context);
    const page = await context.newPage();
    await page.goto(`${demo.dev.url}/?from=start`);
    await toProvider(page, enLoginMessages.continue);
    await page.getByLabel('User name').fill(SAM.idpUser);
    await page.getByLabel('Password').fill(SAM.idpPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    // Back where the sign-in started, with nothing added to the address.
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).search).toBe('?from=start');
    await traffic.settled();

    const paths = traffic.requests.map((request) => new URL(request.url).pathname);
    expect(paths).toContain('/vault-session/sso');
    expect(paths).toContain('/vault-session/sso/callback');
    // The code went to the proxy and only there: the browser never asked for a token.
    expect(paths.filter((path) => path.startsWith('/oidc/token'))).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/auth/oauth/session'))).toEqual([]);
    expect(traffic.requests.filter((request) => TOKEN.test(request.text))).toEqual([]);
    expect(traffic.responses.filter((response) => TOKEN.test(response.text))).toEqual([]);
    // No OIDC library, and not the kit's single sign-on chunk either.
    expect(paths.filter((path) => /oidc-client-ts|\/src\/oidc\/index/.test(path))).toEqual([]);
    expect(demo.dev.events).toContainEqual(
      expect.objectContaining({ type: 'login', method: 'oauth', username: SAM.username }),
    );
  });

  it('ends a password session made in another tab while sam was at the provider', async () => {
    // The app on another site than the provider, as in production: the provider's return is
    // a cross-site navigation, which brings none of the app's strict cookies.
    const app = demo.dev.otherSiteUrl as string;
    const context = await demo.newContext();
    const ssoTab = await context.newPage();
    await ssoTab.goto(app);
    await toProvider(ssoTab, enLoginMessages.continue);
    expect(new URL(ssoTab.url()).origin).toBe(demo.dev.url);
    // Meanwhile olivia signs in with her password in a second tab of the same browser.
    const passwordTab = await context.newPage();
    await passwordTab.goto(app);
    await passwordTab.getByRole('textbox').first().fill(OLIVIA.username);
    await passwordTab.getByRole('button', { name: enLoginMessages.continue, exact: true }).click();
    await passwordTab
      .getByLabel(enLoginMessages.passwordLabel, { exact: true })
      .fill(OLIVIA.password);
    await passwordTab.getByRole('button', { name: enLoginMessages.signIn }).click();
    await passwordTab.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    const olivia = loginOf(OLIVIA.username);

    // The proxy never sees olivia's session in the return.
    await ssoTab.getByLabel('User name').fill(SAM.idpUser);
    await ssoTab.getByLabel('Password').fill(SAM.idpPassword);
    await ssoTab.getByRole('button', { name: 'Sign in' }).click();
    await ssoTab.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(new URL(ssoTab.url()).origin).toBe(app);
    const sam = loginOf(SAM.username);
    // The latest sign-in is the browser's, and the one it replaced does not live on.
    await expect.poll(() => endedSessions(), { timeout: 15_000, interval: 50 }).toContain(olivia);
    expect(endedSessions()).not.toContain(sam);
    const me = await ssoTab.evaluate(() =>
      fetch('/vault-session', { headers: { 'X-Vault-Kit': '1' } }).then((answer) => answer.json()),
    );
    expect(me.own).toMatchObject({ vaultDns: 'clinical.harbor.example' });
  });

  it('paints "Completing sign-in…" back from the proxy before any module has loaded, and only then', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    // The page as it is before its modules run.
    await page.route(
      (url) => url.origin === demo.dev.url && url.pathname !== '/',
      (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()),
    );
    await page.goto(`${demo.dev.url}/?from=start&vault_sso_signed_in=1`);
    expect(await page.getByRole('status').textContent()).toBe(enLoginMessages.ssoCompleting);
    await page.goto(`${demo.dev.url}/?from=start`);
    expect(await page.getByRole('status').count()).toBe(0);
  });

  it("brings a cancel at the provider back to the form in the user's language, the user name kept", async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.goto(demo.dev.url);
    await page.evaluate(() => localStorage.setItem('vault-docs-language', 'de'));
    await page.reload();
    await toProvider(page, deMessages.login.continue);
    await page.getByRole('button', { name: 'Cancel and return to the application' }).click();
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent(), { timeout: 15_000 })
      .toContain(deMessages.login.ssoCancelled);
    expect(await page.getByRole('textbox').first().inputValue()).toBe(SAM.username);
    // The outcome left the address bar once it was read.
    expect(new URL(page.url()).search).toBe('');
  });
});
