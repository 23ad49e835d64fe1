import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  LaunchOptions,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { BROWSER_ENGINE, launchBrowser } from './browserEngine';
import { type DevServer, type DevServerOptions, startDevServer } from './startDevServer';

/**
 * Settings of {@link setUpBrowserAndDevServer}.
 *
 * @example
 * ```ts
 * const options: BrowserAndDevServerOptions = {
 *   devServer: { root: resolve(import.meta.dirname, '../../demo') },
 *   chromium: { ignoreDefaultArgs: ['--disable-back-forward-cache'] },
 * };
 * ```
 */
export interface BrowserAndDevServerOptions {
  /** The app to serve and the emulator's settings. */
  readonly devServer: DevServerOptions;
  /** How to launch Chromium, when it is the engine of the run; see launchChromium. */
  readonly chromium?: Omit<LaunchOptions, 'executablePath'>;
  /** How to launch Firefox ESR, when it is the engine of the run; see launchFirefox. */
  readonly firefox?: Omit<LaunchOptions, 'executablePath' | 'channel'>;
}

/**
 * The dev server and the browser of a test file or `describe` block, readable once its
 * `beforeAll` has run.
 *
 * @example
 * ```ts
 * const demo: BrowserAndDevServer = setUpBrowserAndDevServer({ devServer: { root } });
 * it('answers', async () => {
 *   const page = await (await demo.newContext()).newPage();
 *   await page.goto(demo.dev.url);
 * });
 * ```
 */
export interface BrowserAndDevServer {
  /** The running dev server; throws when read before `beforeAll` has started it. */
  readonly dev: DevServer;
  /**
   * A fresh context of the browser launched in `beforeAll`, closed after the test that
   * opened it. Each context is its own profile, so storage, BroadcastChannel and Web Locks
   * never leak from one test into the next.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * Registers the hooks of a browser test in the file or `describe` block it is called in:
 * `beforeAll` starts the dev server and launches the browser (see browserEngine) side by side, `afterEach` closes
 * the contexts the test opened, `afterAll` closes the browser, then the server. Call it at
 * the top of the file or block, never inside a test or a hook.
 *
 * @example
 * ```ts
 * const demo = setUpBrowserAndDevServer({
 *   devServer: { root: resolve(import.meta.dirname, '../../demo') },
 * });
 *
 * it('shows the sign-in form', async () => {
 *   const context = await demo.newContext({ viewport: { width: 1280, height: 800 } });
 *   const page = await context.newPage();
 *   await page.goto(demo.dev.url);
 * });
 * ```
 */
export function setUpBrowserAndDevServer(options: BrowserAndDevServerOptions): BrowserAndDevServer {
  let dev: DevServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startDevServer(options.devServer),
      launchBrowser(options),
    ]);
    // Whichever of the two came up is kept even when the other failed, so afterAll can
    // close it instead of leaving a server or a browser process behind.
    if (started.status === 'fulfilled') dev = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
  });

  afterEach(async () => {
    // Emptied first, so a context that fails to close is not tried again after every test.
    const open = contexts.splice(0);
    for (const context of open) await context.close();
  });

  return {
    get dev() {
      if (!dev) throw new Error('The dev server is not running: it starts in beforeAll.');
      return dev;
    },
    async newContext(contextOptions) {
      if (!browser) throw new Error(`${BROWSER_ENGINE} is not running: it starts in beforeAll.`);
      const context = await browser.newContext(contextOptions);
      contexts.push(context);
      return context;
    },
  };
}
