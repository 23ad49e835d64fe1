import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';

const VALGRIND = '/usr/bin/valgrind';
const VAULT_PATH = '/vault/promomats.sunrise.example/api/v26.1/keep-alive';
const CONNECTIONS = 16;

/**
 * One proxy path's instructions per keep-alive call, counted by cachegrind.
 *
 * @example
 * ```ts
 * const { path, perRequest }: ProxyInstructionFigures = report.instructions[0];
 * ```
 */
export interface ProxyInstructionFigures {
  readonly path: string;
  /** Instructions the proxy's process ran per call, past its warm-up. */
  readonly perRequest: number;
  /** The calls counted, after the warm-up's. */
  readonly requests: number;
  readonly warmUp: number;
}

/** A path to count: its bench server kind, and how many calls warm it up and are counted. */
interface CountedPath {
  readonly path: string;
  readonly kind: string;
  readonly bff: boolean;
  readonly warmUp: number;
  readonly requests: number;
}

// The fetch-style handler runs about seven times the instructions per call of the Node
// adapter, so fewer of its calls take as long; fewer than about 6,000 and whether a full
// garbage collection falls among them moves its count by up to 10 %.
const COUNTED: readonly CountedPath[] = [
  { path: 'kit, node:http', kind: 'node', bff: false, warmUp: 6_000, requests: 10_000 },
  { path: 'kit, node:http, BFF', kind: 'node-bff', bff: true, warmUp: 6_000, requests: 10_000 },
  { path: 'kit, fetch-style', kind: 'fetch', bff: false, warmUp: 2_000, requests: 6_000 },
  { path: 'kit, fetch-style, BFF', kind: 'fetch-bff', bff: true, warmUp: 2_000, requests: 6_000 },
];

/**
 * The proxy's work per call as a count of instructions, which the machine's other work does
 * not move the way it moves requests per second: each path's bench server runs under
 * valgrind's cachegrind (`node --single-threaded`, so that the compiler and the garbage
 * collector run in the counted thread), once for its warm-up's calls and once for those and
 * `requests` more, sent over 16 keep-alive connections; the difference of the two totals,
 * per call, leaves out start-up and warm-up. A token-mode path and its BFF mode run side by
 * side. `undefined` where valgrind is not installed.
 *
 * @example
 * ```ts
 * const counts = await countProxyInstructions({ bundle, upstreamPort: 8788, cookie });
 * ```
 */
export async function countProxyInstructions(options: {
  /** The bench server, bundled (`proxyBenchServer.ts`). */
  readonly bundle: string;
  readonly upstreamPort: number;
  /** A sealed session cookie's value that the BFF-mode servers open. */
  readonly cookie: string;
}): Promise<ProxyInstructionFigures[] | undefined> {
  if (!existsSync(VALGRIND)) return undefined;
  const figures: ProxyInstructionFigures[] = [];
  for (let index = 0; index < COUNTED.length; index += 2) {
    const pair = COUNTED.slice(index, index + 2);
    figures.push(
      ...(await Promise.all(
        pair.map(async (counted) => {
          const warm = await countRun(options, counted, counted.warmUp);
          const all = await countRun(options, counted, counted.warmUp + counted.requests);
          return {
            path: counted.path,
            perRequest: (all - warm) / counted.requests,
            requests: counted.requests,
            warmUp: counted.warmUp,
          };
        }),
      )),
    );
  }
  return figures;
}

// One bench server under cachegrind, sent `calls` calls, then ended: its instruction total.
async function countRun(
  options: { readonly bundle: string; readonly upstreamPort: number; readonly cookie: string },
  counted: CountedPath,
  calls: number,
): Promise<number> {
  const child = spawn(
    VALGRIND,
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      // The compiler writes code into memory that it then runs.
      '--smc-check=all-non-file',
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      options.bundle,
      counted.kind,
      String(options.upstreamPort),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let report = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    report += chunk;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    const port = await new Promise<number>((done, fail) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const match = /listening (\d+)/.exec(output);
        if (match) done(Number(match[1]));
      });
      child.once('exit', () => {
        // Node's own words, without valgrind's (each of its lines starts with `==pid==`).
        const lines = `${output}${report}`
          .split('\n')
          .filter((line) => line.trim() !== '' && !line.startsWith('=='));
        const said = lines.find((line) => /Error\b/.test(line)) ?? lines.at(-1) ?? 'no output';
        fail(new Error(`${counted.kind} under cachegrind exited: ${said.trim()}`));
      });
    });
    await sendCalls(port, calls, counted.bff ? options.cookie : undefined);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  const total = /I\s+refs:\s+([\d,]+)/.exec(report)?.[1];
  if (total === undefined) throw new Error(`cachegrind printed no total for ${counted.kind}.`);
  return Number(total.replaceAll(',', ''));
}

// The bench's keep-alive call, `calls` times over CONNECTIONS keep-alive connections; any
// answer but 200 fails the count, which would otherwise measure the refusal.
async function sendCalls(port: number, calls: number, cookie: string | undefined): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers: Record<string, string> =
    cookie === undefined
      ? { authorization: 'f'.repeat(64) }
      : { cookie: `__Host-vault-session=${cookie}`, 'x-vault-kit': '1' };
  headers['content-type'] = 'application/x-www-form-urlencoded';
  let sent = 0;
  const next = (): Promise<void> => {
    if (sent >= calls) return Promise.resolve();
    sent++;
    return new Promise<void>((done, fail) => {
      request(
        { port, host: '127.0.0.1', method: 'POST', path: VAULT_PATH, headers, agent },
        (res) => {
          res.resume();
          res.once('end', () =>
            res.statusCode === 200
              ? done()
              : fail(new Error(`The bench call was answered ${res.statusCode}.`)),
          );
        },
      )
        .once('error', fail)
        .end();
    }).then(next);
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, next));
  } finally {
    agent.destroy();
  }
}
