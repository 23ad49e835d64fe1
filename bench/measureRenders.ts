import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startDevServer } from '../test/e2e/support/startDevServer';
import { REPO_ROOT } from './buildBundle';
import { largest, mean } from './percentile';

/**
 * React commits inside the profiled `LoginForm` while a user name is typed, in one mode.
 *
 * @example
 * ```ts
 * const row: RenderCount = { strictMode: true, keystrokes: 22, perKeystroke: [1, 1], afterTyping: 3 };
 * ```
 */
export interface RenderCount {
  readonly strictMode: boolean;
  readonly keystrokes: number;
  /** Commits between one keystroke and the next, per keystroke. */
  readonly perKeystroke: readonly number[];
  readonly mean: number;
  readonly max: number;
  /** Commits once typing stopped: the debounce settling and the discovery answer. */
  readonly afterTyping: number;
}

/**
 * Results of {@link measureRenders}.
 *
 * @example
 * ```ts
 * const { username, rows }: RenderReport = await measureRenders({ browser });
 * ```
 */
export interface RenderReport {
  readonly username: string;
  readonly typingDelayMs: number;
  readonly rows: readonly RenderCount[];
}

const APP_ROOT = resolve(REPO_ROOT, 'bench/login-app');
/** 22 characters, a password user of the demo directory. */
const USERNAME = 'olivia@sunrise.example';
const TYPING_DELAY_MS = 110;
const SETTLE_MS = 1_500;

/**
 * Counts React commits of `LoginForm` per keystroke with `<Profiler onRender>` in Chromium:
 * the bench app (`bench/login-app?profile=1`) on the Vite dev server (React's development
 * build, where the Profiler reports), with and without `<StrictMode>`. The user name is
 * typed one key every 110 ms (about two frames more) into the focused field, and the
 * commits are read just before the next key; the ones after the last key's share are
 * counted after a pause long enough for the debounced discovery to come back.
 *
 * @example
 * ```ts
 * const report = await measureRenders({ browser });
 * console.log(report.rows.map((row) => row.mean));
 * ```
 */
export async function measureRenders(options: {
  readonly browser: Browser;
}): Promise<RenderReport> {
  const dev = await startDevServer({ root: APP_ROOT });
  try {
    const rows: RenderCount[] = [];
    for (const strictMode of [false, true]) {
      const context = await options.browser.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${dev.url}/?profile=1&strict=${strictMode ? 1 : 0}`);
        rows.push(await countCommits(page, strictMode));
      } finally {
        await context.close();
      }
    }
    return { username: USERNAME, typingDelayMs: TYPING_DELAY_MS, rows };
  } finally {
    await dev.close();
  }
}

async function countCommits(page: Page, strictMode: boolean): Promise<RenderCount> {
  const field = page.locator('input[name="username"]');
  await field.waitFor();
  await field.click();
  await page.waitForLoadState('networkidle');
  await afterTwoFrames(page);
  let seen = await commitCount(page);
  if (seen === 0) {
    throw new Error(
      "The Profiler reported no commit, not even the mount: React's production build was served.",
    );
  }
  const perKeystroke: number[] = [];
  for (const character of USERNAME) {
    await page.keyboard.type(character);
    await page.waitForTimeout(TYPING_DELAY_MS);
    await afterTwoFrames(page);
    const now = await commitCount(page);
    perKeystroke.push(now - seen);
    seen = now;
  }
  await page.waitForTimeout(SETTLE_MS);
  await page.waitForLoadState('networkidle');
  await afterTwoFrames(page);
  // The pauses between keys are shorter than the debounce, so what comes now is the
  // debounce settling and the discovery answer, not any keystroke.
  const afterTyping = (await commitCount(page)) - seen;
  return {
    strictMode,
    keystrokes: perKeystroke.length,
    perKeystroke,
    mean: mean(perKeystroke),
    max: largest(perKeystroke),
    afterTyping,
  };
}

function commitCount(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { benchCommits: unknown[] }).benchCommits.length,
  );
}

function afterTwoFrames(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}
