import type { Machine } from './describeMachine';
import { formatProxySection } from './formatProxySection';
import { formatUsableForm, usableFormVerdict } from './formatUsableForm';
import { markdownTable } from './markdownTable';
import {
  type BundleSizeReport,
  type Contributor,
  type FeatureCost,
  type PartCost,
  SIZE_LIMITS,
  type SizeLimit,
  type SizeRow,
} from './measureBundleSizes';
import type { EmulatorLoadReport, LoadStep } from './measureEmulatorLoad';
import type { KeepAliveTrafficReport } from './measureKeepAliveTraffic';
import type { ProxyReport } from './measureProxy';
import type { RenderReport } from './measureRenders';
import { formatMs, type RoundTripReport, type TimedStep } from './measureRoundTrips';
import { USABLE_FORM_TARGET_RATIO, type UsableFormReport } from './measureUsableForm';

/**
 * Everything one `npm run bench` measured, with how long each part took.
 *
 * @example
 * ```ts
 * const markdown = formatReport({ machine, totalMs, sectionMs, sizes, roundTrips, keepAlive, load, renders, proxy, usableForm });
 * ```
 */
export interface BenchResults {
  readonly machine: Machine;
  readonly totalMs: number;
  /** Wall time per section, by section title. */
  readonly sectionMs: Readonly<Record<string, number>>;
  readonly sizes: BundleSizeReport;
  readonly roundTrips: RoundTripReport;
  readonly keepAlive: KeepAliveTrafficReport;
  readonly load: EmulatorLoadReport;
  readonly renders: RenderReport;
  readonly proxy: ProxyReport;
  readonly usableForm: UsableFormReport;
}

const PASS = '✅ pass';
const OVER = '❌ over';

/**
 * Renders the results as one markdown report: the machine, then one section per
 * measurement, then the design's budgets at a glance. Benchmarks report; nothing here
 * fails on a figure.
 *
 * @example
 * ```ts
 * writeFileSync('bench/RESULTS.md', formatReport(results));
 * ```
 */
export function formatReport(results: BenchResults): string {
  const { machine } = results;
  return [
    '# vault-session-kit benchmarks',
    '',
    `Produced by \`npm run bench\` on ${machine.date} in ${seconds(results.totalMs)} ` +
      `(${Object.entries(results.sectionMs)
        .map(([name, ms]) => `${name} ${seconds(ms)}`)
        .join(', ')}). Figures are measurements, not pass/fail tests; kB = 1 000 bytes.`,
    '',
    markdownTable(
      ['CPU', 'cores', 'memory', 'OS', 'Node', 'Chromium'],
      [
        [
          machine.cpu,
          String(machine.cores),
          `${(machine.memoryBytes / 2 ** 30).toFixed(1)} GiB`,
          machine.os,
          machine.node,
          machine.chromium,
        ],
      ],
    ),
    '',
    sizeSection(results.sizes),
    roundTripSection(results.roundTrips),
    keepAliveSection(results.keepAlive),
    loadSection(results.load),
    renderSection(results.renders),
    formatProxySection(results.proxy),
    formatUsableForm(results.usableForm),
    budgetSection(results),
  ].join('\n');
}

/**
 * Section 1 of the report, the bundle sizes, on its own.
 *
 * @example
 * ```ts
 * const markdown = sizeSection(await measureBundleSizes());
 * ```
 */
export function sizeSection(sizes: BundleSizeReport): string {
  const rows = sizes.rows.map((row) => [
    row.label + (row.note ? ` (${row.note})` : ''),
    kB(row.sizes.raw),
    `**${kB(row.sizes.gzip)}**`,
    kB(row.sizes.brotli),
    row.limit ? `≤ ${kB(row.limit.ceiling)}` : '—',
    row.limit
      ? `≤ ${kB(row.limit.target)}`
      : row.quoted
        ? `≈ ${kB(row.quoted)} (published anchor)`
        : '—',
    row.limit ? limitVerdict(row.sizes.gzip, row.limit) : '—',
  ]);
  rows.splice(3, 0, [
    'oidc-client-ts (+ jwt-decode) in that initial chunk',
    `${sizes.oidcBytesOnPasswordPath} B`,
    '—',
    '—',
    '0 bytes',
    '0 bytes',
    passwordPathClean(sizes) ? PASS : OVER,
  ]);
  const over = sizes.rows.filter((row) => row.limit && row.sizes.gzip > row.limit.target);
  return [
    '## 1. Bundle size',
    '',
    'esbuild, bundle + minify, ESM, browser platform, `NODE_ENV=production`, code splitting ' +
      'on; gzip level 9 and brotli quality 11 (node:zlib), each output file compressed on ' +
      'its own and summed. Peers external: react, react-dom, react/jsx-runtime, ' +
      '@tanstack/react-query, and oidc-client-ts except in the single sign-on row; the ' +
      "browser's entries have no runtime dependencies of their own. Anchors are built the " +
      'same way in the same run, react external.',
    '',
    markdownTable(['what', 'min', 'min+gzip', 'min+brotli', 'ceiling', 'target', ''], rows, [
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
      'l',
    ]),
    '',
    'The ceiling (min+gzip) may never be exceeded; the target is where the kit has to get ' +
      'to, and a reached target becomes the ceiling (the budget table in CONTRIBUTING.md).',
    '',
    ...over.flatMap((row) => [
      `Biggest contributors to ${row.label} (minified bytes before compression, share of the set):`,
      '',
      contributorList(row.contributors),
      '',
    ]),
    partSection(sizes.parts),
    featureSection(sizes.features),
  ].join('\n');
}

function featureSection(features: readonly FeatureCost[]): string {
  return [
    "What the login page's features weigh in it: the page built again with each feature's " +
      'files left out (replaced by stand-ins that keep their export names; the build is for ' +
      'measuring and cannot run). The code that calls a feature stays in, so each figure is ' +
      'a lower bound of what taking the feature out of the page would save. A password ' +
      'sign-in uses none of them. Acting for someone else is opt-in: its steps live in the ' +
      "session's state machine, and its row is what the page gains when the app also " +
      'imports the delegation picker and banner (the files are the ones that come with them).',
    '',
    markdownTable(
      ['feature', 'files', 'page without it: min+gzip', 'saved'],
      features.map((feature) => [
        feature.label,
        String(feature.files.length),
        kB(feature.without.gzip),
        `−${kB(feature.savedGzip)}`,
      ]),
      ['l', 'r', 'r', 'r'],
    ),
    '',
  ].join('\n');
}

function partSection(parts: readonly PartCost[]): string {
  return [
    'What each part costs: the named exports built alone (initial chunk, same settings), and ' +
      'for components what they add to an app that already has the session guard. The core ' +
      'rows come from `vault-session-kit/core`, the others from `vault-session-kit`; parts ' +
      'share code, so the rows do not add up to the entries.',
    '',
    markdownTable(
      ['part', 'imports', 'alone: min', 'alone: min+gzip', 'added to the session guard'],
      parts.map((part) => [
        part.label,
        `\`${part.imports}\``,
        kB(part.alone.raw),
        kB(part.alone.gzip),
        part.addedGzip === undefined ? '—' : `+${kB(part.addedGzip)}`,
      ]),
      ['l', 'l', 'r', 'r', 'r'],
    ),
    '',
  ].join('\n');
}

function passwordPathClean(sizes: BundleSizeReport): boolean {
  return sizes.oidcBytesOnPasswordPath === 0 && !sizes.oidcImportedOnPasswordPath;
}

function limitVerdict(gzip: number, limit: SizeLimit): string {
  if (gzip > limit.ceiling) return `${OVER} ceiling, ${kB(gzip - limit.ceiling)} to go`;
  if (gzip > limit.target) return `${PASS} ceiling; ${kB(gzip - limit.target)} to the target`;
  return `${PASS} target reached`;
}

function contributorList(contributors: readonly Contributor[]): string {
  return contributors
    .map((item) => `\`${item.source}\` ${kB(item.bytes)} (${Math.round(item.share * 100)} %)`)
    .join(' · ');
}

function roundTripSection(report: RoundTripReport): string {
  const floor = (step: TimedStep) => formatMs(step.roundTrips * report.latencyMs);
  const row = (what: string, step: TimedStep, budget: number, budgetText: string) => [
    what,
    step.label,
    step.lastKeystrokeMedianMs === undefined ? '—' : formatMs(step.lastKeystrokeMedianMs),
    `${formatMs(step.medianMs)} (${formatMs(step.minMs)}–${formatMs(step.maxMs)}, n=${step.samplesMs.length})`,
    `${step.roundTrips}${step.requests.length > 0 ? ` (${step.requests.join(', ')})` : ''}`,
    floor(step),
    budgetText,
    step.roundTrips <= budget ? PASS : OVER,
    step.detail,
  ];
  const [prefetched, ...others] = report.identifier;
  const rows = [
    ...(prefetched ? [row('identifier -> password field', prefetched, 0, '0 (prefetched)')] : []),
    ...others.map((step) => row('identifier -> password field', step, 1, '≤ 1')),
    row('password submit -> signed in', report.signIn, 1, '1'),
  ];
  return [
    '## 2. Round trips and latency',
    '',
    `Production \`vite build\` of \`bench/login-app\` (SessionProvider, RequireSession, ` +
      `LoginForm, the kit's stylesheet) served with the emulator on the same origin ` +
      `(127.0.0.1), in Chromium with ${report.latencyMs} ms added to every request ` +
      '(`Network.emulateNetworkConditions` over the DevTools protocol). A fresh browser ' +
      `context per run, ${report.runsPerScenario} runs per scenario after a warm-up run per user; ` +
      `the user name typed one key every ${report.typingDelayMs} ms. Times are taken in the ` +
      'page, from the input event (the last key of the user name; Enter; the click) to the ' +
      'DOM change that shows the password field or the signed-in view. Round trips are ' +
      'the API requests answered inside that window, chained one after another (worst run; a request already under ' +
      'way at Enter counts, so that wait can be shorter than its floor); the floor is round ' +
      `trips × ${report.latencyMs} ms. The emulator hashes with PBKDF2-SHA-256 at ` +
      `${report.passwordHashIterations.toLocaleString('en')} iterations (its default).`,
    '',
    markdownTable(
      [
        'step',
        'scenario',
        'last keystroke -> view (median)',
        'Enter / click -> view: median (min–max)',
        'round trips',
        'floor',
        'budget',
        '',
        'notes',
      ],
      rows,
      ['l', 'l', 'r', 'r', 'l', 'r', 'r', 'l', 'l'],
    ),
    '',
  ].join('\n');
}

function keepAliveSection(report: KeepAliveTrafficReport): string {
  const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
  const rows = report.rows.map((row) => {
    const activeOk = row.active.every((count) => count === 1);
    const idleOk = row.idle.every((count) => count === 0);
    return [
      String(row.tabs),
      row.active.join(' · '),
      String(total(row.active)),
      row.idle.join(' · '),
      String(total(row.idle)),
      String(row.beforeFirstInterval),
      activeOk && idleOk ? PASS : OVER,
    ];
  });
  return [
    '## 3. Keep-alive traffic',
    '',
    'The session fixture app (`test/e2e/fixtures/session-app?interval=60000&idle=600000`) on ' +
      'the Vite dev server with the emulator; every tab is a page of one browser context, ' +
      'sharing BroadcastChannel and Web Locks like tabs of one profile. `page.clock` is ' +
      `installed and each interval is a \`fastForward(${report.intervalMs / 1000} s)\`. ` +
      `${report.intervals} intervals with real input (a key press or a click, in a tab that ` +
      `does not send where there is one), then ${report.intervals} without any. ` +
      '`POST …/keep-alive` counted at the context level. Budget: 1 per interval while ' +
      'active, whatever the tab count; 0 while idle (SES-05).',
    '',
    markdownTable(
      [
        'tabs',
        'active user: requests per interval',
        'total',
        'idle user: requests per interval',
        'total',
        'before the first interval',
        '',
      ],
      rows,
      ['r', 'l', 'r', 'l', 'r', 'r', 'l'],
    ),
    '',
  ].join('\n');
}

function loadSection(report: EmulatorLoadReport): string {
  const row = (call: string, step: LoadStep) => [
    call,
    String(step.concurrency),
    String(step.requests),
    String(step.succeeded),
    Object.entries(step.failures)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ') || '0',
    step.perSecond.toFixed(0),
    step.p50Ms.toFixed(1),
    step.p99Ms.toFixed(1),
    `${seconds(step.durationMs)} (${step.stoppedBy === 'count' ? 'count' : 'time limit'})`,
  ];
  const { integrity } = report;
  const expected = integrity.logins - integrity.ended;
  const alive = integrity.logins - integrity.ended;
  const intact =
    integrity.uniqueSessionIds === integrity.logins &&
    integrity.sessionCount === expected &&
    integrity.aliveAnswering === alive &&
    integrity.endedRefused === integrity.ended;
  return [
    '## 4. Emulator under load',
    '',
    `\`createVaultEmulator\` served by \`serveFetch\` on 127.0.0.1 with its production ` +
      `settings: PBKDF2-SHA-256 at ${report.passwordHashIterations.toLocaleString('en')} ` +
      'iterations (the default) on every login, burst limit and lockout on. Directory: the ' +
      `demo one plus ${report.users} generated accounts (one precomputed hash shared, so the ` +
      'per-user limit of 20 logins a minute never answers). Each step runs until ' +
      `${report.maxRequests.toLocaleString('en')} requests or ${seconds(report.maxStepMs)}, ` +
      'whichever comes first; the load generator (Node fetch) shares the process and the ' +
      'cores with the emulator. Latencies in ms.',
    '',
    markdownTable(
      ['call', 'concurrency', 'requests', 'SUCCESS', 'failures', 'req/s', 'p50', 'p99', 'duration'],
      [
        ...report.logins.map((step) => row('`POST /api/v26.1/auth`', step)),
        ...report.keepAlives.map((step) => row('`POST /api/v26.1/keep-alive`', step)),
      ],
      ['l', 'r', 'r', 'r', 'l', 'r', 'r', 'r', 'r'],
    ),
    '',
    `Afterwards (${intact ? PASS : '❌ lost or duplicated sessions'}): ` +
      `${integrity.logins} successful logins returned ${integrity.uniqueSessionIds} distinct ` +
      `session IDs (SES-03); every tenth was ended (${integrity.ended} ended), ` +
      `\`emulator.sessionCount()\` = ${integrity.sessionCount} (expected ${expected}); ` +
      `${integrity.aliveAnswering} of the ${alive} others answer keep-alive with SUCCESS and ` +
      `${integrity.endedRefused} of the ${integrity.ended} ended ones with INVALID_SESSION_ID.`,
    '',
  ].join('\n');
}

function renderSection(report: RenderReport): string {
  return [
    '## 5. Renders per keystroke',
    '',
    `\`<Profiler onRender>\` around \`LoginForm\` (inside SessionProvider) in Chromium, React's ` +
      'development build on the Vite dev server (the Profiler reports only there). The ' +
      `${report.username.length}-character user name \`${report.username}\` is typed one key ` +
      `every ${report.typingDelayMs} ms; commits are counted between keys, then once typing ` +
      'has stopped (the 300 ms debounce settling and the discovery answer).',
    '',
    markdownTable(
      ['mode', 'keystrokes', 'commits per keystroke: mean', 'max', 'after typing stops'],
      report.rows.map((row) => [
        row.strictMode ? '`<StrictMode>`' : 'no StrictMode',
        String(row.keystrokes),
        row.mean.toFixed(2),
        String(row.max),
        String(row.afterTyping),
      ]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
    '',
  ].join('\n');
}

function budgetSection(results: BenchResults): string {
  const byLabel = (prefix: string) =>
    results.sizes.rows.find((row) => row.label.startsWith(prefix));
  const core = byLabel('`vault-session-kit/core`');
  const client = byLabel('`createVaultClient` alone');
  const entry = byLabel('`vault-session-kit` (react');
  const loginPage = byLabel('Login page');
  const [prefetched, ...others] = results.roundTrips.identifier;
  const worstIdentifier = Math.max(...others.map((step) => step.roundTrips));
  const fiveTabs = results.keepAlive.rows.find((row) => row.tabs === 5);
  const idleTotal = results.keepAlive.rows.flatMap((row) => row.idle).reduce((a, b) => a + b, 0);
  const sizeLine = (what: string, limit: SizeLimit, row: SizeRow | undefined) => [
    what,
    `≤ ${kB(limit.ceiling)} (target ≤ ${kB(limit.target)})`,
    row ? kB(row.sizes.gzip) : '—',
    row ? limitVerdict(row.sizes.gzip, limit) : OVER,
  ];
  return [
    '## Budgets at a glance (the budget table in CONTRIBUTING.md)',
    '',
    markdownTable(
      ['what', 'ceiling (target)', 'measured', ''],
      [
        sizeLine(
          'login page `{SessionProvider, RequireSession, LoginForm}`, min+gzip',
          SIZE_LIMITS.loginPage,
          loginPage,
        ),
        sizeLine(
          'react + components entry, min+gzip, peers external',
          SIZE_LIMITS.reactEntry,
          entry,
        ),
        sizeLine('`core` entry alone, min+gzip', SIZE_LIMITS.core, core),
        sizeLine('`createVaultClient` alone, min+gzip', SIZE_LIMITS.client, client),
        [
          'oidc-client-ts on the password path',
          '0 bytes',
          `${results.sizes.oidcBytesOnPasswordPath} bytes`,
          passwordPathClean(results.sizes) ? PASS : OVER,
        ],
        [
          'identifier -> password field, after the user stops typing',
          '≤ 1 round trip (0 when prefetched)',
          `${worstIdentifier} (${prefetched?.roundTrips ?? '—'} when prefetched)`,
          worstIdentifier <= 1 && prefetched?.roundTrips === 0 ? PASS : OVER,
        ],
        [
          'password submit -> signed in',
          '1 round trip',
          String(results.roundTrips.signIn.roundTrips),
          results.roundTrips.signIn.roundTrips === 1 ? PASS : OVER,
        ],
        [
          'keep-alive requests, 5 tabs open, active user, one interval',
          '1',
          fiveTabs ? `${Math.max(...fiveTabs.active)} (most in one interval)` : '—',
          fiveTabs?.active.every((count) => count === 1) ? PASS : OVER,
        ],
        [
          'time to a usable login form, 4× CPU + Slow 4G, vs a plain-`<input>` page',
          `≤ ${USABLE_FORM_TARGET_RATIO}× (target)`,
          `${results.usableForm.ratio.toFixed(2)}× (${formatMs(results.usableForm.kit.medianMs)} vs ${formatMs(results.usableForm.plain.medianMs)})`,
          usableFormVerdict(results.usableForm),
        ],
        [
          'keep-alive requests, idle user',
          '0',
          `${idleTotal} (all tab counts and idle intervals)`,
          idleTotal === 0 ? PASS : OVER,
        ],
      ],
      ['l', 'r', 'r', 'l'],
    ),
    '',
  ].join('\n');
}

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
