import { markdownTable } from './markdownTable';
import { formatMs } from './measureRoundTrips';
import {
  CPU_SLOWDOWN,
  SLOW_4G,
  USABLE_FORM_TARGET_RATIO,
  type UsableFormPage,
  type UsableFormReport,
} from './measureUsableForm';

/**
 * The report's section on the time to a usable login form: both pages' medians, their
 * spread, and the ratio beside the target of CONTRIBUTING.md's budget table.
 *
 * @example
 * ```ts
 * const markdown = formatUsableForm(await measureUsableForm({ browser }));
 * ```
 */
export function formatUsableForm(report: UsableFormReport): string {
  const row = (page: UsableFormPage) => [
    page.label,
    `**${formatMs(page.medianMs)}**`,
    `${formatMs(page.minMs)}–${formatMs(page.maxMs)}`,
    page.samplesMs.map((sample) => Math.round(sample)).join(' · '),
  ];
  return [
    '## 7. Time to a usable login form',
    '',
    'Production `vite build`s served with the emulator on 127.0.0.1, their text files ' +
      `gzip-compressed as a production server sends them, in Chromium with the CPU ${CPU_SLOWDOWN}× slower ` +
      '(`Emulation.setCPUThrottlingRate`) and Slow 4G (`Network.emulateNetworkConditions`: ' +
      `${SLOW_4G.latency} ms latency, ${(SLOW_4G.downloadThroughput / 1000).toFixed(0)} kB/s down, ` +
      `${(SLOW_4G.uploadThroughput / 1000).toFixed(1)} kB/s up). The kit's page is \`bench/login-app\`; ` +
      'the floor is `bench/plain-login-app`, the same stack (React, TanStack Query) with plain ' +
      '`<input>` elements. A fresh browser context per run, nothing cached, one warm-up run per ' +
      `page, then ${report.runs} runs each, taking turns. Measured in the page from navigation start to the ` +
      'first frame in which the "User name" field is visible, enabled and not inert; each run ' +
      'then types into it and checks the text arrived.',
    '',
    markdownTable(
      ['page', 'usable (median)', 'min–max', 'runs (ms)'],
      [row(report.kit), row(report.plain)],
      ['l', 'r', 'r', 'l'],
    ),
    '',
    `Ratio of the medians: **${report.ratio.toFixed(2)}×** (target ≤ ${USABLE_FORM_TARGET_RATIO}×): ${usableFormVerdict(report)}.`,
    '',
  ].join('\n');
}

/**
 * Whether the ratio is within the target, as the report's tables say it.
 *
 * @example
 * ```ts
 * usableFormVerdict({ ...report, ratio: 1.1 }); // '✅ target reached'
 * ```
 */
export function usableFormVerdict(report: UsableFormReport): string {
  return report.ratio <= USABLE_FORM_TARGET_RATIO
    ? '✅ target reached'
    : `❌ over the target by ${(report.ratio - USABLE_FORM_TARGET_RATIO).toFixed(2)}×`;
}
