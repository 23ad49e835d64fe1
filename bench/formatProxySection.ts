import { markdownTable } from './markdownTable';
import type { ProxyLoadFigures, ProxyProfileFigures, ProxyReport } from './measureProxy';
import { median } from './percentile';
import { OWN_CODE } from './summarizeCpuProfile';

const MB = 1024 * 1024;
// The targets the proxy is held to on Node (the budget table of CONTRIBUTING.md).
const TARGET_RATIO = 1.3;
const TARGET_CPU_MICROS = 150;
const BFF_WITHIN_PERCENT = 10;
const TARGET_DOWNLOAD_SLOWDOWN = 2.5;
const TARGET_DOWNLOAD_GROWTH_BYTES = 64_000_000;

/** The heading that starts the proxy's section of bench/RESULTS.md. */
export const PROXY_SECTION_HEADING = '## 6. The same-origin proxy';

/**
 * The proxy's section of the bench report: each path at each number of connections, the
 * targets (the Node adapter against `http-proxy` round by round and its CPU per request at
 * 16 connections, BFF mode against token mode on both listeners, the added p50 at one
 * connection, the 200 MiB download's time and memory), and where the CPU goes.
 *
 * @example
 * ```ts
 * const markdown = formatProxySection(await measureProxy());
 * ```
 */
export function formatProxySection(report: ProxyReport): string {
  const find = (path: string, connections: number): ProxyLoadFigures | undefined =>
    report.load.find((row) => row.path === path && row.connections === connections);
  const kit16 = find('kit, node:http', 16);
  const anchor16 = find('http-proxy', 16);
  const kit1 = find('kit, node:http', 1);
  const direct1 = find('direct', 1);
  const targets: string[] = [];
  const missed = { throughput: false, latency: false };
  if (kit16 && anchor16) {
    const ratio = kit16.perSecond / anchor16.perSecond;
    const rounds = roundRatios(kit16, anchor16);
    const worst = Math.min(...rounds);
    missed.throughput = !(worst >= TARGET_RATIO);
    targets.push(
      `- 16 connections: the Node adapter served ${kit16.perSecond.toFixed(0)} req/s, ` +
        `${ratio.toFixed(2)}× \`http-proxy\`'s ${anchor16.perSecond.toFixed(0)}; round by round, ` +
        `the two back to back: ${rounds.map((round) => `${round.toFixed(2)}×`).join(', ')} ` +
        `(target ≥ ${TARGET_RATIO}× in every round: ${missed.throughput ? '❌ missed' : '✅ met'}).`,
    );
    if (kit16.cpuMicrosPerRequest !== undefined) {
      const cpu = kit16.cpuMicrosPerRequest;
      targets.push(
        `- CPU per request at 16 connections, the steadier figure: ${cpu.toFixed(0)} µs ` +
          `(target ≤ ${TARGET_CPU_MICROS} µs: ${cpu <= TARGET_CPU_MICROS ? '✅ met' : '❌ missed'})` +
          (anchor16.cpuMicrosPerRequest === undefined
            ? '.'
            : `, \`http-proxy\` ${anchor16.cpuMicrosPerRequest.toFixed(0)} µs.`),
      );
    }
  }
  for (const [plain, bff, name] of [
    ['kit, node:http', 'kit, node:http, BFF', 'the Node adapter'],
    ['kit, fetch-style', 'kit, fetch-style, BFF', 'the fetch-style handler'],
  ] as const) {
    const token = find(plain, 16);
    const sealed = find(bff, 16);
    if (!token || !sealed) continue;
    // Each round's two runs back to back, so that both meet the same moment of the machine.
    const rounds = roundRatios(sealed, token);
    const share = rounds.length > 0 ? median(rounds) : sealed.perSecond / token.perSecond;
    targets.push(
      `- BFF mode at 16 connections, ${name}: ${(share * 100).toFixed(0)} % of token mode's ` +
        `req/s, the median of the rounds, the two back to back: ` +
        `${rounds.map((round) => `${(round * 100).toFixed(0)} %`).join(', ')} ` +
        `(target ≥ ${100 - BFF_WITHIN_PERCENT} %: ` +
        `${share * 100 >= 100 - BFF_WITHIN_PERCENT ? '✅ met' : '❌ missed'}).`,
    );
  }
  const direct = report.download.find((row) => row.path === 'direct');
  for (const row of report.download) {
    if (row.path === 'direct' || direct === undefined) continue;
    const slower = row.seconds / direct.seconds;
    const grown =
      row.baselineBytes === undefined || row.peakBytes === undefined
        ? undefined
        : row.peakBytes - row.baselineBytes;
    const met =
      slower <= TARGET_DOWNLOAD_SLOWDOWN &&
      (grown === undefined || grown <= TARGET_DOWNLOAD_GROWTH_BYTES);
    targets.push(
      `- ${row.path}, the ${(row.bytes / MB).toFixed(0)} MiB download: ${slower.toFixed(2)}× the direct time` +
        (grown === undefined ? '' : `, ${(grown / MB).toFixed(0)} MiB more memory at its peak`) +
        ` (target ≤ ${TARGET_DOWNLOAD_SLOWDOWN}× and ≤ ${TARGET_DOWNLOAD_GROWTH_BYTES / 1_000_000} MB: ` +
        `${met ? '✅ met' : '❌ missed'}).`,
    );
  }
  if (kit1 && direct1) {
    const added = kit1.p50Ms - direct1.p50Ms;
    missed.latency = added >= 0.3;
    targets.push(
      `- 1 connection: the Node adapter added ${added.toFixed(2)} ms to the p50 ` +
        `(${direct1.p50Ms.toFixed(2)} → ${kit1.p50Ms.toFixed(2)} ms; target < 0.3 ms: ` +
        `${added < 0.3 ? '✅ met' : '❌ missed'}).`,
    );
  }
  return [
    PROXY_SECTION_HEADING,
    '',
    'A trivial upstream (`node:http`, a keep-alive-sized JSON answer) in a process of its own, ' +
      "and in front of it, each in a process of its own: the kit's Node adapter " +
      '(`createVaultProxyListener`, `vault-session-kit/proxy/node`), the fetch-style handler ' +
      "(`createVaultProxy` served on Node), `http-proxy` with a keep-alive agent, and Debian's " +
      'nginx (one worker, upstream keep-alive, no access log); the Node servers run bundled, ' +
      'as plain JavaScript. ' +
      `${report.loadGenerator} sends keep-alive POSTs with one thread; ${report.rounds} ` +
      `interleaved rounds of ${report.secondsPerRun} s per path and number of connections, ` +
      'each pair a target compares back to back in an order that alternates (the Node ' +
      'adapter with `http-proxy` and with its BFF mode, the fetch-style handler with its ' +
      'BFF mode), ' +
      "medians shown. CPU per request is the proxy processes' user + system time " +
      '(`/proc/{pid}/stat`, the counters `process.cpuUsage` reads) over the requests served. ' +
      'The machine is shared with other work, so absolute figures vary from run to run; ' +
      'the paths are compared within one run.' +
      (report.skipped.length > 0 ? ` Not measured: ${report.skipped.join('; ')}.` : ''),
    '',
    markdownTable(
      ['connections', 'path', 'req/s', 'p50 ms', 'p99 ms', 'CPU per request'],
      report.load.map((row) => [
        String(row.connections),
        row.path,
        row.perSecond.toFixed(0),
        row.p50Ms.toFixed(3),
        row.p99Ms.toFixed(2),
        row.cpuMicrosPerRequest === undefined ? '—' : `${row.cpuMicrosPerRequest.toFixed(0)} µs`,
      ]),
      ['r', 'l', 'r', 'r', 'r', 'r'],
    ),
    '',
    ...targets,
    '',
    ...formatProfiles(report.profiles, missed, find),
    `A ${(report.download[0]?.bytes ?? 0) / MB} MiB document download, one at a time, ` +
      'twice in opposite orders, the faster shown, with the CPU time the proxy spent on it ' +
      "(its processes' user + system time, which other work on the machine moves less than " +
      'the wall time):',
    '',
    markdownTable(
      ['path', 'received', 'time', 'vs direct', 'proxy CPU', 'proxy RSS before → peak'],
      report.download.map((row) => {
        const direct = report.download.find((other) => other.path === 'direct');
        return [
          row.path,
          `${(row.received / MB).toFixed(0)} MiB`,
          `${row.seconds.toFixed(2)} s`,
          direct ? `${(row.seconds / direct.seconds).toFixed(2)}×` : '',
          row.cpuMs === undefined ? '—' : `${row.cpuMs.toFixed(0)} ms`,
          row.baselineBytes === undefined || row.peakBytes === undefined
            ? '—'
            : `${(row.baselineBytes / MB).toFixed(0)} → ${(row.peakBytes / MB).toFixed(0)} MiB`,
        ];
      }),
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    ...formatSessionCost(report, find),
  ].join('\n');
}

// BFF mode: the cookie opened on every call, a session sealed at every login.
function formatSessionCost(
  report: ProxyReport,
  find: (path: string, connections: number) => ProxyLoadFigures | undefined,
): string[] {
  const { sessionCrypto: crypto } = report;
  const lines = [
    "BFF mode (`session: { secrets }`): the same keep-alive call with the session in a sealed cookie and `X-Vault-Kit: 1` instead of `Authorization` (the rows marked BFF above), and its own work alone in the bench's process (the cryptography through Node's WebCrypto, `crypto.subtle`; " +
      `${crypto.rounds} rounds of ${crypto.iterations} sequential operations, medians):`,
    '',
    markdownTable(
      ['operation', 'when', 'time per operation'],
      [
        [
          "a call's session work: cookie read, opened (seen before: kept from its first opening), Authorization chosen",
          'every call',
          `${crypto.planMicros.toFixed(1)} µs`,
        ],
        [
          'inspect a JSON answer for credentials (an 8 kB document list), per KiB',
          'every answer not sealed, as it passes',
          `${crypto.inspectMicrosPerKiB.toFixed(1)} µs`,
        ],
        [
          'open a cookie (AES-GCM decrypt, JSON)',
          "a cookie's first call on a proxy instance",
          `${crypto.openMicros.toFixed(1)} µs`,
        ],
        [
          'tag and seal a session (HMAC, AES-GCM encrypt)',
          'every login',
          `${crypto.sealMicros.toFixed(1)} µs`,
        ],
        [
          "derive a secret's keys (HKDF ×2)",
          'once per proxy and secret',
          `${crypto.deriveMicros.toFixed(1)} µs`,
        ],
      ],
      ['l', 'l', 'r'],
    ),
    '',
  ];
  for (const [plain, bff, name] of [
    ['kit, node:http', 'kit, node:http, BFF', 'Node adapter'],
    ['kit, fetch-style', 'kit, fetch-style, BFF', 'fetch-style handler'],
  ] as const) {
    for (const connections of [1, 16]) {
      const token = find(plain, connections);
      const sealed = find(bff, connections);
      if (!token || !sealed) continue;
      const cpu =
        token.cpuMicrosPerRequest !== undefined && sealed.cpuMicrosPerRequest !== undefined
          ? `, CPU per request ${token.cpuMicrosPerRequest.toFixed(0)} → ${sealed.cpuMicrosPerRequest.toFixed(0)} µs`
          : '';
      lines.push(
        `- ${name}, ${connections} connection${connections === 1 ? '' : 's'}: ` +
          `${token.perSecond.toFixed(0)} → ${sealed.perSecond.toFixed(0)} req/s, ` +
          `p50 ${token.p50Ms.toFixed(2)} → ${sealed.p50Ms.toFixed(2)} ms${cpu} (token mode → BFF mode).`,
      );
    }
  }
  lines.push('', ...formatInstructions(report));
  return lines;
}

// Token mode against BFF mode in instructions per call, where valgrind counted them.
function formatInstructions(report: ProxyReport): string[] {
  const count = (path: string) => report.instructions.find((row) => row.path === path);
  const rows: string[][] = [];
  for (const [plain, bff, name] of [
    ['kit, node:http', 'kit, node:http, BFF', 'Node adapter'],
    ['kit, fetch-style', 'kit, fetch-style, BFF', 'fetch-style handler'],
  ] as const) {
    const token = count(plain);
    const sealed = count(bff);
    if (!token || !sealed) continue;
    const added = (sealed.perRequest / token.perRequest - 1) * 100;
    rows.push([
      name,
      `${token.warmUp} + ${token.requests}`,
      `${(token.perRequest / 1000).toFixed(1)} k`,
      `${(sealed.perRequest / 1000).toFixed(1)} k`,
      `${added >= 0 ? '+' : ''}${added.toFixed(1)} %`,
    ]);
  }
  if (rows.length === 0) return [];
  return [
    "The same comparison in instructions, which the machine's other work does not move as it " +
      "moves requests per second: each of the kit's bench servers under valgrind's cachegrind " +
      '(`node --single-threaded`, so that the compiler and the garbage collector run in the ' +
      "counted thread), run twice: sent its warm-up's calls alone, then those and the counted " +
      'calls, over 16 keep-alive connections; the difference of the two totals per counted ' +
      'call leaves out start-up and warm-up. Counted again on the same code, a figure ' +
      'moves by up to about 2 %.',
    '',
    markdownTable(
      ['listener', 'calls: warm-up + counted', 'token mode', 'BFF mode', 'BFF mode adds'],
      rows,
      ['l', 'r', 'r', 'r', 'r'],
    ),
    '',
  ];
}

function roundRatios(kit: ProxyLoadFigures, anchor: ProxyLoadFigures): number[] {
  return (kit.perSecondByRound ?? []).map(
    (perSecond, round) => perSecond / (anchor.perSecondByRound?.[round] ?? Number.NaN),
  );
}

// Where each profiled proxy's CPU time went, by kind of work and by function, and for a
// missed target what the profile shows standing in the way.
function formatProfiles(
  profiles: readonly ProxyProfileFigures[],
  missed: { readonly throughput: boolean; readonly latency: boolean },
  load: (path: string, connections: number) => ProxyLoadFigures | undefined,
): string[] {
  if (profiles.length === 0) return [];
  const name = (profile: ProxyProfileFigures): string =>
    `${profile.path}, ${profile.connections} conn.`;
  const kinds = [
    ...new Set(profiles.flatMap((profile) => profile.summary.kinds.map((kind) => kind.name))),
  ];
  // The load table's median is steadier than the one profiled run's CPU time.
  const cpu = (profile: ProxyProfileFigures | undefined): number =>
    profile === undefined
      ? 0
      : (load(profile.path, profile.connections)?.cpuMicrosPerRequest ??
        profile.cpuMicrosPerRequest);
  const micros = (profile: ProxyProfileFigures | undefined, kind: string): number =>
    (profile?.summary.kinds.find((entry) => entry.name === kind)?.share ?? 0) * cpu(profile);
  const cell = (profile: ProxyProfileFigures, kind: string): string => {
    const share = profile.summary.kinds.find((entry) => entry.name === kind)?.share ?? 0;
    return `${(share * 100).toFixed(0)} % · ${micros(profile, kind).toFixed(0)} µs`;
  };
  const lines = [
    'Where the CPU goes: each proxy once more under `node --cpu-prof` (the same load for ' +
      'one run), its self time by kind of work as a share of the busy time, and that share ' +
      "of the load table's CPU per request:",
    '',
    markdownTable(
      ['kind of work', ...profiles.map(name)],
      [
        ...kinds.map((kind) => [kind, ...profiles.map((profile) => cell(profile, kind))]),
        [
          'CPU per request (load table)',
          ...profiles.map((profile) => `${cpu(profile).toFixed(0)} µs`),
        ],
      ],
      ['l', ...profiles.map(() => 'r' as const)],
    ),
    '',
  ];
  for (const profile of profiles.filter((entry) => entry.connections === 16)) {
    lines.push(
      `- ${name(profile)}, most self time: ` +
        profile.summary.functions
          .map((entry) => `${entry.name} ${(entry.share * 100).toFixed(1)} %`)
          .join(', ') +
        '.',
    );
  }
  const find = (path: string, connections: number) =>
    profiles.find((entry) => entry.path === path && entry.connections === connections);
  const percent = (profile: ProxyProfileFigures | undefined, kind: string): string =>
    `${((profile?.summary.kinds.find((entry) => entry.name === kind)?.share ?? 0) * 100).toFixed(0)} %`;
  const [kit16, anchor16] = [find('kit, node:http', 16), find('http-proxy', 16)];
  if (missed.throughput && kit16 && anchor16) {
    lines.push(
      "- What stands in the way at 16 connections: the Node adapter's own code (routing, " +
        `origin and header rules, sandboxing, bounds) is ${percent(kit16, OWN_CODE)} of its ` +
        `CPU time, \`http-proxy\`'s ${percent(anchor16, OWN_CODE)} of its own; the rest of ` +
        "both is Node's HTTP server, streams, events and the socket writes every proxy on " +
        "Node pays (one read and one write each way per request); the adapter's upstream " +
        "client is undici's, `http-proxy`'s `node:http`'s. On a shared two-core machine the " +
        'rounds in which the load generator, the upstream and the proxy compete hardest ' +
        'decide the worst round.',
    );
  }
  const kit1 = find('kit, node:http', 1);
  if (missed.latency && kit1) {
    const own = micros(kit1, OWN_CODE);
    lines.push(
      "- What stands in the way at 1 connection: each call waits for all of the proxy's " +
        `work on it, ${cpu(kit1).toFixed(0)} µs of CPU per call, of which the adapter's ` +
        `own code is ${own.toFixed(0)} µs and ${(cpu(kit1) - own).toFixed(0)} µs are ` +
        '`node:http`, streams, events and the socket writes of a call and its answer, which ' +
        'any proxy on `node:http` spends (`http-proxy` ' +
        `${cpu(find('http-proxy', 1)).toFixed(0)} µs in all)` +
        (cpu(kit1) - own >= 300
          ? ': on this machine that alone is over 0.3 ms.'
          : '; the rest is the wait for the two more processes a proxied call wakes on a shared machine.'),
    );
  }
  lines.push('');
  return lines;
}
