import { markdownTable } from './markdownTable';
import type { ProxyLoadFigures, ProxyReport } from './measureProxy';

const MB = 1024 * 1024;

/** The heading that starts the proxy's section of bench/RESULTS.md. */
export const PROXY_SECTION_HEADING = '## 6. The same-origin proxy';

/**
 * The proxy's section of the bench report: each path at each number of connections, the
 * Node adapter against `http-proxy` at 16 connections and its added p50 at one (the
 * design's targets), and the 200 MiB download.
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
  if (kit16 && anchor16) {
    const ratio = kit16.perSecond / anchor16.perSecond;
    targets.push(
      `- 16 connections: the Node adapter served ${kit16.perSecond.toFixed(0)} req/s, ` +
        `${ratio.toFixed(2)}× \`http-proxy\`'s ${anchor16.perSecond.toFixed(0)} ` +
        `(target ≥ 1×: ${ratio >= 1 ? '✅ met' : '❌ missed'}).`,
    );
  }
  if (kit1 && direct1) {
    const added = kit1.p50Ms - direct1.p50Ms;
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
      'nginx (one worker, upstream keep-alive, no access log). ' +
      `${report.loadGenerator} sends keep-alive POSTs with one thread; ${report.rounds} ` +
      `interleaved rounds of ${report.secondsPerRun} s per path and number of connections, ` +
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
    `A ${(report.download[0]?.bytes ?? 0) / MB} MiB document download, one at a time:`,
    '',
    markdownTable(
      ['path', 'received', 'time', 'vs direct', 'proxy RSS before → peak'],
      report.download.map((row) => {
        const direct = report.download.find((other) => other.path === 'direct');
        return [
          row.path,
          `${(row.received / MB).toFixed(0)} MiB`,
          `${row.seconds.toFixed(2)} s`,
          direct ? `${(row.seconds / direct.seconds).toFixed(2)}×` : '',
          row.baselineBytes === undefined || row.peakBytes === undefined
            ? '—'
            : `${(row.baselineBytes / MB).toFixed(0)} → ${(row.peakBytes / MB).toFixed(0)} MiB`,
        ];
      }),
      ['l', 'r', 'r', 'r', 'r'],
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
    "BFF mode (`session: { secrets }`): the same keep-alive call with the session in a sealed cookie and `X-Vault-Kit: 1` instead of `Authorization` (the rows marked BFF above), and the cryptography alone in the bench's process (WebCrypto through Node's `crypto.subtle`, " +
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
  lines.push('');
  return lines;
}
