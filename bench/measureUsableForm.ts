import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from './buildBundle';
import { percentile } from './percentile';
import { type ProductionApp, startProductionApp } from './startProductionApp';

/**
 * The network of {@link measureUsableForm}: Chrome DevTools' "Slow 4G" preset
 * (`Network.emulateNetworkConditions`), in bytes per second and milliseconds.
 *
 * @example
 * ```ts
 * await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
 * ```
 */
export const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
} as const;

/**
 * How much slower the CPU is made (`Emulation.setCPUThrottlingRate`).
 *
 * @example
 * ```ts
 * await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
 * ```
 */
export const CPU_SLOWDOWN = 4;

/**
 * The target of the budget table in CONTRIBUTING.md: the kit's login page is usable within this many times
 * the time of the plain page.
 *
 * @example
 * ```ts
 * const reached = report.ratio <= USABLE_FORM_TARGET_RATIO;
 * ```
 */
export const USABLE_FORM_TARGET_RATIO = 1.15;

/**
 * Milliseconds from navigation start to a usable user-name field, per page.
 *
 * @example
 * ```ts
 * const page: UsableFormPage = report.kit;
 * console.log(page.medianMs, page.samplesMs.length);
 * ```
 */
export interface UsableFormPage {
  readonly label: string;
  readonly samplesMs: readonly number[];
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
}

/**
 * Results of {@link measureUsableForm}.
 *
 * @example
 * ```ts
 * const { kit, plain, ratio }: UsableFormReport = await measureUsableForm({ browser });
 * ```
 */
export interface UsableFormReport {
  readonly runs: number;
  readonly kit: UsableFormPage;
  readonly plain: UsableFormPage;
  /** The kit's median over the plain page's median. */
  readonly ratio: number;
}

const USERNAME_LABEL = 'User name';
const RUNS = 7;

/**
 * Times a usable login form under 4× CPU throttling and Slow 4G in Chromium: the kit's
 * login page (`bench/login-app`, the production build) beside a page of the same stack
 * with plain `<input>` elements (`bench/plain-login-app`), both served gzip-compressed as
 * deployed pages are (uncompressed, the kit's extra bytes would weigh three times what they
 * cost once deployed). A run is a fresh browser
 * context (nothing cached) that opens the page; "usable" is the first frame in which the
 * field labelled "User name" is in the page, visible, enabled and not inert, taken in the
 * page on its own clock from navigation start. The run then types into the field and
 * checks the text arrived, so a field that only looked usable fails the measurement. One
 * warm-up run per page, then `RUNS` runs each, the pages taking turns.
 *
 * @example
 * ```ts
 * const report = await measureUsableForm({ browser: await launchChromium() });
 * console.log(report.ratio.toFixed(2));
 * ```
 */
export async function measureUsableForm(options: {
  readonly browser: Browser;
  readonly runs?: number;
}): Promise<UsableFormReport> {
  const runs = options.runs ?? RUNS;
  const kitApp = await startProductionApp({ root: resolve(REPO_ROOT, 'bench/login-app') });
  try {
    const plainApp = await startProductionApp({
      root: resolve(REPO_ROOT, 'bench/plain-login-app'),
    });
    try {
      const kit: number[] = [];
      const plain: number[] = [];
      await measureRun(options.browser, kitApp);
      await measureRun(options.browser, plainApp);
      for (let run = 0; run < runs; run += 1) {
        kit.push(await measureRun(options.browser, kitApp));
        plain.push(await measureRun(options.browser, plainApp));
      }
      const kitPage = summarize('the kit: SessionProvider, RequireSession, LoginForm', kit);
      const plainPage = summarize('plain `<input>` form, React + TanStack Query', plain);
      return { runs, kit: kitPage, plain: plainPage, ratio: kitPage.medianMs / plainPage.medianMs };
    } finally {
      await plainApp.close();
    }
  } finally {
    await kitApp.close();
  }
}

function summarize(label: string, samplesMs: readonly number[]): UsableFormPage {
  return {
    label,
    samplesMs,
    medianMs: percentile(samplesMs, 0.5),
    minMs: Math.min(...samplesMs),
    maxMs: Math.max(...samplesMs),
  };
}

async function measureRun(browser: Browser, app: ProductionApp): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await page.addInitScript(usableFieldWatcher(USERNAME_LABEL));
    await page.goto(app.url, { waitUntil: 'commit' });
    // The watcher is in place once the page's own document has begun: wait for it there.
    await page.waitForFunction('window.usableFieldAt !== undefined');
    const usableAt = await page.evaluate<number>('window.usableFieldAt');
    await checkAcceptsTyping(page);
    return usableAt;
  } finally {
    await context.close();
  }
}

async function checkAcceptsTyping(page: Page): Promise<void> {
  const field = page.getByLabel(USERNAME_LABEL, { exact: true });
  await field.pressSequentially('o');
  const value = await field.inputValue();
  if (value !== 'o') {
    throw new Error(`The user-name field took no typing (it holds "${value}").`);
  }
}

/**
 * Runs in the page before its own scripts: `window.usableFieldAt` resolves with
 * `performance.now()` of the first animation frame in which the field labelled `label` can
 * take typing. Checked every frame, since a stylesheet or a timer can reveal it without a
 * DOM change. A string, so that no helper of the TypeScript runner ends up in the page.
 */
function usableFieldWatcher(label: string): string {
  return `(() => {
    const usable = () => {
      for (const element of document.querySelectorAll('label')) {
        if (element.textContent.trim() !== ${JSON.stringify(label)}) continue;
        const field = element.control;
        if (!(field instanceof HTMLInputElement) || field.disabled || field.readOnly) continue;
        if (field.closest('[inert], [aria-hidden="true"], [hidden]')) continue;
        const box = field.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && getComputedStyle(field).visibility === 'visible') {
          return true;
        }
      }
      return false;
    };
    window.usableFieldAt = new Promise((resolveAt) => {
      const check = () => {
        if (usable()) resolveAt(performance.now());
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  })();`;
}
