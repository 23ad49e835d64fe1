import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import {
  createManualClock,
  createVaultEmulator,
  type EmulatorEvent,
  type ManualClock,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../../src/emulator';

/**
 * An emulator served over real loopback HTTP, with a manual clock and the audit events
 * it emitted.
 *
 * @example
 * ```ts
 * const vault = await startEmulator();
 * const res = await vault.post('/api/v26.1/keep-alive', {}, { Authorization: id });
 * await vault.close();
 * ```
 */
export interface RunningEmulator {
  readonly url: string;
  readonly emulator: VaultEmulator;
  readonly clock: ManualClock;
  readonly events: EmulatorEvent[];
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(
    path: string,
    form?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Response>;
  del(path: string, headers?: Record<string, string>): Promise<Response>;
  /** Password login that must succeed (at API version `version`, default v26.1). */
  login(
    username: string,
    password: string,
    vaultDNS?: string,
    version?: string,
  ): Promise<LoginBody>;
  close(): Promise<void>;
}

/**
 * The success body of a login.
 *
 * @example
 * ```ts
 * const { sessionId, vaultId }: LoginBody = await vault.login('olivia@sunrise.example', 'Sunrise-Demo-1');
 * ```
 */
export interface LoginBody {
  responseStatus: 'SUCCESS';
  sessionId: string;
  userId: number;
  vaultId: number;
  vaultIds: { id: number; name: string; url: string }[];
}

/**
 * The demo directory's password users as `[username, password]`.
 *
 * @example
 * ```ts
 * const body = await vault.login(...DEMO.olivia);
 * ```
 */
export const DEMO = {
  olivia: ['olivia@sunrise.example', 'Sunrise-Demo-1'],
  marcus: ['marcus@sunrise.example', 'Sunrise-Demo-2'],
  newhire: ['newhire@sunrise.example', 'Sunrise-Demo-3'],
} as const;

/**
 * Where every test emulator's manual clock starts (2 March 2026, 09:00 UTC).
 *
 * @example
 * ```ts
 * const exp = Math.floor(TEST_START_MS / 1000) + 300;
 * ```
 */
export const TEST_START_MS = Date.UTC(2026, 2, 2, 9, 0, 0);

/**
 * Starts an emulator on 127.0.0.1 with a manual clock and cheap password hashing.
 *
 * @example
 * ```ts
 * const vault = await startEmulator({ idleTimeoutMs: 60_000 });
 * ```
 */
export async function startEmulator(options: VaultEmulatorOptions = {}): Promise<RunningEmulator> {
  const clock = createManualClock(TEST_START_MS);
  const events: EmulatorEvent[] = [];
  const emulator = createVaultEmulator({
    hosts: 'single-origin',
    clock,
    passwordHashIterations: 1_000,
    ...options,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  const server: ServedFetch = await serveFetch(emulator.fetch, { port: 0 });
  const request = (method: string, path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, method });

  const post: RunningEmulator['post'] = (path, form = {}, headers = {}) =>
    request('POST', path, { body: new URLSearchParams(form), headers });

  return {
    url: server.url,
    emulator,
    clock,
    events,
    get: (path, headers = {}) => request('GET', path, { headers }),
    post,
    del: (path, headers = {}) => request('DELETE', path, { headers }),
    async login(username, password, vaultDNS, version = 'v26.1') {
      const response = await post(`/api/${version}/auth`, {
        username,
        password,
        ...(vaultDNS === undefined ? {} : { vaultDNS }),
      });
      const body = (await response.json()) as LoginBody;
      if (body.responseStatus !== 'SUCCESS') {
        throw new Error(`Login of ${username} failed: ${JSON.stringify(body)}`);
      }
      return body;
    },
    close: () => server.close(),
  };
}

/**
 * Header names of a response, sorted, for comparing two answers' header sets.
 *
 * @example
 * ```ts
 * expect(headerNames(a)).toEqual(headerNames(b));
 * ```
 */
export function headerNames(response: Response): string[] {
  return [...response.headers.keys()].sort();
}

/**
 * Headers of a response without the ones that legitimately differ per request
 * (`date`, the random execution ID).
 *
 * @example
 * ```ts
 * expect(stableHeaders(a)).toEqual(stableHeaders(b));
 * ```
 */
export function stableHeaders(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (name !== 'date' && name !== 'x-vaultapi-executionid') out[name] = value;
  }
  return out;
}
