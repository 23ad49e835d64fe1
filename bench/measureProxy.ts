import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { residentBytes } from '../server/startProxyProcess';
import { createCredentialScanner } from '../src/proxy/createCredentialScanner';
import { createSessionRules } from '../src/proxy/createSessionRules';
import { createSessionSealer, type SealedSession } from '../src/proxy/createSessionSealer';
import { countProxyInstructions, type ProxyInstructionFigures } from './countProxyInstructions';
import { median } from './percentile';
import { BENCH_DOCUMENT_BYTES, BENCH_SESSION_SECRET } from './proxyBenchServer';
import {
  type CpuProfile,
  type CpuProfileSummary,
  summarizeCpuProfile,
} from './summarizeCpuProfile';

const ROOT = resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';
const WRK = '/usr/bin/wrk';
const TICKS_PER_SECOND = 100;
const VAULT_PATH = '/vault/promomats.sunrise.example/api/v26.1/keep-alive';
const run = promisify(execFile);
// Under node_modules, so that the bundle finds the packages it leaves out (http-proxy).
const SERVER_BUNDLE = join(ROOT, 'node_modules/.cache/vault-session-kit/proxyBenchServer.mjs');
/** The paths profiled, and at which numbers of connections. */
const PROFILED: readonly (readonly [ProxyPathName, string, readonly number[]])[] = [
  ['kit, node:http', 'node', [1, 16]],
  ['http-proxy', 'http-proxy', [1, 16]],
  ['kit, node:http, BFF', 'node-bff', [16]],
];

/**
 * The paths measured: straight to the upstream, and through each proxy in front of it.
 *
 * @example
 * ```ts
 * const name: ProxyPathName = 'kit, node:http';
 * ```
 */
export type ProxyPathName =
  | 'direct'
  | 'kit, node:http'
  | 'kit, fetch-style'
  | 'kit, node:http, BFF'
  | 'kit, fetch-style, BFF'
  | 'http-proxy'
  | 'nginx';

/**
 * One path at one number of connections: medians over the rounds.
 *
 * @example
 * ```ts
 * const { perSecond, cpuMicrosPerRequest }: ProxyLoadFigures = report.load[0];
 * ```
 */
export interface ProxyLoadFigures {
  readonly path: ProxyPathName;
  readonly connections: number;
  readonly perSecond: number;
  /** Each round's req/s, in the order of the rounds. */
  readonly perSecondByRound?: readonly number[];
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** CPU time (user + system) of the proxy's process(es) per request; none for direct. */
  readonly cpuMicrosPerRequest: number | undefined;
}

/**
 * A 200 MiB document through one path.
 *
 * @example
 * ```ts
 * const { seconds, peakBytes }: ProxyDownloadFigures = report.download[0];
 * ```
 */
export interface ProxyDownloadFigures {
  readonly path: ProxyPathName;
  readonly bytes: number;
  readonly received: number;
  readonly seconds: number;
  /** Resident memory of the proxy's process(es) before the download and at its peak. */
  readonly baselineBytes: number | undefined;
  readonly peakBytes: number | undefined;
  /**
   * The proxy's processes' CPU time over the download (user + system), steadier than its
   * wall time on a shared machine; none for the direct path.
   */
  readonly cpuMs: number | undefined;
}

/**
 * BFF mode's cryptography alone, in this process: medians over rounds, per operation.
 *
 * @example
 * ```ts
 * const { openMicros }: SessionCryptoFigures = report.sessionCrypto;
 * ```
 */
export interface SessionCryptoFigures {
  readonly iterations: number;
  readonly rounds: number;
  /** Opening a cookie (AES-GCM decrypt, JSON): every call in BFF mode. */
  readonly openMicros: number;
  /** Naming (HMAC) and sealing (AES-GCM encrypt) a session: every login. */
  readonly sealMicros: number;
  /** Deriving a secret's keys (HKDF, twice): once per proxy and secret. */
  readonly deriveMicros: number;
  /** A call's session work (cookie read, opened, `Authorization` chosen), the cookie seen before. */
  readonly planMicros: number;
  /** Inspecting a JSON answer for credentials as it passes (the answer guard's scan), per KiB. */
  readonly inspectMicrosPerKiB: number;
}

/**
 * One proxy's CPU profile under load (`node --cpu-prof`, wrk as for the load table).
 *
 * @example
 * ```ts
 * const { summary, cpuMicrosPerRequest }: ProxyProfileFigures = report.profiles[0];
 * ```
 */
export interface ProxyProfileFigures {
  readonly path: ProxyPathName;
  readonly connections: number;
  /** From the process's CPU time over the profiled run, the profiler's own cost included. */
  readonly cpuMicrosPerRequest: number;
  readonly summary: CpuProfileSummary;
}

/**
 * Results of {@link measureProxy}.
 *
 * @example
 * ```ts
 * const report: ProxyReport = await measureProxy();
 * ```
 */
export interface ProxyReport {
  readonly rounds: number;
  readonly secondsPerRun: number;
  readonly loadGenerator: string;
  /** Paths that could not be measured here, with the reason. */
  readonly skipped: readonly string[];
  readonly load: readonly ProxyLoadFigures[];
  readonly download: readonly ProxyDownloadFigures[];
  readonly sessionCrypto: SessionCryptoFigures;
  readonly profiles: readonly ProxyProfileFigures[];
  /** The kit's paths' instructions per call (none where valgrind is not installed). */
  readonly instructions: readonly ProxyInstructionFigures[];
}

interface Target {
  readonly path: ProxyPathName;
  readonly port: number;
  readonly urlPath: string;
  /** BFF mode: the session comes in a cookie (and `X-Vault-Kit`), not `Authorization`. */
  readonly bff?: boolean;
  /** The processes whose CPU time and memory are the proxy's. */
  readonly pids: () => number[];
}

/**
 * The kit's proxy against the anchors, in one run on one machine: a trivial upstream
 * (node:http, keep-alive-sized JSON) in a process of its own, and in front of it, each in a
 * process of its own, the kit's Node adapter (`createVaultProxyListener`), the fetch-style
 * handler (`createVaultProxy` served on Node), `http-proxy` with a keep-alive agent and,
 * where Debian's nginx is installed, nginx with one worker and upstream keep-alive. `wrk`
 * sends keep-alive POSTs at each number of connections, the paths interleaved over several
 * rounds (medians reported); CPU per request is the proxy processes' user + system time
 * (`/proc/{pid}/stat`, the counters `process.cpuUsage` reads) over the requests served.
 * The servers run bundled, as plain JavaScript: what an application runs, without tsx's
 * transform (which wraps every function it names). The kit's Node adapter runs next to
 * `http-proxy`, their order swapped every round, so that both meet the same moment of a
 * shared machine. Then the Node adapter and `http-proxy` run once more each under
 * `--cpu-prof`, and a 200 MiB document is downloaded through each path, twice in
 * opposite orders (the faster kept), while the proxy's resident memory is sampled. Where
 * valgrind is installed, the kit's paths are also counted in instructions per call
 * (`countProxyInstructions`), in token and BFF mode.
 *
 * @example
 * ```ts
 * const report = await measureProxy({ connections: [1, 16], rounds: 1 });
 * ```
 */
export async function measureProxy(
  options: {
    readonly connections?: readonly number[];
    readonly rounds?: number;
    readonly secondsPerRun?: number;
  } = {},
): Promise<ProxyReport> {
  const connections = options.connections ?? [1, 16, 64];
  const rounds = options.rounds ?? 3;
  const secondsPerRun = options.secondsPerRun ?? 3;
  if (!existsSync(WRK)) throw new Error(`The proxy bench needs wrk (${WRK}): apt-get install wrk`);
  const children: ChildProcess[] = [];
  const skipped: string[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
  await build({
    entryPoints: [join(ROOT, 'bench/proxyBenchServer.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  try {
    const upstream = await startChild(children, ['upstream']);
    const targets: Target[] = [
      { path: 'direct', port: upstream.port, urlPath: '/api/v26.1/keep-alive', pids: () => [] },
    ];
    for (const [path, kind] of [
      ['kit, node:http', 'node'],
      ['kit, fetch-style', 'fetch'],
      ['kit, node:http, BFF', 'node-bff'],
      ['kit, fetch-style, BFF', 'fetch-bff'],
      ['http-proxy', 'http-proxy'],
    ] as const) {
      const child = await startChild(children, [kind, String(upstream.port)]);
      targets.push({
        path,
        port: child.port,
        urlPath: VAULT_PATH,
        pids: () => [child.pid],
        bff: kind.endsWith('-bff'),
      });
    }
    if (existsSync(NGINX)) {
      targets.push(await startNginx(children, scratch, upstream.port));
    } else {
      skipped.push(`nginx: ${NGINX} is not installed`);
    }

    const script = join(scratch, 'post.lua');
    writeFileSync(
      script,
      'wrk.method = "POST"\n' +
        'wrk.headers["Authorization"] = "' +
        'f'.repeat(64) +
        '"\nwrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n',
    );
    // The same call in BFF mode: a sealed cookie for the vault called, opened per request.
    const cookie = await createSessionSealer([BENCH_SESSION_SECRET]).seal(benchSession());
    const bffScript = join(scratch, 'post-bff.lua');
    writeFileSync(
      bffScript,
      'wrk.method = "POST"\n' +
        `wrk.headers["Cookie"] = "__Host-vault-session=${cookie}"\n` +
        'wrk.headers["X-Vault-Kit"] = "1"\n' +
        'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n',
    );
    const scriptOf = (target: Target): string => (target.bff ? bffScript : script);
    const samples = new Map<string, ProxyLoadFigures[]>();
    // The paths each target compares run back to back, the order reversed every round: the
    // Node adapter next to `http-proxy` and to its BFF mode, the fetch-style handler next to
    // its BFF mode. The table keeps the order above.
    const paired: readonly ProxyPathName[] = [
      'kit, node:http, BFF',
      'kit, node:http',
      'http-proxy',
      'kit, fetch-style',
      'kit, fetch-style, BFF',
    ];
    const runOrder = [
      ...paired.flatMap((path) => targets.filter((target) => target.path === path)),
      ...targets.filter((target) => !paired.includes(target.path)),
    ];
    for (const count of connections) {
      for (const target of targets) samples.set(`${target.path}|${count}`, []);
      // Warm-up: compilation and connection set-up; its figures (or none) are dropped.
      for (const target of targets) {
        await load(target, scriptOf(target), count, 2).catch(() => undefined);
      }
      for (let round = 0; round < rounds; round++) {
        for (const target of round % 2 === 0 ? runOrder : [...runOrder].reverse()) {
          samples
            .get(`${target.path}|${count}`)
            ?.push(await load(target, scriptOf(target), count, secondsPerRun));
        }
      }
    }
    const loadFigures = [...samples.values()].map((runs) => {
      const first = runs[0] as ProxyLoadFigures;
      const cpu = runs.map((figures) => figures.cpuMicrosPerRequest);
      return {
        path: first.path,
        connections: first.connections,
        perSecond: median(runs.map((figures) => figures.perSecond)),
        perSecondByRound: runs.map((figures) => figures.perSecond),
        p50Ms: median(runs.map((figures) => figures.p50Ms)),
        p99Ms: median(runs.map((figures) => figures.p99Ms)),
        cpuMicrosPerRequest: cpu.includes(undefined) ? undefined : median(cpu as number[]),
      };
    });
    const profiles: ProxyProfileFigures[] = [];
    for (const [path, kind, counts] of PROFILED) {
      for (const count of counts) {
        profiles.push(
          await profileProxy(path, kind, upstream.port, count, secondsPerRun, {
            scratch,
            script: kind.endsWith('-bff') ? bffScript : script,
          }),
        );
      }
    }
    // A download in BFF mode streams the same way; the load table shows the cookie's cost.
    // Twice, the second time in the other order, the faster kept: the one right after
    // another download would otherwise pay for the upstream's clean-up after it.
    const streamed = targets.filter((target) => !target.bff);
    const first = new Map<Target, ProxyDownloadFigures>();
    for (const target of streamed) first.set(target, await downloadThrough(target));
    const download = new Map<Target, ProxyDownloadFigures>();
    for (const target of [...streamed].reverse()) {
      const [one, other] = [first.get(target), await downloadThrough(target)];
      download.set(target, one && one.seconds < other.seconds ? one : other);
    }
    const sessionCrypto = await measureSessionCrypto();
    // Last: the other servers stand idle meanwhile, and the upstream answers as before. A
    // count that fails is reported, not thrown: the figures above stand without it.
    const instructions = await countProxyInstructions({
      bundle: SERVER_BUNDLE,
      upstreamPort: upstream.port,
      cookie,
    }).catch((error: unknown) => {
      skipped.push(
        `instructions per call: ${error instanceof Error ? error.message : String(error)}`,
      );
      return [];
    });
    if (instructions === undefined) {
      skipped.push('instructions per call: valgrind is not installed (apt-get install valgrind)');
    }
    const { stdout } = await run(WRK, ['--version']).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? '',
    }));
    return {
      rounds,
      secondsPerRun,
      loadGenerator:
        stdout
          .split('\n')[0]
          ?.replace(/ \[.*$/, '')
          .trim() || 'wrk',
      skipped,
      load: loadFigures,
      download: streamed.flatMap((target) => download.get(target) ?? []),
      sessionCrypto,
      profiles,
      instructions: instructions ?? [],
    };
  } finally {
    await stopChildren(children);
    rmSync(scratch, { recursive: true, force: true });
  }
}

// SIGTERM first: nginx's master stops its workers on it, where a SIGKILL would leave them
// running on, orphaned. Whatever has not gone after two seconds is killed.
async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

function benchSession(): SealedSession {
  const now = Date.now();
  return {
    v: 1,
    sid: 'f'.repeat(64),
    dns: 'promomats.sunrise.example',
    kind: 'own',
    userId: 61001,
    vaultId: 1001,
    createdAt: now,
    deadline: now + 48 * 3_600_000,
    tag: 'A'.repeat(22),
  };
}

async function measureSessionCrypto(): Promise<SessionCryptoFigures> {
  const iterations = 5_000;
  const rounds = 5;
  const sealer = createSessionSealer([BENCH_SESSION_SECRET]);
  const session = benchSession();
  const cookie = await sealer.seal(session);
  const perOperation = async (operation: () => unknown, count: number) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) await operation();
    return ((performance.now() - started) * 1000) / count;
  };
  const open = () => sealer.open(cookie);
  const seal = async () => {
    await sealer.tag(session.sid);
    await sealer.seal(session);
  };
  // Each fresh sealer derives its keys on its first use.
  const derive = () => createSessionSealer([BENCH_SESSION_SECRET]).tag(session.sid);
  const rules = createSessionRules({
    secrets: [BENCH_SESSION_SECRET],
    path: '/vault-session',
    now: Date.now,
    loginWindowMs: 120_000,
  });
  const headers: Record<string, string> = {
    cookie: `__Host-vault-session=${cookie}`,
    'x-vault-kit': '1',
  };
  const target = {
    route: 'vault',
    host: session.dns,
    path: '/api/v26.1/keep-alive',
    call: 'other',
    version: 'v26.1',
  } as const;
  // A cookie that opens ends no session: the proxy never calls upstream from a plan here.
  const upstream = () => Promise.reject(new Error('no upstream in this measure'));
  const plan = () => rules.plan(target, (name) => headers[name], upstream);
  // A page of a document list, as the service answers a query: every answer BFF mode does
  // not seal is inspected like this, known session ID included.
  const listAnswer = new TextEncoder().encode(
    JSON.stringify({
      responseStatus: 'SUCCESS',
      data: Array.from({ length: 40 }, (_, index) => ({
        id: 1000 + index,
        name__v: `Document ${index} of the quarterly review`,
        status__v: 'draft__c',
        document_number__v: `VV-${String(index).padStart(6, '0')}`,
        description__v: 'A description of the document, as long as most that the vault holds.',
      })),
    }),
  );
  const inspect = () => createCredentialScanner([session.sid]).scan(listAnswer);
  const operations = [open, seal, derive, plan, inspect];
  const counts = [iterations, iterations, iterations / 10, iterations, iterations];
  const figures: number[][] = operations.map(() => []);
  for (let round = -1; round < rounds; round++) {
    for (const [index, operation] of operations.entries()) {
      const micros = await perOperation(operation, counts[index] ?? iterations);
      // Round -1 warms up.
      if (round >= 0) figures[index]?.push(micros);
    }
  }
  const [opens = [], seals = [], derives = [], plans = [], inspections = []] = figures;
  return {
    iterations,
    rounds,
    openMicros: median(opens),
    sealMicros: median(seals),
    deriveMicros: median(derives),
    planMicros: median(plans),
    inspectMicrosPerKiB: median(inspections) / (listAnswer.byteLength / 1024),
  };
}

async function load(
  target: Target,
  script: string,
  connections: number,
  seconds: number,
): Promise<ProxyLoadFigures> {
  const before = cpuTicks(target.pids());
  const { stdout } = await run(WRK, [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '-s',
    script,
    `http://127.0.0.1:${target.port}${target.urlPath}`,
  ]);
  const ticks = cpuTicks(target.pids()) - before;
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(stdout);
  if (requests === 0 || errors) {
    throw new Error(`wrk through ${target.path} failed:\n${stdout}`);
  }
  return {
    path: target.path,
    connections,
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p50Ms: latencyMs(stdout, '50%'),
    p99Ms: latencyMs(stdout, '99%'),
    cpuMicrosPerRequest:
      target.pids().length === 0 ? undefined : ((ticks / TICKS_PER_SECOND) * 1e6) / requests,
  };
}

function latencyMs(output: string, quantile: string): number {
  const match = new RegExp(`^\\s+${quantile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
  if (!match) throw new Error(`No ${quantile} latency in wrk's output:\n${output}`);
  const factor = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
  return Number(match[1]) * factor;
}

async function downloadThrough(target: Target): Promise<ProxyDownloadFigures> {
  const pids = target.pids();
  const memory = (): number => pids.reduce((sum, pid) => sum + residentBytes(pid), 0);
  const baselineBytes = pids.length > 0 ? memory() : undefined;
  let peakBytes = baselineBytes;
  const sampler = setInterval(() => {
    if (peakBytes !== undefined) peakBytes = Math.max(peakBytes, memory());
  }, 10);
  const ticksBefore = cpuTicks(pids);
  const started = performance.now();
  const fileUrl = `http://127.0.0.1:${target.port}${target.urlPath.replace(/keep-alive$/, 'objects/documents/1/file')}`;
  try {
    const received = await new Promise<number>((done, fail) => {
      get(fileUrl, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        response.once('end', () => done(bytes));
        response.once('error', fail);
      }).once('error', fail);
    });
    return {
      path: target.path,
      bytes: BENCH_DOCUMENT_BYTES,
      received,
      seconds: (performance.now() - started) / 1000,
      baselineBytes,
      peakBytes: peakBytes === undefined ? undefined : Math.max(peakBytes, memory()),
      cpuMs:
        pids.length === 0 ? undefined : ((cpuTicks(pids) - ticksBefore) / TICKS_PER_SECOND) * 1e3,
    };
  } finally {
    clearInterval(sampler);
  }
}

// One proxy in a process of its own under `--cpu-prof`: warmed up, loaded as in the load
// table, then ended so that it writes its profile.
async function profileProxy(
  path: ProxyPathName,
  kind: string,
  upstreamPort: number,
  connections: number,
  seconds: number,
  files: { readonly scratch: string; readonly script: string },
): Promise<ProxyProfileFigures> {
  const directory = join(files.scratch, `profile-${kind}-${connections}`);
  mkdirSync(directory);
  const children: ChildProcess[] = [];
  try {
    const child = await startChild(
      children,
      [kind, String(upstreamPort)],
      ['--cpu-prof', `--cpu-prof-dir=${directory}`],
    );
    const target: Target = { path, port: child.port, urlPath: VAULT_PATH, pids: () => [child.pid] };
    await load(target, files.script, connections, 1);
    const figures = await load(target, files.script, connections, seconds);
    const exited = once(children[0] as ChildProcess, 'exit');
    children[0]?.kill('SIGTERM');
    await exited;
    const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`The ${kind} bench server wrote no CPU profile.`);
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    return {
      path,
      connections,
      cpuMicrosPerRequest: figures.cpuMicrosPerRequest ?? 0,
      summary: summarizeCpuProfile(profile),
    };
  } finally {
    for (const child of children) child.kill('SIGKILL');
  }
}

async function startChild(
  children: ChildProcess[],
  args: readonly string[],
  nodeOptions: readonly string[] = [],
): Promise<{ pid: number; port: number }> {
  const child = spawn(process.execPath, [...nodeOptions, SERVER_BUNDLE, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  child.stdout?.setEncoding('utf8');
  const port = await new Promise<number>((done, fail) => {
    let output = '';
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) done(Number(match[1]));
    });
    child.once('exit', () => fail(new Error(`bench server ${args[0]} exited: ${output}`)));
  });
  if (child.pid === undefined) throw new Error('A bench server has no process ID.');
  return { pid: child.pid, port };
}

async function startNginx(
  children: ChildProcess[],
  scratch: string,
  upstreamPort: number,
): Promise<Target> {
  const port = await freePort();
  const conf = join(scratch, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
master_process on;
pid ${scratch}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${scratch}/body;
  proxy_temp_path ${scratch}/proxy;
  fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi;
  scgi_temp_path ${scratch}/scgi;
  upstream vault { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://vault;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
  }
}
`,
  );
  const master = spawn(NGINX, ['-p', scratch, '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(master);
  const masterPid = master.pid;
  if (masterPid === undefined) throw new Error('nginx did not start.');
  const workers = (): number[] => {
    try {
      return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  for (let tries = 0; workers().length === 0 || !(await listening(port)); tries++) {
    if (tries > 100) throw new Error('nginx did not begin to listen.');
    await new Promise((done) => setTimeout(done, 50));
  }
  return { path: 'nginx', port, urlPath: VAULT_PATH, pids: () => [masterPid, ...workers()] };
}

function cpuTicks(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    get(`http://127.0.0.1:${port}/`, (response) => {
      response.resume();
      done(true);
    }).once('error', () => done(false));
  });
}
