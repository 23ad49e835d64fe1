// The demo in BFF mode at the 48-hour cap, in real Chromium: sam signs in through the real
// development OpenID Provider (the proxy keeps the refresh token it grants), types into the
// documents filter and stays active for two days. Both clocks move together, the emulator's
// (which the proxy follows) from the test and the page's through Playwright: at the cap the
// proxy opens a new session with the provider, and sam stays where he is, signed in, with
// what he typed still there.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/emulator/createManualClock';
import { enLoginMessages } from '../../src/locales/en/enLoginMessages';
import { apiPath } from './support/recordRequests';
import { setUpBrowserAndDevServer } from './support/setUpBrowserAndDevServer';

const DEMO_ROOT = resolve(import.meta.dirname, '../../demo');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const KEEP_ALIVE_PATH = /^\/api\/[^/]+\/keep-alive$/;
// Below the idle warning (28 minutes in) and above the keep-alive interval (5 minutes):
// every jump is answered by one keep-alive, so the service's idle timer never runs out.
const STEP_MS = 20 * MINUTE;

// Behind the wall clock by three days at the start of each test: the provider stamps its
// tokens with the wall clock, so they stay valid for the emulator after two days.
const clock = createManualClock(Date.now() - 72 * HOUR);
beforeEach(() => clock.set(Date.now() - 72 * HOUR));
const demo = setUpBrowserAndDevServer({
  devServer: { root: DEMO_ROOT, emulator: { clock, authBurstLimit: 1_000 }, prebuilt: true },
});

/** A key press (activity), then both clocks `ms` on, answered by the keep-alive it causes. */
async function activeFor(page: Page, ms: number): Promise<void> {
  await page.keyboard.press('Shift');
  const answered = page.waitForResponse((response) =>
    KEEP_ALIVE_PATH.test(apiPath(new URL(response.url()).pathname)),
  );
  clock.advance(ms);
  await page.clock.fastForward(ms);
  await answered;
  // The page still has to read the answer before the next jump.
  await page.evaluate(() => new Promise<void>((done) => setTimeout(done, 20)));
}

describe('the demo at the 48-hour cap in BFF mode', () => {
  it('keeps an active sam signed in past the cap, on the same page with his typed filter', async () => {
    const context = await demo.newContext();
    const page = await context.newPage();
    await page.clock.install({ time: clock.now() });
    await page.goto(demo.dev.url);
    await page.getByRole('textbox').first().fill('sam@harbor.example');
    await page.getByRole('button', { name: enLoginMessages.continue, exact: true }).click();
    await page.getByRole('button', { name: /Harbor SSO/ }).click();
    await page.getByLabel('User name').fill('sam');
    await page.getByLabel('Password').fill('Harbor-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();

    const filter = page.getByRole('searchbox', { name: 'Filter documents' });
    await filter.fill('protocol');
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    // Two days less four minutes of work, then the cap warning's moment.
    const renewed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/vault-session/sso/renew',
    );
    const toTheWarning = 48 * HOUR - 4 * MINUTE;
    for (let elapsed = 0; elapsed + STEP_MS <= toTheWarning; elapsed += STEP_MS) {
      await activeFor(page, STEP_MS);
    }
    await activeFor(page, toTheWarning % STEP_MS);
    expect((await renewed).status()).toBe(200);

    // Past the first session's cap: still signed in, nothing asked, nothing lost.
    await activeFor(page, 10 * MINUTE);
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Documents' }).isVisible(),
    ).resolves.toBe(true);
    await expect(filter.inputValue()).resolves.toBe('protocol');
    await expect(filter.evaluate((field) => field === document.activeElement)).resolves.toBe(true);
    expect(loads).toBe(0);
  });
});
