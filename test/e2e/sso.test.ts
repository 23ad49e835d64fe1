// Single sign-on end to end in real Chromium: the fixture app in fixtures/sso-app (public
// API only) on the dev server, whose emulator sends harbor.example users to the real
// development OpenID Provider on the same origin.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { type RequestLog, recordRequests } from './support/recordRequests';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const APP_ROOT = resolve(import.meta.dirname, 'fixtures/sso-app');
const SAM = 'sam@harbor.example';
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
const AUTHORIZE = /^\/oidc\/auth$/;
const TOKEN = /^\/oidc\/token$/;
const OAUTH_SESSION = /^\/auth\/oauth\/session\//;
const GENERIC_FAILURE = 'Sign-in could not be completed. Please start again.';

// The fixture app runs in token mode (it holds the session ID), so the proxy runs without
// session secrets.
const app = setUpBrowserAndDevServer({
  devServer: { root: APP_ROOT, session: false, prebuilt: true },
});

async function openApp(path = '/'): Promise<{ page: Page; log: RequestLog }> {
  const context = await app.newContext();
  const log = recordRequests(context);
  const page = await context.newPage();
  await page.goto(`${app.dev.url}${path}`);
  await page.getByTestId('status').waitFor();
  return { page, log };
}

function poll<T>(read: () => Promise<T> | T, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 25 });
}

async function continueAs(page: Page, username: string): Promise<void> {
  await page.getByLabel('User name').fill(username);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** Every key of both storages, read in the page. */
function storageKeys(page: Page): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(() => ({
    local: Object.keys(window.localStorage),
    session: Object.keys(window.sessionStorage),
  }));
}

/** sam from the app's first page to the provider and back; resolves with the callback URL. */
async function signInSam(page: Page, log: RequestLog): Promise<string> {
  await continueAs(page, SAM);
  const button = page.getByRole('button', { name: 'Continue with Harbor SSO' });
  await button.waitFor();
  // OIDC-08: nothing went to the provider before the click, and no hidden frame exists.
  expect(log.count('GET', AUTHORIZE)).toBe(0);
  expect(page.frames()).toHaveLength(1);

  const callback = page.waitForRequest((request) =>
    request.url().startsWith(`${app.dev.url}/sso/callback?`),
  );
  await button.click();
  await page.getByLabel('Password').waitFor();
  await page.getByLabel('Password').fill('Harbor-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const url = (await callback).url();
  await poll(() => page.getByTestId('status').textContent()).toBe('active');
  return url;
}

describe('single sign-on in the browser', () => {
  it('sends sam to the provider with code + PKCE and brings him back signed in (OIDC-01, OIDC-04, OIDC-07)', async () => {
    const { page, log } = await openApp('/');
    const callbackUrl = await signInSam(page, log);

    const authorize = log.entries.filter(
      (entry) => entry.method === 'GET' && AUTHORIZE.test(entry.path),
    );
    expect(authorize).toHaveLength(1);
    const params = new URL(authorize[0]?.url ?? '').searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('login_hint')).toBe(SAM);
    expect(params.get('client_id')).toBe('vault-session-kit-demo');
    expect(params.get('redirect_uri')).toBe(`${app.dev.url}/sso/callback`);
    expect(params.get('scope')?.split(' ')).not.toContain('offline_access');
    expect(new URL(callbackUrl).searchParams.get('state')).toBe(params.get('state'));

    await expect(page.getByTestId('user').textContent()).resolves.toBe(SAM);
    expect(log.count('POST', TOKEN)).toBe(1);
    expect(log.count('POST', OAUTH_SESSION)).toBe(1);
    expect(page.url()).not.toMatch(/[?&#](code|state)=/);
    expect(new URL(page.url()).pathname).toBe('/');
    const keys = await storageKeys(page);
    expect([...keys.local, ...keys.session].filter((key) => key.startsWith('oidc.'))).toEqual([]);
    // The library was loaded for this path, so the password-path check below can see it.
    expect(log.entries.some((entry) => entry.url.includes('oidc-client-ts'))).toBe(true);
    expect(app.dev.events).toContainEqual(
      expect.objectContaining({ type: 'login', method: 'oauth', username: SAM }),
    );
  });

  it('prefills the provider login page from the typed address', async () => {
    const { page } = await openApp('/');
    await continueAs(page, SAM);
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
    await page.getByLabel('Password').waitFor();
    await expect(page.getByLabel('User name').inputValue()).resolves.toBe('sam');
  });

  it('shows a forged callback as a generic failure and makes no exchange or session call (OIDC-02)', async () => {
    const { page, log } = await openApp('/sso/callback?code=forged-code&state=forged-state');
    await poll(() => page.getByTestId('sso-status').textContent()).toBe('error');
    await expect(page.getByTestId('sso-error').textContent()).resolves.toBe(GENERIC_FAILURE);
    await expect(page.getByTestId('status').textContent()).resolves.toBe('signed-out');
    expect(log.count('POST', TOKEN)).toBe(0);
    expect(log.count('POST', OAUTH_SESSION)).toBe(0);
    expect(page.url()).toBe(`${app.dev.url}/sso/callback`);
    await expect(page.getByLabel('User name').isVisible()).resolves.toBe(true);
  });

  it('survives a reload and a replay of the callback after success (OIDC-02, OIDC-06)', async () => {
    const { page, log } = await openApp('/');
    const callbackUrl = await signInSam(page, log);
    const counts = { token: log.count('POST', TOKEN), session: log.count('POST', OAUTH_SESSION) };

    // The callback URL loaded again after success: its state was used up.
    await page.goto(callbackUrl);
    await poll(() => page.getByTestId('sso-status').textContent()).toBe('error');
    await expect(page.getByTestId('sso-error').textContent()).resolves.toBe(GENERIC_FAILURE);
    await expect(page.getByTestId('status').textContent()).resolves.toBe('active');
    expect(page.url()).toBe(`${app.dev.url}/sso/callback`);

    // A reload of the (now clean) callback page just finds the session.
    await page.reload();
    await poll(() => page.getByTestId('status').textContent()).toBe('active');
    await expect(page.getByTestId('sso-status').textContent()).resolves.toBe('idle');
    await expect(page.getByTestId('sso-error').textContent()).resolves.toBe('');
    expect(log.count('POST', TOKEN)).toBe(counts.token);
    expect(log.count('POST', OAUTH_SESSION)).toBe(counts.session);
  });

  it('tells the user when they cancel at the provider', async () => {
    const { page, log } = await openApp('/');
    await continueAs(page, SAM);
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
    await page.getByRole('button', { name: 'Cancel and return to the application' }).click();
    await poll(() => page.getByTestId('sso-status').textContent()).toBe('error');
    await expect(page.getByTestId('sso-error').textContent()).resolves.toBe(
      'You cancelled the sign-in at your organisation.',
    );
    // Back on the page the sign-in started from, not on the callback's address.
    expect(page.url()).toBe(`${app.dev.url}/`);
    expect(log.count('POST', TOKEN)).toBe(0);
    expect(log.count('POST', OAUTH_SESSION)).toBe(0);
  });

  it('loads no OIDC code on the password path (olivia)', async () => {
    const { page, log } = await openApp('/');
    await continueAs(page, OLIVIA.username);
    await page.getByLabel('Password', { exact: true }).fill(OLIVIA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => page.getByTestId('status').textContent()).toBe('active');

    const loaded = log.entries.map((entry) => entry.url);
    expect(loaded.filter((url) => url.includes('oidc-client-ts'))).toEqual([]);
    expect(
      loaded.filter((url) => /\/src\/oidc\/(index|startSsoRedirect|handleSsoCallback)\b/.test(url)),
    ).toEqual([]);
    expect(log.count('GET', AUTHORIZE)).toBe(0);
  });
});

// The same journeys in the demo, whose sign-in page is the kit's own LoginForm: what a user
// of an app built on the kit meets when they press Back or Cancel around the provider.
describe('Back and Cancel around single sign-on (the demo)', () => {
  const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
  const START = '/?from=sso-test';
  const INTERACTION = /^\/oidc\/interaction\//;
  const INTERACTION_URL = (url: URL) => INTERACTION.test(url.pathname);
  const demo = setUpBrowserAndDevServer({
    devServer: { root: DEMO_ROOT, prebuilt: true },
    // Playwright turns the back-forward cache off; the browsers people use have it on.
    chromium: { ignoreDefaultArgs: ['--disable-back-forward-cache'] },
  });

  async function openDemo(): Promise<{ page: Page; log: RequestLog }> {
    // The file's browser, whose back-forward cache is off: a page gone back to loads afresh.
    const context = await app.newContext();
    const log = recordRequests(context);
    const page = await context.newPage();
    await page.goto(`${demo.dev.url}${START}`);
    await usernameField(page).waitFor();
    return { page, log };
  }

  function usernameField(page: Page) {
    return page.getByRole('textbox', { name: enLoginMessages.usernameLabel });
  }

  function loginMessage(page: Page) {
    return page.locator('.vsk-login__error[role="alert"]');
  }

  /** From the demo's first step to the provider's login page. */
  async function toProvider(page: Page): Promise<void> {
    await usernameField(page).fill(SAM);
    await page.getByRole('button', { name: enLoginMessages.continue }).click();
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
    await page.waitForURL(INTERACTION_URL);
    await page.getByLabel('Password').waitFor();
  }

  it('Cancel at the provider returns to the page the sign-in started from, with the user name and a message', async () => {
    const { page, log } = await openDemo();
    await toProvider(page);
    await page.getByRole('button', { name: 'Cancel and return to the application' }).click();

    await poll(() => loginMessage(page).textContent()).toBe(enLoginMessages.ssoCancelled);
    expect(page.url()).toBe(`${demo.dev.url}${START}`);
    await expect(usernameField(page).inputValue()).resolves.toBe(SAM);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe(
      'alert',
    );
    expect(log.count('POST', TOKEN)).toBe(0);

    // Straight on from there: Continue leads to the single sign-on step again.
    await page.getByRole('button', { name: enLoginMessages.continue }).click();
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).waitFor();
  });

  it('Back after Cancel never shows a dead provider page: it lands on a working sign-in', async () => {
    const { page } = await openDemo();
    await toProvider(page);
    await page.getByRole('button', { name: 'Cancel and return to the application' }).click();
    await poll(() => loginMessage(page).textContent()).toBe(enLoginMessages.ssoCancelled);

    await page.goBack();
    await usernameField(page).waitFor();
    expect(new URL(page.url()).origin).toBe(demo.dev.url);
    await usernameField(page).fill(SAM);
    await page.getByRole('button', { name: enLoginMessages.continue }).click();
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).waitFor();
  });

  it('Back at the provider returns to a working single sign-on step for the same user', async () => {
    const { page } = await openDemo();
    await toProvider(page);

    // Playwright's Chromium keeps no back-forward cache: the page loads afresh, and takes
    // the user back to the step they left.
    await page.goBack();
    await page.getByRole('heading', { name: enLoginMessages.ssoHeading }).waitFor();
    expect(await page.getByText(SAM).count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${demo.dev.url}${START}`);
    await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
    await page.waitForURL(INTERACTION_URL);
  });

  it('Back at the provider to the page in the back-forward cache: the single sign-on step works again, with the focus on it', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.goto(`${demo.dev.url}${START}`);
    await page.evaluate(() => {
      window.addEventListener('pageshow', (event) => {
        document.documentElement.dataset.restored = String(event.persisted);
      });
    });
    await toProvider(page);

    // A restored page fires no load event; the navigation is over once it is committed.
    await page.goBack({ waitUntil: 'commit' });
    await poll(() => page.evaluate(() => document.documentElement.dataset.restored)).toBe('true');
    const heading = page.getByRole('heading', { name: enLoginMessages.ssoHeading });
    await poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab'); // "Not you?"
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(INTERACTION_URL);
  });

  it('Back after a successful sign-in returns to the application, still signed in', async () => {
    const { page } = await openDemo();
    await toProvider(page);
    await page.getByLabel('Password').fill('Harbor-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(page.url()).toBe(`${demo.dev.url}${START}`);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(new URL(page.url()).origin).toBe(demo.dev.url);
  });

  it('Back after a mistyped then a correct password sends no form again (Post/Redirect/Get)', async () => {
    const { page, log } = await openDemo();
    await toProvider(page);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'incorrect' }).waitFor();
    // The answer to the failed attempt is a page of its own, which a reload shows again
    // without sending the password.
    const posts = log.count('POST', INTERACTION);
    await page.reload();
    await page.getByLabel('Password').waitFor();
    expect(log.count('POST', INTERACTION)).toBe(posts);
    await expect(page.getByLabel('User name').inputValue()).resolves.toBe('sam');

    await page.getByLabel('Password').fill('Harbor-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();

    const before = log.count('POST', INTERACTION);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    expect(log.count('POST', INTERACTION)).toBe(before);
  });
});
