import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, firefox, type LaunchOptions, type Locator } from 'playwright-core';

/**
 * Where the system Firefox ESR lives unless `FIREFOX_PATH` says otherwise. The browser
 * tests drive the distribution's Firefox; they never download one.
 *
 * @example
 * ```ts
 * const path = process.env.FIREFOX_PATH ?? DEFAULT_FIREFOX_PATH;
 * ```
 */
export const DEFAULT_FIREFOX_PATH = '/usr/bin/firefox-esr';

const RELAY = resolve(import.meta.dirname, 'firefoxBidiRelay.mjs');

// Quiet and offline like the Chromium switches: no updates, telemetry or first-run pages,
// so the only traffic is the page's. The colour scheme is pinned to light, the one the
// relay reports for every new context (see firefoxBidiRelay.mjs).
const FIREFOX_PREFS: Record<string, string | number | boolean> = {
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'layout.css.prefers-color-scheme.content-override': 1,
};

/**
 * Launches the system Firefox ESR through `playwright-core` over WebDriver BiDi, so the
 * same test bodies drive it as drive Chromium: one browser per test file, a fresh
 * `browser.newContext()` per test, and pages of one context sharing an origin's
 * BroadcastChannel and Web Locks like tabs of one profile.
 *
 * Throws an error naming `apt-get install firefox-esr` when the executable is missing.
 *
 * @example
 * ```ts
 * const browser = await launchFirefox();
 * const page = await (await browser.newContext()).newPage();
 * ```
 */
export async function launchFirefox(
  options: Omit<LaunchOptions, 'executablePath' | 'channel'> = {},
): Promise<Browser> {
  const executablePath = process.env.FIREFOX_PATH ?? DEFAULT_FIREFOX_PATH;
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    throw new Error(
      `Firefox ESR was not found at ${executablePath}. Install it with ` +
        '`apt-get install -y firefox-esr` (Debian/Ubuntu) or point FIREFOX_PATH at a Firefox ' +
        'executable; the browser tests never download a browser.',
    );
  }
  const browser = await firefox.launch({
    ...options,
    // Playwright's WebDriver BiDi driver for a stock Firefox, started through the relay.
    channel: 'moz-firefox',
    executablePath: RELAY,
    env: { ...process.env, ...options.env, FIREFOX_PATH: executablePath },
    firefoxUserPrefs: { ...FIREFOX_PREFS, ...options.firefoxUserPrefs },
  });
  const page = await browser.newPage();
  typeWhereFillWouldBeLost(Object.getPrototypeOf(page.locator('body')) as Locator);
  await page.close();
  return browser;
}

type Fill = Locator['fill'];
let originalFill: Fill | undefined;

/**
 * Over WebDriver BiDi, Playwright's `fill` writes the field's `value` property and then
 * fires an `input` event; React's controlled inputs take such a write for their own and
 * never see a change. In Firefox, `fill` therefore empties the field as before and then
 * types the text key by key, as a user would; an empty text and other engines are left
 * to Playwright's own `fill`.
 */
function typeWhereFillWouldBeLost(locator: Locator): void {
  if (originalFill) return;
  const fill: Fill = locator.fill;
  originalFill = fill;
  locator.fill = async function fillByTyping(this: Locator, value, fillOptions) {
    const inFirefox = this.page().context().browser()?.browserType().name() === 'firefox';
    if (!inFirefox || value === '') return fill.call(this, value, fillOptions);
    await fill.call(this, '', fillOptions);
    const timeout = fillOptions?.timeout;
    await this.pressSequentially(value, timeout === undefined ? {} : { timeout });
  };
}
