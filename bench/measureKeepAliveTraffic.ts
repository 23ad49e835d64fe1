import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type RequestLog, recordRequests } from '../test/e2e/support/recordRequests';
import { keepAliveOf, settleTabs } from '../test/e2e/support/sessionAppTabs';
import { startDevServer } from '../test/e2e/support/startDevServer';
import { REPO_ROOT } from './buildBundle';

/**
 * Keep-alive requests of one browser (all tabs) per interval, for one tab count.
 *
 * @example
 * ```ts
 * const row: KeepAliveTraffic = { tabs: 5, active: [1, 1, 1, 1, 1], idle: [0, 0, 0, 0, 0] };
 * ```
 */
export interface KeepAliveTraffic {
  readonly tabs: number;
  /** Requests in each interval in which the user typed or clicked in some tab. */
  readonly active: readonly number[];
  /** Requests in each following interval without any input. */
  readonly idle: readonly number[];
  /** Keep-alive requests seen between the first tab's load and the first interval. */
  readonly beforeFirstInterval: number;
}

/**
 * Results of {@link measureKeepAliveTraffic}.
 *
 * @example
 * ```ts
 * const { intervalMs, rows }: KeepAliveTrafficReport = await measureKeepAliveTraffic({ browser });
 * ```
 */
export interface KeepAliveTrafficReport {
  readonly intervalMs: number;
  readonly intervals: number;
  readonly rows: readonly KeepAliveTraffic[];
}

const APP_ROOT = resolve(REPO_ROOT, 'test/e2e/fixtures/session-app');
const INTERVAL_MS = 60_000;
const APP_QUERY = `interval=${INTERVAL_MS}&idle=${10 * INTERVAL_MS}`;
const KEEP_ALIVE_PATH = /^\/api\/[^/]+\/keep-alive$/;
const OLIVIA = { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' };
/** How long a page may take to reach a state before the measurement is given up. */
const WAIT_MS = 10_000;

/**
 * Counts `POST …/keep-alive` at the browser-context level (every tab) with 1, 3 and 5 tabs
 * of the session fixture app (`test/e2e/fixtures/session-app`, `?interval=60000`) on the
 * Vite dev server with the emulator. The page clock is installed, so each interval is a
 * `clock.fastForward(60 s)`: first `intervals` intervals with real input (a key press or a
 * click, in a tab that does not send where there is one), then as many without input.
 * Throws when a tab cannot sign in or a page does not reach the state a step waits for,
 * rather than count the requests of a session that never ran.
 *
 * @example
 * ```ts
 * const report = await measureKeepAliveTraffic({ browser, tabCounts: [1, 3, 5], intervals: 5 });
 * ```
 */
export async function measureKeepAliveTraffic(options: {
  readonly browser: Browser;
  readonly tabCounts?: readonly number[];
  readonly intervals?: number;
}): Promise<KeepAliveTrafficReport> {
  const intervals = options.intervals ?? 5;
  // The fixture holds its session ID (token mode), as SES-05 runs it; a proxy in BFF mode
  // refuses its sign-in, which has no CSRF header and is meant to carry no cookie.
  const dev = await startDevServer({ root: APP_ROOT, session: false });
  try {
    const rows: KeepAliveTraffic[] = [];
    for (const tabs of options.tabCounts ?? [1, 3, 5]) {
      const context = await options.browser.newContext();
      try {
        rows.push(await measureTabs(context, `${dev.url}/?${APP_QUERY}`, tabs, intervals));
      } finally {
        await context.close();
      }
    }
    return { intervalMs: INTERVAL_MS, intervals, rows };
  } finally {
    await dev.close();
  }
}

async function measureTabs(
  context: BrowserContext,
  url: string,
  count: number,
  intervals: number,
): Promise<KeepAliveTraffic> {
  await context.clock.install();
  const log = recordRequests(context);
  const tabs = await openSignedInTabs(context, url, count);
  await waitFor(`one of ${count} tabs to lead`, async () => (await leaders(tabs)).length === 1);
  const leader = tabs[(await leaders(tabs))[0] ?? 0];
  if (!leader) throw new Error('No tab was opened.');
  const followers = tabs.filter((tab) => tab !== leader);
  await settleTabs(tabs);
  const beforeFirstInterval = log.count('POST', KEEP_ALIVE_PATH);

  const active: number[] = [];
  for (let index = 0; index < intervals; index += 1) {
    const tab = followers[index % Math.max(1, followers.length)] ?? leader;
    const before = await keepAliveOf(leader);
    await (index % 2 === 0 ? tab.keyboard.press('Shift') : tab.mouse.click(5, 5));
    // The leader hears of input in another tab over the channel; wait until it has.
    await waitFor(
      'the leading tab to hear of the input',
      async () => (await keepAliveOf(leader)).lastActivity !== before.lastActivity,
    );
    active.push(await countInterval(context, tabs, leader, log));
  }
  const idle: number[] = [];
  for (let index = 0; index < intervals; index += 1) {
    idle.push(await countInterval(context, tabs, leader, log));
  }
  return { tabs: count, active, idle, beforeFirstInterval };
}

/** Moves every tab's clock one interval on and counts the keep-alives that followed. */
async function countInterval(
  context: BrowserContext,
  tabs: readonly Page[],
  leader: Page,
  log: RequestLog,
): Promise<number> {
  const before = log.count('POST', KEEP_ALIVE_PATH);
  const sentBefore = (await keepAliveOf(leader)).lastSent;
  await context.clock.fastForward(INTERVAL_MS);
  // Either the leader sent (its last-sent time moves) or it found no activity and went idle.
  await waitFor('the leading tab to send or go idle after an interval', async () => {
    const view = await keepAliveOf(leader);
    return (view.lastSent !== sentBefore && view.status === 'scheduled') || view.status === 'idle';
  });
  await settleTabs(tabs);
  return log.count('POST', KEEP_ALIVE_PATH) - before;
}

async function openSignedInTabs(
  context: BrowserContext,
  url: string,
  count: number,
): Promise<Page[]> {
  const first = await context.newPage();
  await first.goto(url);
  await first.getByLabel('User name').fill(OLIVIA.username);
  await first.getByLabel('Password').fill(OLIVIA.password);
  await first.getByRole('button', { name: 'Sign in' }).click();
  await waitForActive(first, 'the first tab to sign in');
  const tabs = [first];
  for (let index = 1; index < count; index += 1) {
    const tab = await context.newPage();
    await tab.goto(url);
    await waitForActive(tab, `tab ${index + 1} to find the open session`);
    tabs.push(tab);
  }
  return tabs;
}

/** Waits for the session to be active; the error names the status and the form's error. */
async function waitForActive(page: Page, what: string): Promise<void> {
  const status = () => page.getByTestId('status').textContent();
  try {
    await waitFor(what, async () => (await status()) === 'active');
  } catch (error) {
    const alert = page.getByRole('alert');
    const shown = (await alert.count()) > 0 ? await alert.textContent() : '';
    throw new Error(
      `${(error as Error).message} Status: ${await status()}; error shown: ${shown || 'none'}.`,
    );
  }
}

async function leaders(tabs: readonly Page[]): Promise<number[]> {
  const views = await Promise.all(tabs.map(keepAliveOf));
  return views.flatMap((view, index) => (view.leader ? [index] : []));
}

/**
 * Polls from this process (no page timer involved, so it works under a page clock). A step
 * that never happened would make the counts after it meaningless, so it throws.
 */
async function waitFor(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`Keep-alive traffic: waited ${WAIT_MS / 1000} s for ${what} in vain.`);
}
