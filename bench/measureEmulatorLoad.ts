import { serveFetch } from '../server/serveFetch';
import {
  createVaultEmulator,
  DEFAULT_PASSWORD_HASH_ITERATIONS,
  demoDirectory,
  type EmulatorData,
  type EmulatorUser,
  hashPassword,
} from '../src/emulator/index';
import { percentile } from './percentile';

/**
 * One concurrency level of one call: how many requests went out, how fast, and what came
 * back.
 *
 * @example
 * ```ts
 * const step: LoadStep = report.logins[0];
 * console.log(step.concurrency, step.perSecond, step.p99Ms);
 * ```
 */
export interface LoadStep {
  readonly concurrency: number;
  readonly requests: number;
  /** Answers with `responseStatus: "SUCCESS"`. */
  readonly succeeded: number;
  /** Every other outcome, by error type (or `transport` for a failed request). */
  readonly failures: Readonly<Record<string, number>>;
  readonly durationMs: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Why the step ended: its request count or its time limit. */
  readonly stoppedBy: 'count' | 'time';
}

/**
 * What the emulator holds after the load, checked from outside and inside.
 *
 * @example
 * ```ts
 * const ok = integrity.uniqueSessionIds === integrity.logins &&
 *   integrity.sessionCount === integrity.logins - integrity.ended;
 * ```
 */
export interface LoadIntegrity {
  /** Successful logins during the load. */
  readonly logins: number;
  /** Distinct session IDs among them (SES-03: a new ID on every login). */
  readonly uniqueSessionIds: number;
  /** Sessions ended afterwards through `DELETE …/session` (every tenth). */
  readonly ended: number;
  /** `emulator.sessionCount()` after the endings. */
  readonly sessionCount: number;
  /** Sessions not ended that still answer keep-alive with SUCCESS. */
  readonly aliveAnswering: number;
  /** Ended sessions that answer keep-alive with INVALID_SESSION_ID. */
  readonly endedRefused: number;
}

/**
 * Results of {@link measureEmulatorLoad}.
 *
 * @example
 * ```ts
 * const report: EmulatorLoadReport = await measureEmulatorLoad();
 * ```
 */
export interface EmulatorLoadReport {
  readonly passwordHashIterations: number;
  readonly users: number;
  readonly maxRequests: number;
  readonly maxStepMs: number;
  readonly logins: readonly LoadStep[];
  readonly keepAlives: readonly LoadStep[];
  readonly integrity: LoadIntegrity;
}

const API = '/api/v26.1';
const PASSWORD = 'Load-Test-Password-1';

/**
 * Loads the emulator, served on 127.0.0.1 by `serveFetch`, with password logins and then
 * keep-alives at increasing concurrency, each step bounded by `maxRequests` and
 * `maxStepMs`. The emulator runs with its production settings (PBKDF2 at the default
 * iteration count, burst limit and lockout on); its directory is the demo one plus `users`
 * generated accounts that share one precomputed password hash, so the per-user burst limit
 * (20 logins a minute) is never what answers. Afterwards every tenth session is ended and
 * each session ID is checked: unique, counted by `sessionCount()`, and still answering
 * keep-alive (or refused, once ended). The load generator shares the process, and the
 * machine's cores, with the emulator.
 *
 * @example
 * ```ts
 * const report = await measureEmulatorLoad({ concurrency: [1, 4, 16, 64] });
 * ```
 */
export async function measureEmulatorLoad(
  options: {
    readonly concurrency?: readonly number[];
    readonly maxRequests?: number;
    readonly maxStepMs?: number;
    readonly users?: number;
  } = {},
): Promise<EmulatorLoadReport> {
  const levels = options.concurrency ?? [1, 4, 16, 64];
  const maxRequests = options.maxRequests ?? 2_000;
  const maxStepMs = options.maxStepMs ?? 20_000;
  const userCount = options.users ?? 512;
  const users = await generateUsers(userCount);
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    data: { ...demoDirectory, users: [...demoDirectory.users, ...users] } satisfies EmulatorData,
    // All load comes from one loopback caller, and the integrity check sends hundreds of
    // ended session IDs on purpose: the per-caller limits would measure themselves.
    callerLimits: { discoveryPerMinute: 1_000_000, invalidSessionsPerMinute: 1_000_000 },
  });
  const server = await serveFetch(emulator.fetch);
  try {
    const sessionIds: string[] = [];
    let nextUser = 0;
    const login = async (): Promise<string> => {
      const user = users[nextUser % users.length];
      nextUser += 1;
      if (!user) throw new Error('No generated user.');
      const body = await call(server.url, `${API}/auth`, {
        body: new URLSearchParams({ username: user.username, password: PASSWORD }),
      });
      if (body.responseStatus === 'SUCCESS' && typeof body.sessionId === 'string') {
        sessionIds.push(body.sessionId);
      }
      return outcomeOf(body);
    };
    const logins: LoadStep[] = [];
    for (const concurrency of levels) {
      logins.push(await runStep(concurrency, maxRequests, maxStepMs, login));
    }

    const keepAlive = async (index: number): Promise<string> =>
      outcomeOf(
        await call(server.url, `${API}/keep-alive`, {
          sessionId: sessionIds[index % sessionIds.length] ?? '',
        }),
      );
    const keepAlives: LoadStep[] = [];
    for (const concurrency of levels) {
      keepAlives.push(await runStep(concurrency, maxRequests, maxStepMs, keepAlive));
    }

    const integrity = await checkIntegrity(server.url, sessionIds, () => emulator.sessionCount());
    return {
      passwordHashIterations: DEFAULT_PASSWORD_HASH_ITERATIONS,
      users: userCount,
      maxRequests,
      maxStepMs,
      logins,
      keepAlives,
      integrity,
    };
  } finally {
    await server.close();
  }
}

async function generateUsers(count: number): Promise<EmulatorUser[]> {
  // One hash for all: hashing each account first would measure set-up, not logins. The
  // verifier still runs the full iteration count on every login.
  const passwordHash = await hashPassword(PASSWORD, {
    iterations: DEFAULT_PASSWORD_HASH_ITERATIONS,
  });
  return Array.from({ length: count }, (_, index) => ({
    id: 90_000 + index,
    username: `load-${String(index).padStart(4, '0')}@sunrise.example`,
    passwordHash,
    status: 'active' as const,
    lastLoginVaultId: 1001,
    vaultIds: [1001],
  }));
}

interface VaultBody {
  readonly responseStatus?: unknown;
  readonly sessionId?: unknown;
  readonly errors?: readonly { readonly type?: unknown }[];
}

async function call(
  origin: string,
  path: string,
  init: { body?: URLSearchParams; sessionId?: string; method?: string },
): Promise<VaultBody> {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'POST',
    ...(init.body === undefined ? {} : { body: init.body }),
    ...(init.sessionId === undefined ? {} : { headers: { authorization: init.sessionId } }),
  });
  if (response.status !== 200) return { responseStatus: `HTTP ${response.status}` };
  return (await response.json()) as VaultBody;
}

function outcomeOf(body: VaultBody): string {
  if (body.responseStatus === 'SUCCESS') return 'SUCCESS';
  const type = body.errors?.[0]?.type;
  return typeof type === 'string' ? type : String(body.responseStatus);
}

async function runStep(
  concurrency: number,
  maxRequests: number,
  maxStepMs: number,
  send: (index: number) => Promise<string>,
): Promise<LoadStep> {
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const started = performance.now();
  const deadline = started + maxStepMs;
  let issued = 0;
  const worker = async (): Promise<void> => {
    while (issued < maxRequests && performance.now() < deadline) {
      const index = issued;
      issued += 1;
      const sentAt = performance.now();
      const outcome = await send(index).catch(() => 'transport');
      latencies.push(performance.now() - sentAt);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const durationMs = performance.now() - started;
  const { SUCCESS: succeeded = 0, ...failures } = Object.fromEntries(outcomes);
  return {
    concurrency,
    requests: issued,
    succeeded,
    failures,
    durationMs,
    perSecond: (issued / durationMs) * 1000,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    stoppedBy: issued >= maxRequests ? 'count' : 'time',
  };
}

async function checkIntegrity(
  origin: string,
  sessionIds: readonly string[],
  sessionCount: () => number,
): Promise<LoadIntegrity> {
  const toEnd = sessionIds.filter((_, index) => index % 10 === 0);
  const alive = sessionIds.filter((_, index) => index % 10 !== 0);
  let ended = 0;
  await inBatches(toEnd, async (sessionId) => {
    const body = await call(origin, `${API}/session`, { sessionId, method: 'DELETE' });
    if (outcomeOf(body) === 'SUCCESS') ended += 1;
  });
  const count = sessionCount();
  let aliveAnswering = 0;
  await inBatches(alive, async (sessionId) => {
    const body = await call(origin, `${API}/keep-alive`, { sessionId });
    if (outcomeOf(body) === 'SUCCESS') aliveAnswering += 1;
  });
  let endedRefused = 0;
  await inBatches(toEnd, async (sessionId) => {
    const body = await call(origin, `${API}/keep-alive`, { sessionId });
    if (outcomeOf(body) === 'INVALID_SESSION_ID') endedRefused += 1;
  });
  return {
    logins: sessionIds.length,
    uniqueSessionIds: new Set(sessionIds).size,
    ended,
    sessionCount: count,
    aliveAnswering,
    endedRefused,
  };
}

async function inBatches<T>(items: readonly T[], each: (item: T) => Promise<void>): Promise<void> {
  const width = 16;
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map(each));
  }
}
