/**
 * The share of a process's busy time (idle left out) that one kind of work, or one
 * function, took.
 *
 * @example
 * ```ts
 * const { name, share }: ProfileShare = summary.kinds[0];
 * ```
 */
export interface ProfileShare {
  readonly name: string;
  /** Of the busy time, 0 to 1. */
  readonly share: number;
}

/**
 * A CPU profile (`node --cpu-prof`) reduced to what a reader can compare: the kinds of work
 * by self time, and the functions that took the most of it.
 *
 * @example
 * ```ts
 * const { busyMs, kinds, functions }: CpuProfileSummary = summarizeCpuProfile(profile);
 * ```
 */
export interface CpuProfileSummary {
  readonly busyMs: number;
  /** Every kind of work, largest first. */
  readonly kinds: readonly ProfileShare[];
  /** The functions with the most self time, largest first: `name (where)`. */
  readonly functions: readonly ProfileShare[];
}

/**
 * The parts of a `.cpuprofile` file that are read.
 *
 * @example
 * ```ts
 * const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
 * ```
 */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
  }[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The name a kind of work is reported under when the process's own code did it. */
export const OWN_CODE = "the proxy's own code";
// Native calls whose time is the write system call: on loopback the kernel delivers the
// bytes to the reading socket within it, so it is most of the network stack's cost.
const SOCKET_WRITES = new Set([
  'writev',
  'writeLatin1String',
  'writeUtf8String',
  'writeAsciiString',
  'writeBuffer',
]);

/**
 * Sums a CPU profile's self time by kind of work — socket writes, Node's HTTP client and
 * server, streams and events, the garbage collector, and the proxy's own code (every script
 * that is not Node's: the proxy, its packages, the bench's few lines around it) — and by
 * function.
 *
 * @example
 * ```ts
 * const summary = summarizeCpuProfile(JSON.parse(readFileSync(file, 'utf8')));
 * ```
 */
export function summarizeCpuProfile(profile: CpuProfile, topFunctions = 8): CpuProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byKind = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id);
    // A sample's time is the delta to the next one.
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    const kind = kindOf(frame.functionName, frame.url);
    busy += micros;
    byKind.set(kind, (byKind.get(kind) ?? 0) + micros);
    const where = frame.url === '' ? 'native' : shortUrl(frame.url, kind);
    const name = `${frame.functionName || '(anonymous)'} (${where})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const shares = (totals: Map<string, number>): ProfileShare[] =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .map(([name, micros]) => ({ name, share: busy > 0 ? micros / busy : 0 }));
  return {
    busyMs: busy / 1000,
    kinds: shares(byKind),
    functions: shares(byFunction).slice(0, topFunctions),
  };
}

function kindOf(name: string, url: string): string {
  if (url === '') {
    if (SOCKET_WRITES.has(name)) return 'socket writes (system calls)';
    if (name === '(garbage collector)') return 'garbage collector';
    return 'native, outside JavaScript (event loop, reads, parser)';
  }
  if (!url.startsWith('node:')) return OWN_CODE;
  if (/^node:_http_(client|agent)$/.test(url)) return "node:http's client (request, agent)";
  if (/^node:_http_/.test(url)) return "node:http's server and messages";
  if (/^node:(events|net|internal\/streams|internal\/stream_base|internal\/process)/.test(url)) {
    return 'streams, events, sockets, ticks';
  }
  return 'other parts of Node';
}

function shortUrl(url: string, kind: string): string {
  if (kind !== OWN_CODE) return url.replace(/^node:(internal\/)?/, '');
  const inPackage = /\/node_modules\/([^./][^/]*)\/(?:.*\/)?([^/]+)$/.exec(url);
  return inPackage ? `${inPackage[1]}: ${inPackage[2]}` : url.slice(url.lastIndexOf('/') + 1);
}
