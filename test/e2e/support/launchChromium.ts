import { accessSync, constants } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Where the system Chromium lives unless `CHROMIUM_PATH` says otherwise. The browser tests
 * drive the distribution's Chromium; they never download one.
 *
 * @example
 * ```ts
 * const path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
 * ```
 */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Command-line switches for a quiet, headless, sandbox-free Chromium that makes no network
 * calls of its own (updates, sync, QUIC probes), so the only traffic is the page's.
 *
 * @example
 * ```ts
 * await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] });
 * ```
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches the system Chromium through `playwright-core`: one browser per test file, with a
 * fresh `browser.newContext()` per test (each context is its own profile, so storage,
 * BroadcastChannel and Web Locks never leak between tests). Pages of one context share an
 * origin's channels and locks, which is how the cross-tab tests open several tabs.
 *
 * Throws an error naming `apt-get install chromium` when the executable is missing.
 *
 * @example
 * ```ts
 * let browser: Browser;
 * beforeAll(async () => {
 *   browser = await launchChromium();
 * });
 * afterAll(() => browser.close());
 * ```
 */
export async function launchChromium(
  options: Omit<LaunchOptions, 'executablePath'> = {},
): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it with \`apt-get install -y chromium\` ` +
        '(Debian/Ubuntu) or point CHROMIUM_PATH at a Chromium executable; the browser tests ' +
        'never download a browser.',
    );
  }
  return chromium.launch({
    ...options,
    executablePath,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}
