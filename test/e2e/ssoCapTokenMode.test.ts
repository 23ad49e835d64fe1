// The 48-hour cap in token mode, in real Chromium against the real development OpenID
// Provider: the fixture app in fixtures/sso-app (public API only) signs sam in by redirect;
// at the cap an active sam gets a new vault session from a silent sign-in (oidc-client-ts,
// `prompt=none` in a hidden frame that returns to /sso/silent), with no form and no page
// load. The emulator's clock and the page's clock are both moved by the test.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/emulator/createManualClock';
import { enSessionMessages } from '../../src/locales/en/enSessionMessages';
import { type RequestLog, recordRequests } from './support/recordRequests';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const APP_ROOT = resolve(import.meta.dirname, 'fixtures/sso-app');
const SAM = 'sam@harbor.example';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TO_THE_WARNING = 48 * HOUR - 4 * MINUTE;
const AUTHORIZE = /^\/oidc\/auth$/;
const OAUTH_SESSION = /^\/auth\/oauth\/session\//;
const t = enSessionMessages;

// Behind the wall clock by three days at the start of each test: the provider stamps its
// tokens with the wall clock, so they stay valid for the emulator after it has moved 48
// hours on.
const clock = createManualClock(Date.now() - 72 * HOUR);
beforeEach(() => clock.set(Date.now() - 72 * HOUR));
const app = setUpBrowserAndDevServer({
  devServer: { root: APP_ROOT, session: false, prebuilt: true, emulator: { clock } },
});

function poll<T>(read: () => Promise<T> | T, timeout = 15_000) {
  return expect.poll(read, { timeout, interval: 25 });
}

async function openApp(idleTimeoutMs?: number): Promise<{ page: Page; log: RequestLog }> {
  const context = await app.newContext();
  const log = recordRequests(context);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(app.dev.url);
  if (idleTimeoutMs !== undefined) {
    await page.evaluate((ms) => {
      window.sessionStorage.setItem('sso-app.idle-timeout-ms', String(ms));
    }, idleTimeoutMs);
    await page.reload();
  }
  await page.getByTestId('status').waitFor();
  return { page, log };
}

async function continueAs(page: Page, username: string): Promise<void> {
  await page.getByLabel('User name').fill(username);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

async function signInSam(page: Page): Promise<void> {
  await continueAs(page, SAM);
  await page.getByRole('button', { name: 'Continue with Harbor SSO' }).click();
  await page.getByLabel('Password').fill('Harbor-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await poll(() => page.getByTestId('status').textContent()).toBe('active');
}

/** Both clocks to four minutes before the cap, where the warning (or the renewal) is due. */
async function toTheCapWarning(page: Page): Promise<void> {
  clock.advance(TO_THE_WARNING);
  await page.clock.fastForward(TO_THE_WARNING);
}

async function pastTheCap(page: Page): Promise<void> {
  clock.advance(10 * MINUTE);
  await page.clock.fastForward(10 * MINUTE);
}

/**
 * The provider refuses the silent sign-in: the cap warning says so, no new session is
 * opened, and at the cap the dialog says why before the form.
 */
async function refusedAtTheCap(page: Page, log: RequestLog, why: string): Promise<void> {
  await toTheCapWarning(page);
  const dialog = page.getByRole('alertdialog', { name: t.capTitle });
  await poll(() => dialog.textContent()).toContain(
    t.capRenewFailedBody({ time: '' }).split('.')[0],
  );
  expect(log.count('POST', OAUTH_SESSION)).toBe(1);
  await page.getByRole('button', { name: t.continueSession }).click();
  await pastTheCap(page);
  const ended = page.getByRole('alertdialog', { name: t.expiredTitle });
  await poll(() => ended.textContent()).toContain(why);
  await page.getByRole('button', { name: t.signInAgain }).click();
  await expect(page.getByLabel('User name').isVisible()).resolves.toBe(true);
}

describe('the 48-hour cap in token mode', () => {
  it('gives an active sso user a new session silently, keeping the page and what was typed', async () => {
    const { page, log } = await openApp();
    await signInSam(page);
    const notes = page.getByLabel('Notes');
    await notes.fill('Draft not saved yet');
    const loads = { count: 0 };
    page.on('load', () => {
      loads.count += 1;
    });
    app.dev.clearEvents();

    await toTheCapWarning(page);
    await poll(() => log.count('POST', OAUTH_SESSION)).toBe(2);
    // The provider was asked without a prompt, from a frame that answered to /sso/silent.
    const silent = log.entries.filter(
      (entry) => entry.method === 'GET' && AUTHORIZE.test(entry.path),
    );
    const params = new URL(silent.at(-1)?.url ?? '').searchParams;
    expect(params.get('prompt')).toBe('none');
    expect(params.get('redirect_uri')).toBe(`${app.dev.url}/sso/silent`);
    // The service has opened the new session (the page's request may be logged before the
    // service has answered it) and the old one has ended there.
    await poll(() =>
      app.dev.events.some(
        (event) => event.type === 'login' && event.method === 'oauth' && event.username === SAM,
      ),
    ).toBe(true);
    await poll(() => app.dev.events.filter((event) => event.type === 'session_ended').length).toBe(
      1,
    );

    await pastTheCap(page);
    await expect(page.getByTestId('status').textContent()).resolves.toBe('active');
    await expect(notes.inputValue()).resolves.toBe('Draft not saved yet');
    await expect(notes.evaluate((field) => field === document.activeElement)).resolves.toBe(true);
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    expect(loads.count).toBe(0);
  });

  it('shows an idle sso user the idle warning and then the form, with no silent sign-in', async () => {
    // The idle timeout ends two minutes after the cap warning is due: a user who has done
    // nothing since signing in is idle when the cap comes near.
    const { page, log } = await openApp(48 * HOUR - 2 * MINUTE);
    await signInSam(page);
    const authorizeBefore = log.count('GET', AUTHORIZE);

    await toTheCapWarning(page);
    const dialog = page.getByRole('alertdialog', { name: t.idleTitle });
    await dialog.waitFor();
    clock.advance(3 * MINUTE);
    await page.clock.fastForward(3 * MINUTE);
    await poll(() =>
      page.getByRole('alertdialog', { name: t.idleEndedTitle }).textContent(),
    ).toContain(t.idleEndedBody);
    await expect(page.getByLabel('User name').isVisible()).resolves.toBe(true);
    expect(log.count('GET', AUTHORIZE)).toBe(authorizeBefore);
    expect(log.count('POST', OAUTH_SESSION)).toBe(1);
  });

  it('shows the form with the reason when the provider no longer knows the user (login_required)', async () => {
    const { page, log } = await openApp();
    await signInSam(page);
    // The provider's sign-in session ends (its cookies go), as after a sign-out there.
    await page.context().clearCookies({ name: /^_session/ });
    await refusedAtTheCap(page, log, t.renewalSignedOutBody);
  });

  it('shows the form with the reason when the user withdrew consent at the provider (consent_required)', async () => {
    const { page, log } = await openApp();
    await signInSam(page);
    const provider = app.dev.oidc;
    if (!provider) throw new Error('The dev stack has no OpenID Provider.');
    await provider.withdrawConsent('sam');
    await refusedAtTheCap(page, log, t.renewalConsentBody);
  });

  it('tells a password user that the cap leads to the form, and asks no provider', async () => {
    const { page, log } = await openApp();
    await continueAs(page, 'olivia@sunrise.example');
    await page.locator('input[name="password"]').fill('Sunrise-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => page.getByTestId('status').textContent()).toBe('active');

    await toTheCapWarning(page);
    const dialog = page.getByRole('alertdialog', { name: t.capTitle });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      t.capBody({ time: '', limit: '48 hours' }).split('.')[0],
    );
    await pastTheCap(page);
    await poll(() => page.getByTestId('status').textContent()).toBe('expired');
    expect(log.count('GET', AUTHORIZE)).toBe(0);
  });
});
