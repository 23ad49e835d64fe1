import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_PASSWORD_HASH_ITERATIONS } from '../src/emulator/index';
import { type RequestLog, recordRequests } from '../test/e2e/support/recordRequests';
import { REPO_ROOT } from './buildBundle';
import { largest, percentile, smallest } from './percentile';
import { startProductionApp } from './startProductionApp';

/**
 * How long after the last keystroke of the user name the user presses Enter ("Continue").
 *
 * @example
 * ```ts
 * const scenario: IdentifierScenario = { label: 'Enter at once', pauseMs: 0 };
 * ```
 */
export interface IdentifierScenario {
  readonly label: string;
  readonly pauseMs: number;
}

/**
 * Timings of one user action across runs, with the requests the UI waited for.
 *
 * @example
 * ```ts
 * const row: TimedStep = results.identifier[0];
 * console.log(row.medianMs, row.roundTrips * latencyMs);
 * ```
 */
export interface TimedStep {
  readonly label: string;
  /** Milliseconds from the user's action to the view, one per run. */
  readonly samplesMs: readonly number[];
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  /**
   * Requests answered between the action and the view, chained one after the other (the
   * longest such chain), in the worst run.
   */
  readonly roundTrips: number;
  /** What those requests were, e.g. `POST /auth/discovery`, in the worst run. */
  readonly requests: readonly string[];
  /**
   * Median milliseconds from the last keystroke of the user name to the view (identifier
   * steps only): the user's pause included.
   */
  readonly lastKeystrokeMedianMs?: number;
  /** Extra figures for the table, e.g. how many discovery calls a run made. */
  readonly detail: string;
}

/**
 * Results of {@link measureRoundTrips}.
 *
 * @example
 * ```ts
 * const { latencyMs, identifier, signIn }: RoundTripReport = await measureRoundTrips({ browser });
 * ```
 */
export interface RoundTripReport {
  readonly latencyMs: number;
  readonly runsPerScenario: number;
  readonly typingDelayMs: number;
  /** The emulator's PBKDF2 iterations: its default, as in production. */
  readonly passwordHashIterations: number;
  /** User name typed -> password field, per scenario. */
  readonly identifier: readonly TimedStep[];
  /** "Sign in" clicked -> signed-in view, over every run. */
  readonly signIn: TimedStep;
}

/**
 * When the user presses Enter after the last keystroke: long enough for the debounced
 * prefetch to have come back, while it is in flight, and at once.
 *
 * @example
 * ```ts
 * for (const scenario of IDENTIFIER_SCENARIOS) console.log(scenario.label);
 * ```
 */
export const IDENTIFIER_SCENARIOS: readonly IdentifierScenario[] = [
  { label: 'Enter 1 000 ms after the last keystroke (prefetch done)', pauseMs: 1_000 },
  { label: 'Enter 350 ms after the last keystroke (prefetch in flight)', pauseMs: 350 },
  { label: 'Enter right after the last keystroke (no prefetch)', pauseMs: 0 },
];

const APP_ROOT = resolve(REPO_ROOT, 'bench/login-app');
const USERS = [
  { username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' },
  { username: 'marcus@sunrise.example', password: 'Sunrise-Demo-2' },
] as const;
const API_PATH = /^\/(api|auth)(\/|$)/;
const DISCOVERY_PATH = /^\/auth\/discovery$/;

// Runs in every page before the app: timestamps of the user's input and of the moment the
// password field and the signed-in view enter the DOM, all on the page's own clock
// (performance.now(), which event.timeStamp shares). A string, so that no build helper of
// the bench process leaks into the page.
const TIMING_MARKS_SCRIPT = `(() => {
  const marks = { keydowns: [], clicks: [], seen: {} };
  window.benchMarks = marks;
  addEventListener('keydown', (event) => marks.keydowns.push({ key: event.key, at: event.timeStamp }), true);
  addEventListener('click', (event) => marks.clicks.push(event.timeStamp), true);
  const watched = { password: 'input[type="password"]', signedIn: '[data-bench="signed-in"]' };
  new MutationObserver(() => {
    const now = performance.now();
    for (const [name, selector] of Object.entries(watched)) {
      if (marks.seen[name] === undefined && document.querySelector(selector)) marks.seen[name] = now;
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

interface PageMarks {
  readonly keydowns: readonly { readonly key: string; readonly at: number }[];
  readonly clicks: readonly number[];
  readonly seen: { readonly password?: number; readonly signedIn?: number };
}

interface FetchEntry {
  readonly path: string;
  readonly method: string;
  readonly start: number;
  readonly end: number;
}

interface RunResult {
  readonly lastKeyToField: number;
  readonly enterToField: number;
  readonly identifierRequests: readonly FetchEntry[];
  readonly prefetchStarted: boolean;
  readonly prefetchDone: boolean;
  readonly discoveryCalls: number;
  readonly clickToSignedIn: number;
  readonly signInRequests: readonly FetchEntry[];
}

/**
 * Drives the production build of `bench/login-app` (served with the emulator on one
 * origin) in Chromium with `latencyMs` added to every request through the DevTools
 * protocol (`Network.emulateNetworkConditions`). Each run is a fresh browser context: the
 * user types a user name like a person (one key every `typingDelayMs`), pauses as the
 * scenario says, presses Enter, waits for the password field, types the password and
 * clicks "Sign in". Times are taken in the page, from the input event to the DOM change.
 * One warm-up run per user (the emulator hashes a password on first use) is not counted.
 *
 * @example
 * ```ts
 * const browser = await launchChromium();
 * const report = await measureRoundTrips({ browser, latencyMs: 150, runs: 5 });
 * ```
 */
export async function measureRoundTrips(options: {
  readonly browser: Browser;
  readonly latencyMs?: number;
  readonly runs?: number;
  readonly typingDelayMs?: number;
}): Promise<RoundTripReport> {
  const latencyMs = options.latencyMs ?? 150;
  const runs = options.runs ?? 5;
  const typingDelayMs = options.typingDelayMs ?? 110;
  const app = await startProductionApp({ root: APP_ROOT });
  try {
    let runIndex = 0;
    const runOnce = (pauseMs: number) => {
      const user = USERS[runIndex % USERS.length] ?? USERS[0];
      runIndex += 1;
      return measureRun(options.browser, app.url, { user, pauseMs, latencyMs, typingDelayMs });
    };
    // One run per user first: the emulator hashes a demo password on its first use.
    for (const _user of USERS) await runOnce(0);

    const identifier: TimedStep[] = [];
    const signIns: RunResult[] = [];
    for (const scenario of IDENTIFIER_SCENARIOS) {
      const results: RunResult[] = [];
      for (let index = 0; index < runs; index += 1) results.push(await runOnce(scenario.pauseMs));
      signIns.push(...results);
      const started = results.filter((result) => result.prefetchStarted).length;
      const prefetched = results.filter((result) => result.prefetchDone).length;
      const discoveryCalls = results.map((result) => result.discoveryCalls);
      identifier.push({
        ...timedStep(
          scenario.label,
          results.map((result) => result.enterToField),
          results.map((result) => result.identifierRequests),
        ),
        lastKeystrokeMedianMs: percentile(
          results.map((result) => result.lastKeyToField),
          0.5,
        ),
        detail:
          `discovery calls per run ${smallest(discoveryCalls)}–${largest(discoveryCalls)}; ` +
          `before Enter the prefetch had started in ${started}/${results.length} runs, ` +
          `come back in ${prefetched}/${results.length}`,
      });
    }
    const signIn = {
      ...timedStep(
        '"Sign in" clicked -> signed-in view',
        signIns.map((result) => result.clickToSignedIn),
        signIns.map((result) => result.signInRequests),
      ),
      detail: `all ${signIns.length} runs above; olivia and marcus alternate`,
    };
    return {
      latencyMs,
      runsPerScenario: runs,
      typingDelayMs,
      passwordHashIterations: DEFAULT_PASSWORD_HASH_ITERATIONS,
      identifier,
      signIn,
    };
  } finally {
    await app.close();
  }
}

function timedStep(
  label: string,
  samplesMs: readonly number[],
  requestsPerRun: readonly (readonly FetchEntry[])[],
): Omit<TimedStep, 'detail' | 'lastKeystrokeMedianMs'> {
  let worst: readonly FetchEntry[] = [];
  let roundTrips = 0;
  for (const requests of requestsPerRun) {
    const chain = longestChain(requests);
    if (chain >= roundTrips) {
      roundTrips = chain;
      worst = requests;
    }
  }
  return {
    label,
    samplesMs,
    medianMs: percentile(samplesMs, 0.5),
    minMs: smallest(samplesMs),
    maxMs: largest(samplesMs),
    roundTrips,
    requests: worst.map((entry) => `${entry.method} ${entry.path}`),
  };
}

/** The most requests that ran one after another (each started once the previous ended). */
function longestChain(requests: readonly FetchEntry[]): number {
  const byEnd = [...requests].sort((left, right) => left.end - right.end);
  const chain: number[] = [];
  for (const [index, request] of byEnd.entries()) {
    let best = 0;
    for (let before = 0; before < index; before += 1) {
      const previous = byEnd[before];
      if (previous && previous.end <= request.start) best = Math.max(best, chain[before] ?? 0);
    }
    chain.push(best + 1);
  }
  return largest(chain) || 0;
}

async function measureRun(
  browser: Browser,
  url: string,
  run: {
    readonly user: { readonly username: string; readonly password: string };
    readonly pauseMs: number;
    readonly latencyMs: number;
    readonly typingDelayMs: number;
  },
): Promise<RunResult> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: TIMING_MARKS_SCRIPT });
    const page = await context.newPage();
    await addLatency(context, page, run.latencyMs);
    const log = recordRequests(context);
    await page.goto(url);
    const usernameField = page.locator('input[name="username"]');
    await usernameField.waitFor();
    await page.waitForLoadState('networkidle');
    await usernameField.click();
    log.clear();

    await typeLikeAUser(page, run.user.username, run.typingDelayMs);
    if (run.pauseMs > 0) await page.waitForTimeout(run.pauseMs);
    await page.keyboard.press('Enter');
    const passwordField = page.locator('input[type="password"]');
    await passwordField.waitFor({ state: 'visible' });
    const discoveryCalls = log.count('POST', DISCOVERY_PATH);

    await passwordField.fill(run.user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('[data-bench="signed-in"]').waitFor();

    const marks = await readMarks(page);
    const entries = await readFetchEntries(page, log);
    const keys = marks.keydowns.filter((mark) => mark.key !== 'Enter');
    const lastKeyAt = keys.at(-1)?.at;
    const enterAt = marks.keydowns.find((mark) => mark.key === 'Enter')?.at;
    const clickAt = marks.clicks.at(-1);
    const { password: fieldAt, signedIn: signedInAt } = marks.seen;
    if (
      lastKeyAt === undefined ||
      enterAt === undefined ||
      clickAt === undefined ||
      fieldAt === undefined ||
      signedInAt === undefined
    ) {
      throw new Error('A timing mark is missing: the page did not go through every step.');
    }
    const discovery = entries.filter((entry) => DISCOVERY_PATH.test(entry.path));
    return {
      lastKeyToField: fieldAt - lastKeyAt,
      enterToField: fieldAt - enterAt,
      identifierRequests: answeredBetween(entries, enterAt, fieldAt),
      prefetchStarted: discovery.some((entry) => entry.start < enterAt),
      prefetchDone: discovery.some((entry) => entry.end <= enterAt),
      discoveryCalls,
      clickToSignedIn: signedInAt - clickAt,
      signInRequests: answeredBetween(entries, clickAt, signedInAt),
    };
  } finally {
    await context.close();
  }
}

/**
 * One key at a time with a pause between keys (not after the last one), so the scenario's
 * pause is measured from the last keystroke.
 */
async function typeLikeAUser(page: Page, text: string, delayMs: number): Promise<void> {
  for (const [index, character] of [...text].entries()) {
    if (index > 0) await page.waitForTimeout(delayMs);
    await page.keyboard.type(character);
  }
}

async function addLatency(context: BrowserContext, page: Page, latencyMs: number): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

function readMarks(page: Page): Promise<PageMarks> {
  return page.evaluate(() => (window as unknown as { benchMarks: PageMarks }).benchMarks);
}

/**
 * The page's API calls from Resource Timing (fetch only), on the page's clock. Resource
 * Timing has no method, so it comes from the context's request log, by URL.
 */
async function readFetchEntries(page: Page, log: RequestLog): Promise<FetchEntry[]> {
  const methods = new Map(log.entries.map((entry) => [entry.url, entry.method]));
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.initiatorType === 'fetch')
      .map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
  );
  return entries
    .map((entry) => ({ ...entry, path: new URL(entry.url).pathname }))
    .filter((entry) => API_PATH.test(entry.path))
    .map(({ url, path, start, end }) => ({ path, method: methods.get(url) ?? '?', start, end }));
}

function answeredBetween(entries: readonly FetchEntry[], from: number, to: number): FetchEntry[] {
  return entries.filter((entry) => entry.end > from && entry.end <= to);
}

/**
 * Milliseconds with no decimals, or `—` when there is no figure.
 *
 * @example
 * ```ts
 * formatMs(152.4); // '152 ms'
 * ```
 */
export function formatMs(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : '—';
}
