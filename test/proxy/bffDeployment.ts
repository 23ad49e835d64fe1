// A proxy in BFF mode in front of the emulator (a manual clock shared by both), each vault
// reached over loopback HTTP, and a browser's cookie jar for the app's origin.
import { afterEach, expect } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import {
  createManualClock,
  createVaultEmulator,
  DEFAULT_LOGIN_HOST,
  type EmulatorOidcOptions,
  type ManualClock,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../../src/emulator';
import type { VaultProxyLogEvent, VaultProxySessionOptions } from '../../src/proxy';
import { createSessionSealer, type SealedSession } from '../../src/proxy/createSessionSealer';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import { DEMO, TEST_START_MS } from '../emulator/startEmulator';
import { APP_ORIGIN, type ProxyAdapter, type ProxyUnderTest, type SendInit } from './proxyAdapters';

export const SECRET_A = 'a-first-secret-of-at-least-32-characters';
export const SECRET_B = 'b-second-secret-of-at-least-32-characters';
export const PROMOMATS = 'promomats.sunrise.example';
export const QUALITY = 'quality.sunrise.example';
export const OWN = '__Host-vault-session';
export const DELEGATED = '__Host-vault-delegated';
export const ATTRIBUTES = 'HttpOnly; Secure; SameSite=Strict; Path=/';
/** The prefix of a landed cookie: a login's copy of its session, or single sign-on's return. */
export const LANDED = '__Host-vault-landed-';
/**
 * How long a new session's landed copy stays beside the own cookie: twice the proxy's
 * `upstreamTimeoutMs` (its default, 60 s, in these deployments).
 */
export const LOGIN_WINDOW_MS = 120_000;

const servers: ServedFetch[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** What reached a vault: `host path` and whether it carried `Authorization`. */
export interface UpstreamCall {
  readonly host: string;
  readonly path: string;
  readonly authorization: string | null;
}

export interface BffDeployment {
  readonly clock: ManualClock;
  /** The vaults behind the proxies: `sessions()` tells which vault sessions are still alive. */
  readonly emulator: VaultEmulator;
  /**
   * Every session ID the vaults issued through the proxies, read from their answers before
   * the proxy saw them: what must never reach the page.
   */
  readonly issued: Set<string>;
  readonly upstream: UpstreamCall[];
  /** Every event the proxies logged. */
  readonly events: VaultProxyLogEvent[];
  /** Another proxy in front of the same emulator, with its own session settings. */
  proxyWith(session: VaultProxySessionOptions): Promise<Browser>;
  readonly browser: Browser;
  /**
   * The next upstream call with this method and a path ending in `pathEnd` gets a 503 of the
   * vault's failure shape instead of reaching the vault: a fault no emulator gives on demand.
   */
  failNext(method: string, pathEnd: string): void;
  /**
   * Moves the clock past the login window and has the browser make a call (who-am-I), which
   * clears the landed copy of its session: the browser then holds the session cookies alone.
   */
  pastLoginWindow(): Promise<void>;
}

/** A browser on the app's origin: keeps the proxy's cookies and sends them back. */
export interface Browser {
  readonly jar: Map<string, string>;
  /** Sends with the jar's cookies, the app's Origin and (unless `kit: false`) `X-Vault-Kit: 1`. */
  send(path: string, init?: SendInit & { kit?: boolean; session?: string }): Promise<Response>;
  /** Password login at promomats as Olivia; its JSON answer. */
  login(): Promise<Record<string, unknown>>;
  /** The names of the landed cookies the jar holds. */
  landed(): string[];
  proxy: ProxyUnderTest;
}

export async function deployBff(
  adapter: ProxyAdapter,
  session: Partial<VaultProxySessionOptions> = {},
  emulatorOptions: VaultEmulatorOptions = {},
): Promise<BffDeployment> {
  const clock = createManualClock(TEST_START_MS);
  const emulator = createVaultEmulator({
    clock,
    passwordHashIterations: 1_000,
    ...emulatorOptions,
  });
  const vault = await serveFetch(emulator.fetch);
  servers.push(vault);
  const loopback = createLoopbackUpstream(vault.port);
  const upstream: UpstreamCall[] = [];
  const events: VaultProxyLogEvent[] = [];
  const issued = new Set<string>();
  const faults: { method: string; pathEnd: string }[] = [];
  const proxyWith = async (settings: VaultProxySessionOptions): Promise<Browser> => {
    const proxy = await adapter.start({
      loginHost: DEFAULT_LOGIN_HOST,
      allowHosts: ['*.sunrise.example', '*.harbor.example'],
      allowedOrigins: [APP_ORIGIN],
      session: { now: () => clock.now(), ...settings },
      warn: () => undefined,
      log: (event) => events.push(event),
      fetch: async (request) => {
        const url = new URL(request.url);
        upstream.push({
          host: url.host,
          path: url.pathname,
          authorization: request.headers.get('authorization'),
        });
        const fault = faults.findIndex(
          ({ method, pathEnd }) => request.method === method && url.pathname.endsWith(pathEnd),
        );
        if (fault >= 0) {
          faults.splice(fault, 1);
          return Response.json(
            {
              responseStatus: 'FAILURE',
              errors: [{ type: 'UNEXPECTED_ERROR', message: 'Service unavailable.' }],
            },
            { status: 503 },
          );
        }
        const response = await loopback(request);
        // Read before the proxy gets the answer, so a test that has the proxy's answer
        // already knows every ID it must not find in it.
        await recordIssued(response, issued);
        return response;
      },
    });
    return createBrowser(proxy);
  };
  const browser = await proxyWith({ secrets: [SECRET_A], ...session });
  const failNext = (method: string, pathEnd: string): void => {
    faults.push({ method, pathEnd });
  };
  const pastLoginWindow = async (): Promise<void> => {
    clock.advance(LOGIN_WINDOW_MS);
    await (await browser.send('/vault-session')).body?.cancel();
    expect(browser.landed()).toEqual([]);
  };
  return {
    clock,
    emulator,
    issued,
    upstream,
    events,
    proxyWith,
    browser,
    failNext,
    pastLoginWindow,
  };
}

const ISSUING_FIELDS = new Set(['sessionId', 'delegated_sessionid']);

async function recordIssued(response: Response, issued: Set<string>): Promise<void> {
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return;
  let answer: unknown;
  try {
    answer = await response.clone().json();
  } catch {
    return;
  }
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (ISSUING_FIELDS.has(key) && typeof item === 'string' && item !== '') issued.add(item);
      else visit(item);
    }
  };
  visit(answer);
}

export function createBrowser(proxy: ProxyUnderTest): Browser {
  const jar = new Map<string, string>();
  const send: Browser['send'] = async (path, init = {}) => {
    const { kit = true, session, headers = {}, ...rest } = init;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await proxy.send(path, {
      ...rest,
      headers: {
        Origin: APP_ORIGIN,
        ...(kit ? { 'X-Vault-Kit': '1' } : {}),
        ...(session ? { 'X-Vault-Session': session } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (/Max-Age=0(?:;|$)/.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return {
    jar,
    send,
    proxy,
    landed: () => [...jar.keys()].filter((name) => name.startsWith(LANDED)),
    async login() {
      const response = await send(`/vault/${PROMOMATS}/api/v26.1/auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: DEMO.olivia[0],
          password: DEMO.olivia[1],
        }).toString(),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    },
  };
}

/** Opens a cookie value as the proxy would, with the given secrets. */
export async function openCookie(
  value: string | undefined,
  secrets: readonly string[] = [SECRET_A],
): Promise<SealedSession | undefined> {
  return value === undefined ? undefined : createSessionSealer(secrets).open(value);
}

/** The body of a vault answer as JSON (`responseStatus`, `errors`, …). */
export async function vaultAnswer(response: Response): Promise<{
  responseStatus: string;
  errors?: { type: string }[];
  [field: string]: unknown;
}> {
  return (await response.json()) as { responseStatus: string };
}

/** The bearer token the stand-in identity provider of {@link HARBOR_OIDC} takes for sam. */
export const HARBOR_TOKEN = 'opaque-access-token-4f1c9e';

/**
 * Harbor's identity provider as the emulator sees it, without a real one: its introspection
 * calls {@link HARBOR_TOKEN} active for sam for five minutes from the test's start.
 */
export const HARBOR_OIDC: EmulatorOidcOptions = {
  issuer: 'https://idp.harbor.example',
  authorizationEndpoint: 'https://idp.harbor.example/authorize',
  tokenEndpoint: 'https://idp.harbor.example/token',
  allowedClientIds: ['harbor-portal'],
  introspect: async (presented) =>
    presented === HARBOR_TOKEN
      ? {
          active: true,
          client_id: 'harbor-portal',
          iss: 'https://idp.harbor.example',
          sub: 'sam',
          exp: Math.floor(TEST_START_MS / 1000) + 300,
          iat: Math.floor(TEST_START_MS / 1000),
          token_type: 'Bearer',
          scope: 'openid',
        }
      : { active: false },
};
