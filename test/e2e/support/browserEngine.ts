import type { Browser, LaunchOptions } from 'playwright-core';
import { launchChromium } from './launchChromium';
import { launchFirefox } from './launchFirefox';

/**
 * The browser engine a run of the browser tests drives: `E2E_BROWSER=firefox` (set by the
 * `e2e-firefox` test project) for Firefox ESR over WebDriver BiDi, Chromium otherwise.
 *
 * @example
 * ```ts
 * it.skipIf(BROWSER_ENGINE === 'firefox')('emulates a dark colour scheme', async () => {});
 * ```
 */
export const BROWSER_ENGINE: 'chromium' | 'firefox' =
  process.env.E2E_BROWSER === 'firefox' ? 'firefox' : 'chromium';

/**
 * Launches the engine of {@link BROWSER_ENGINE}; both come back as a playwright-core
 * `Browser`, so a test body never knows which one it drives. Launch options that only one
 * engine understands go in `chromium` or `firefox`.
 *
 * @example
 * ```ts
 * const browser = await launchBrowser({ chromium: { args: ['--lang=de'] } });
 * ```
 */
export function launchBrowser(
  options: {
    readonly chromium?: Omit<LaunchOptions, 'executablePath'> | undefined;
    readonly firefox?: Omit<LaunchOptions, 'executablePath' | 'channel'> | undefined;
  } = {},
): Promise<Browser> {
  return BROWSER_ENGINE === 'firefox'
    ? launchFirefox(options.firefox)
    : launchChromium(options.chromium);
}
