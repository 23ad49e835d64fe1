// BFF mode by construction rather than by path pattern: whatever spelling of a path the
// page sends and whatever a vault answers, no session ID reaches the page, and a vault
// session the proxy stops holding is ended at its vault. Through each way the proxy is
// served, in front of the emulator over loopback HTTP, or of a stub vault where the answer
// to test is one the emulator never gives.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServedFetch, serveFetch } from '../../server/serveFetch';
import {
  createManualClock,
  createVaultEmulator,
  DEFAULT_LOGIN_HOST,
  type VaultEmulator,
  type VaultEmulatorOptions,
} from '../../src/emulator';
import type { VaultProxyLogEvent, VaultProxyOptions } from '../../src/proxy';
import type { SealedSession } from '../../src/proxy/createSessionSealer';
import { createLoopbackUpstream } from '../../src/proxy-node/createLoopbackUpstream';
import { DEMO, TEST_START_MS } from '../emulator/startEmulator';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import {
  ATTRIBUTES,
  type BffDeployment,
  type Browser,
  createBrowser,
  DELEGATED,
  deployBff,
  HARBOR_OIDC,
  HARBOR_TOKEN,
  LANDED,
  LOGIN_WINDOW_MS,
  OWN,
  openCookie,
  PROMOMATS,
  QUALITY,
  SECRET_A,
  vaultAnswer,
} from './bffDeployment';
import {
  APP_ORIGIN,
  echoUpstream,
  failureType,
  PROXY_ADAPTERS,
  type ProxyAdapter,
  type UpstreamFetch,
} from './proxyAdapters';

const FORM = 'application/x-www-form-urlencoded';
const OLIVIA = 61001;
const MARCUS = 61002;
const HARBOR = 'clinical.harbor.example';
const ME = (dns: string) => `/vault/${dns}/api/v26.1/objects/users/me`;
const KEEP_ALIVE = `/vault/${PROMOMATS}/api/v26.1/keep-alive`;
const PASSWORD_LOGIN = `/vault/${PROMOMATS}/api/v26.1/auth`;
const DELEGATED_LOGIN = `/vault/${PROMOMATS}/api/v26.1/delegation/login`;
const OAUTH_LOGIN = '/auth/oauth/session/harbor-oidc';
const OLIVIA_FORM = new URLSearchParams({ username: DEMO.olivia[0], password: DEMO.olivia[1] });
const AS_MARCUS = 'vault_id=1002&delegator_userid=61002';
const WITHHELD = 'PROXY_CREDENTIAL_WITHHELD';

// The spelling property logs in hundreds of times a minute by the emulator's clock.
const UNLIMITED = 1_000_000;
const NO_LIMITS: VaultEmulatorOptions = {
  authBurstLimit: UNLIMITED,
  callerLimits: {
    discoveryPerMinute: UNLIMITED,
    invalidSessionsPerMinute: UNLIMITED,
    failedLoginsPerMinute: UNLIMITED,
  },
};
const TOKEN = HARBOR_TOKEN;
const WITH_OIDC: VaultEmulatorOptions = { ...NO_LIMITS, oidc: HARBOR_OIDC };

const LISTENERS = PROXY_ADAPTERS.filter(
  (adapter) =>
    adapter.name === 'createVaultProxyListener' ||
    adapter.name === 'createVaultProxy served by serveVaultProxy',
);

const servers: ServedFetch[] = [];
const stacks: ServedDevStack[] = [];
afterEach(async () => {
  await Promise.all([...servers.splice(0), ...stacks.splice(0)].map((server) => server.close()));
});

const eventually = (assertion: () => void) =>
  vi.waitFor(assertion, { timeout: 3_000, interval: 10 });

/** An answer as the bytes a page could read: status line, headers, trailers and body. */
interface RawAnswer {
  readonly statusLine: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

// Node's parsed `headers` merge repeated fields and drop some repeats: the raw pairs keep
// every byte the page's browser would get.
function exchange(
  port: number,
  path: string,
  init: { method: string; headers: Record<string, string>; body: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: init.method, path, headers: init.headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.once('error', reject);
        incoming.once('end', () => {
          const pairs = (raw: string[]) =>
            raw.flatMap((name, i) => (i % 2 === 0 ? [[name, raw[i + 1] ?? ''] as const] : []));
          resolve({
            statusLine: `HTTP/${incoming.httpVersion} ${incoming.statusCode} ${incoming.statusMessage}`,
            headers: [...pairs(incoming.rawHeaders), ...pairs(incoming.rawTrailers)],
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    outgoing.once('error', reject);
    outgoing.end(init.body);
  });
}

// The sealed cookies' values are ciphertext for the proxy alone; everything else of a
// `Set-Cookie`, like every other header, is the page's to see.
function maskSealed(setCookie: string): string {
  return setCookie.replace(
    /^(__Host-vault-(?:session|delegated|landed-[A-Za-z0-9_-]+))=[^;]*/i,
    '$1=(sealed)',
  );
}

function pageVisible(answer: RawAnswer): string {
  const headers = answer.headers.map(
    ([name, value]) => `${name}: ${/^set-cookie$/i.test(name) ? maskSealed(value) : value}`,
  );
  return [answer.statusLine, ...headers, '', answer.body.toString('latin1')].join('\r\n');
}

function visibleOf(response: Response, body: string): string {
  const headers = [...response.headers]
    .filter(([name]) => name !== 'set-cookie')
    .map(([name, value]) => `${name}: ${value}`);
  const cookies = response.headers.getSetCookie().map((line) => `set-cookie: ${maskSealed(line)}`);
  return [`${response.status} ${response.statusText}`, ...headers, ...cookies, '', body].join('\n');
}

/** Fails when any ID the vault issued, or its first 8 characters, is in `visible`. */
function expectNoIssuedId(visible: string, issued: ReadonlySet<string>, where: string): void {
  for (const id of issued) {
    expect(visible.includes(id.slice(0, 8)), `${where} shows session ID ${id.slice(0, 3)}…`).toBe(
      false,
    );
  }
}

/** The value a raw answer sets for a sealed cookie, when it sets one (not a clearing). */
function sealedCookieOf(answer: RawAnswer, name: string): string | undefined {
  for (const [header, value] of answer.headers) {
    if (!/^set-cookie$/i.test(header)) continue;
    const [pair = ''] = value.split(';');
    const equals = pair.indexOf('=');
    if (pair.slice(0, equals) === name && pair.slice(equals + 1) !== '') {
      return pair.slice(equals + 1);
    }
  }
  return undefined;
}

async function opened(value: string | undefined): Promise<SealedSession> {
  const session = await openCookie(value);
  if (session === undefined) throw new Error('The cookie does not open.');
  return session;
}

// Spellings of a login path: every one must be refused or sealed, since a proxy that
// recognises logins by pattern is only as safe as the patterns are complete.

type Spelling =
  | { readonly kind: 'trailing'; readonly count: number }
  | { readonly kind: 'double'; readonly at: number }
  | { readonly kind: 'dot'; readonly at: number }
  | { readonly kind: 'backslash'; readonly at: number }
  | { readonly kind: 'climb'; readonly at: number; readonly name: string }
  | { readonly kind: 'encode'; readonly at: number; readonly lower: boolean }
  | { readonly kind: 'case'; readonly at: number; readonly length: number }
  | { readonly kind: 'params'; readonly at: number; readonly params: string };

const SPELLING: fc.Arbitrary<Spelling> = fc.oneof(
  fc.record({ kind: fc.constant('trailing' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('double' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('dot' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('backslash' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('climb' as const),
    at: fc.nat(),
    name: fc.constantFrom('x', 'api', 'auth', '..x'),
  }),
  fc.record({ kind: fc.constant('encode' as const), at: fc.nat(), lower: fc.boolean() }),
  fc.record({
    kind: fc.constant('case' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 14 }),
  }),
  fc.record({
    kind: fc.constant('params' as const),
    at: fc.nat(),
    params: fc.constantFrom('', 'jsessionid=1', 'a=b,c'),
  }),
);
const QUERY = fc.option(fc.constantFrom('?', '?x=1', `?vaultDNS=${PROMOMATS}`, '?a=%2F&b=;'), {
  nil: null,
});

function respell(path: string, spelling: Spelling): string {
  const slashes = [...path].flatMap((char, i) => (char === '/' ? [i] : []));
  const slash = slashes[('at' in spelling ? spelling.at : 0) % slashes.length] ?? 0;
  const insert = (at: number, text: string) => `${path.slice(0, at)}${text}${path.slice(at)}`;
  // Never the leading `/`: a target that is not a path is no spelling of this one.
  const char = 'at' in spelling ? 1 + (spelling.at % (path.length - 1)) : 1;
  switch (spelling.kind) {
    case 'trailing':
      return `${path}${'/'.repeat(spelling.count)}`;
    case 'double':
      return insert(slash, '/');
    case 'dot':
      return insert(slash + 1, './');
    case 'backslash': {
      // Never the leading `/`, as above.
      const inner = slashes.slice(1);
      const at = inner[spelling.at % Math.max(1, inner.length)];
      return at === undefined ? path : `${path.slice(0, at)}\\${path.slice(at + 1)}`;
    }
    case 'climb':
      return insert(slash + 1, `${spelling.name}/../`);
    case 'params': {
      const ends = [...slashes.slice(1), path.length];
      return insert(ends[spelling.at % ends.length] ?? path.length, `;${spelling.params}`);
    }
    case 'encode': {
      const hex = (path.charCodeAt(char) & 0xff).toString(16).padStart(2, '0');
      const escaped = `%${spelling.lower ? hex.toLowerCase() : hex.toUpperCase()}`;
      return `${path.slice(0, char)}${escaped}${path.slice(char + 1)}`;
    }
    case 'case': {
      const end = char + spelling.length;
      const swapped = [...path.slice(char, end)]
        .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      return `${path.slice(0, char)}${swapped}${path.slice(end)}`;
    }
  }
}

interface LoginRoute {
  readonly name: string;
  readonly path: string;
  readonly cookie: typeof OWN | typeof DELEGATED;
  /** A deployment, and what a login carries besides its path. */
  deploy(adapter: ProxyAdapter): Promise<{
    deployment: BffDeployment;
    headers: Record<string, string>;
    body: string;
  }>;
}

const LOGIN_ROUTES: readonly LoginRoute[] = [
  {
    name: 'password login at promomats',
    path: PASSWORD_LOGIN,
    cookie: OWN,
    async deploy(adapter) {
      const deployment = await deployBff(adapter, {}, NO_LIMITS);
      return { deployment, headers: { 'Content-Type': FORM }, body: OLIVIA_FORM.toString() };
    },
  },
  {
    name: 'delegated login as marcus in quality',
    path: DELEGATED_LOGIN,
    cookie: DELEGATED,
    async deploy(adapter) {
      const deployment = await deployBff(adapter, {}, NO_LIMITS);
      await deployment.browser.login();
      const own = deployment.browser.jar.get(OWN) ?? '';
      return {
        deployment,
        headers: { 'Content-Type': FORM, Cookie: `${OWN}=${own}` },
        body: AS_MARCUS,
      };
    },
  },
  {
    name: 'OAuth login with the harbor profile',
    path: OAUTH_LOGIN,
    cookie: OWN,
    async deploy(adapter) {
      const deployment = await deployBff(adapter, {}, WITH_OIDC);
      return { deployment, headers: { Authorization: `Bearer ${TOKEN}` }, body: '' };
    },
  },
  {
    name: 'hand-off of a vault web tab session at promomats',
    path: '/vault-session/web-tab',
    cookie: OWN,
    async deploy(adapter) {
      const deployment = await deployBff(adapter, {}, NO_LIMITS);
      // The vault's own session, issued to the vault window, not through the proxy.
      const login = await deployment.emulator.fetch(
        new Request(`https://${PROMOMATS}/api/v26.1/auth`, {
          method: 'POST',
          headers: { 'Content-Type': FORM },
          body: OLIVIA_FORM.toString(),
        }),
      );
      const { sessionId } = (await login.json()) as { sessionId: string };
      deployment.issued.add(sessionId);
      return {
        deployment,
        headers: { 'Content-Type': FORM },
        body: new URLSearchParams({ session_id: sessionId, vault_dns: PROMOMATS }).toString(),
      };
    },
  },
];

describe.each(LISTENERS)('$name: every spelling of a login path', (adapter) => {
  it.each(LOGIN_ROUTES)(
    '$name: never shows a session ID, and either refuses or seals',
    async (route) => {
      const { deployment, headers, body } = await route.deploy(adapter);
      const { port } = deployment.browser.proxy;
      if (port === undefined) throw new Error(`${adapter.name} serves on no port.`);
      let sealed = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(SPELLING, { maxLength: 3 }), QUERY, async (spellings, query) => {
          const target = `${spellings.reduce(respell, route.path)}${query ?? ''}`;
          const answer = await exchange(port, target, {
            method: 'POST',
            headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1', ...headers },
            body,
          });
          expectNoIssuedId(pageVisible(answer), deployment.issued, target);
          const outcome = JSON.parse(answer.body.toString('utf8')) as {
            responseStatus?: unknown;
            errors?: { type?: unknown }[];
            sessionTag?: unknown;
          };
          const cookie = sealedCookieOf(answer, route.cookie);
          if (outcome.responseStatus === 'SUCCESS') {
            const session = await opened(cookie);
            expect(session.kind).toBe(route.cookie === OWN ? 'own' : 'delegated');
            expect(outcome.sessionTag, target).toBe(session.tag);
            sealed += 1;
          } else {
            expect(outcome.responseStatus, target).toBe('FAILURE');
            expect(outcome.errors?.[0]?.type, target).toEqual(expect.any(String));
            expect(cookie, `${target} sealed a session into a refusal`).toBeUndefined();
          }
        }),
        {
          numRuns: 80,
          // The path as written, and the spelling the probe found answered unsealed.
          examples: [
            [[], null],
            [[{ kind: 'trailing', count: 1 }], null],
          ],
        },
      );
      // Refusing every spelling would pass the rest trivially.
      expect(sealed).toBeGreaterThan(0);
      expect(deployment.issued.size).toBeGreaterThan(0);
    },
    30_000,
  );
});

// The four leaks a probe found in the pattern-based proxy, each as it was reported.

async function actAsMarcus(browser: Browser): Promise<SealedSession> {
  const started = await browser.send(DELEGATED_LOGIN, {
    method: 'POST',
    headers: { 'Content-Type': FORM },
    body: AS_MARCUS,
  });
  expect((await vaultAnswer(started)).responseStatus).toBe('SUCCESS');
  return opened(browser.jar.get(DELEGATED));
}

/**
 * Two calls from two tabs of `deployment`'s browser at the same moment, each with the cookies
 * the browser held before both, a second apart by the clock: each answer's `Set-Cookie`
 * lines, the vault's success checked, the older call's first.
 */
async function sentAtOnce(
  deployment: BffDeployment,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ readonly older: string[]; readonly newer: string[] }> {
  const { browser, clock } = deployment;
  const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const send = async () => {
    clock.advance(1_000);
    const answer = await browser.proxy.send(path, {
      method: 'POST',
      headers: {
        Origin: APP_ORIGIN,
        'X-Vault-Kit': '1',
        'Content-Type': FORM,
        Cookie: cookie,
        ...headers,
      },
      body,
    });
    expect((await vaultAnswer(answer)).responseStatus).toBe('SUCCESS');
    return answer.headers.getSetCookie();
  };
  const older = await send();
  return { older, newer: await send() };
}

/** The browser takes the `Set-Cookie` lines of the answers in this order. */
function takeCookies(browser: Browser, ...answers: readonly (readonly string[])[]): void {
  for (const line of answers.flat()) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (/Max-Age=0$/.test(line)) browser.jar.delete(name);
    else browser.jar.set(name, pair.slice(name.length + 1));
  }
}

/** Olivia's live vault sessions: her own, and those where she acts for someone. */
function oliviasSessions(emulator: VaultEmulator) {
  const all = emulator.sessions();
  return {
    own: all.filter((session) => session.userId === OLIVIA && session.actorUserId === undefined),
    acting: all.filter((session) => session.actorUserId === OLIVIA),
  };
}

describe.each(PROXY_ADAPTERS)('$name: what the probe found', (adapter) => {
  it('seals a delegated login asked with a trailing slash, never answering its ID', async () => {
    const deployment = await deployBff(adapter);
    const { browser } = deployment;
    await browser.login();
    const response = await browser.send(`${DELEGATED_LOGIN}/`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: AS_MARCUS,
    });
    const text = await response.text();
    expect(deployment.issued.size).toBe(2);
    expectNoIssuedId(visibleOf(response, text), deployment.issued, 'the answer');
    const delegated = await opened(browser.jar.get(DELEGATED));
    expect(delegated).toMatchObject({ kind: 'delegated', dns: QUALITY, userId: MARCUS });
    expect(JSON.parse(text)).toMatchObject({
      responseStatus: 'SUCCESS',
      sessionTag: delegated.tag,
    });
  });

  it.each([
    ['a password login at …/auth/', `${PASSWORD_LOGIN}/`, PROMOMATS],
    ['an OAuth login at /auth/oauth/session/{profile}/', `${OAUTH_LOGIN}/`, HARBOR],
  ])('seals %s', async (_name, path, dns) => {
    const deployment = await deployBff(adapter, {}, WITH_OIDC);
    const { browser } = deployment;
    const response = await browser.send(path, {
      method: 'POST',
      headers: path.startsWith('/auth/')
        ? { Authorization: `Bearer ${TOKEN}` }
        : { 'Content-Type': FORM },
      ...(path.startsWith('/auth/') ? {} : { body: OLIVIA_FORM.toString() }),
    });
    const text = await response.text();
    expect(deployment.issued.size).toBe(1);
    expectNoIssuedId(visibleOf(response, text), deployment.issued, 'the answer');
    const own = await opened(browser.jar.get(OWN));
    expect(own).toMatchObject({ kind: 'own', dns });
    expect(JSON.parse(text)).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: own.tag });
  });

  it('ends the first vault session when a second own login replaces its cookie', async () => {
    const { browser, clock, emulator } = await deployBff(adapter);
    await browser.login();
    const first = browser.jar.get(OWN) ?? '';
    clock.advance(60_000);
    await browser.login();
    expect((await opened(browser.jar.get(OWN))).createdAt).toBe(TEST_START_MS + 60_000);
    await eventually(() =>
      expect(oliviasSessions(emulator).own).toEqual([
        expect.objectContaining({ createdAt: TEST_START_MS + 60_000 }),
      ]),
    );
    // The replaced cookie, were it kept somewhere (a copy of it alone), opens no session any more.
    browser.jar.clear();
    browser.jar.set(OWN, first);
    const replayed = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect((await vaultAnswer(replayed)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
  });

  it.each([
    ['the newer answer', 'older', 'newer', false],
    ['the older answer', 'newer', 'older', false],
    ['the newer answer, in a frame', 'older', 'newer', true],
    ['the older answer, in a frame', 'newer', 'older', true],
  ] as const)(
    'keeps one session of two own logins sent at once, the newer, when the browser takes %s last',
    async (_name, firstTaken, lastTaken, framed) => {
      const deployment = await deployBff(adapter);
      const { browser, emulator } = deployment;
      const frame = framed ? { 'X-Vault-Framed': '1' } : {};
      await browser.send(PASSWORD_LOGIN, {
        method: 'POST',
        headers: { 'Content-Type': FORM, ...frame },
        body: OLIVIA_FORM.toString(),
      });
      await browser.send('/vault-session');
      // Two tabs sign in at the same moment: each login carries the cookie held before both,
      // and each answer sets the own cookie. The browser keeps the one it takes last.
      const answers = await sentAtOnce(deployment, PASSWORD_LOGIN, OLIVIA_FORM.toString(), frame);
      const { older, newer } = answers;
      takeCookies(browser, answers[firstTaken], answers[lastTaken]);
      const look = await browser.send('/vault-session');
      const held = await opened(browser.jar.get(OWN));
      expect(held.createdAt).toBe(TEST_START_MS + 2_000);
      expect(await look.json()).toMatchObject({ own: { userId: OLIVIA, sessionTag: held.tag } });
      // The landed cookies of both logins have gone but the held session's copy, which stays
      // for the login window.
      expect(browser.landed()).toEqual([`${LANDED}${held.tag}`]);
      // A session opened in a frame stays in a partitioned cookie, the only kind a frame of
      // another site keeps, when the look sets it as the own one.
      const set = [...older, ...newer, ...look.headers.getSetCookie()].filter(
        (line) => /^__Host-vault-(?:session|landed-)/.test(line) && !/Max-Age=0$/.test(line),
      );
      expect(set.length).toBeGreaterThanOrEqual(lastTaken === 'older' ? 5 : 4);
      for (const line of set) expect(line.includes('; Partitioned;')).toBe(framed);
      // The first session went with the logins; the older of the two went with the look.
      await eventually(() =>
        expect(oliviasSessions(emulator).own).toEqual([
          expect.objectContaining({ createdAt: TEST_START_MS + 2_000 }),
        ]),
      );
    },
  );

  it.each([
    ['the newer answer', 'older', 'newer'],
    ['the older answer', 'newer', 'older'],
  ] as const)(
    'keeps one delegated session of two started at once, the newer, when the browser takes %s last',
    async (_name, firstTaken, lastTaken) => {
      const deployment = await deployBff(adapter);
      const { browser, emulator, pastLoginWindow } = deployment;
      await browser.login();
      await pastLoginWindow();
      const own = await opened(browser.jar.get(OWN));
      // Two tabs act for marcus at the same moment, each with the cookies held before both.
      const answers = await sentAtOnce(deployment, DELEGATED_LOGIN, AS_MARCUS);
      takeCookies(browser, answers[firstTaken], answers[lastTaken]);
      const look = await browser.send('/vault-session');
      const held = await opened(browser.jar.get(DELEGATED));
      expect(held).toMatchObject({
        createdAt: TEST_START_MS + LOGIN_WINDOW_MS + 2_000,
        actor: own.tag,
      });
      expect(await look.json()).toMatchObject({
        own: { sessionTag: own.tag },
        delegated: { sessionTag: held.tag, userId: MARCUS },
      });
      expect(browser.landed()).toEqual([`${LANDED}${held.tag}`]);
      // Olivia's own session lives on; of the two delegated ones, the older went.
      await eventually(() =>
        expect(oliviasSessions(emulator)).toEqual({
          own: [expect.objectContaining({ createdAt: TEST_START_MS })],
          acting: [expect.objectContaining({ createdAt: TEST_START_MS + LOGIN_WINDOW_MS + 2_000 })],
        }),
      );
      // Stopping the delegation takes its copy too.
      const stopped = await browser.send(`/vault/${QUALITY}/api/v26.1/session`, {
        method: 'DELETE',
        session: 'delegated',
      });
      expect((await vaultAnswer(stopped)).responseStatus).toBe('SUCCESS');
      expect([...browser.jar.keys()]).toEqual([OWN]);
    },
  );

  it('ends the vault sessions it forgets on forget-me, own and delegated', async () => {
    const { browser, emulator } = await deployBff(adapter);
    await browser.login();
    await actAsMarcus(browser);
    expect(oliviasSessions(emulator).acting).toHaveLength(1);
    const forgotten = await browser.send('/vault-session', { method: 'DELETE' });
    expect(await forgotten.json()).toEqual({ own: null, delegated: null });
    expect(browser.jar.size).toBe(0);
    await eventually(() => expect(oliviasSessions(emulator)).toEqual({ own: [], acting: [] }));
  });
});

// The canonical target: what the rules read is exactly what the vault receives.

const CANONICAL_ME = `https://${PROMOMATS}/api/v26.1/objects/users/me`;
const DOCUMENTS = `/vault/${PROMOMATS}/api/v26.1/objects/documents`;
const EQUIVALENT: readonly (readonly [string, string, string])[] = [
  [
    'the vault host in upper case',
    '/vault/PromoMats.Sunrise.EXAMPLE/api/v26.1/objects/users/me',
    CANONICAL_ME,
  ],
  ['a trailing slash', `${ME(PROMOMATS)}/`, CANONICAL_ME],
  ['repeated slashes', `/vault/${PROMOMATS}//api/v26.1///objects/users/me//`, CANONICAL_ME],
  ['dot segments', `/vault/${PROMOMATS}/api/./v26.1/objects/x/../users/./me`, CANONICAL_ME],
  [
    'encoded dot segments',
    `/vault/${PROMOMATS}/api/v26.1/objects/x/%2E%2e/users/%2e/me`,
    CANONICAL_ME,
  ],
  [
    'encoded letters in the path',
    `/vault/${PROMOMATS}/api/v26.1/objects/users/%6D%65`,
    CANONICAL_ME,
  ],
  [
    'encoded letters in the host',
    `/vault/%70romomats.sunrise%2Eexample/api/v26.1/objects/users/me`,
    CANONICAL_ME,
  ],
  [
    'the other unreserved characters encoded',
    `${DOCUMENTS}/%7e%41%2D%5f%30`,
    `https://${PROMOMATS}/api/v26.1/objects/documents/~A-_0`,
  ],
  [
    'reserved and non-ASCII encodings, hex upper-cased',
    `${DOCUMENTS}/caf%c3%a9%20%3a%40`,
    `https://${PROMOMATS}/api/v26.1/objects/documents/caf%C3%A9%20%3A%40`,
  ],
  [
    'a query, kept',
    `${DOCUMENTS}/?limit=5&start=0`,
    `https://${PROMOMATS}/api/v26.1/objects/documents?limit=5&start=0`,
  ],
  [
    'a login-host path with a trailing slash',
    '/auth//discovery/',
    `https://${DEFAULT_LOGIN_HOST}/auth/discovery`,
  ],
];

const REFUSED: readonly (readonly [string, string])[] = [
  ['an encoded slash', `/vault/${PROMOMATS}/api/v26.1/objects%2Fusers/me`],
  ['an encoded slash in lower-case hex', `/vault/${PROMOMATS}/api/v26.1/objects%2fusers/me`],
  ['an encoded slash in the host', `/vault/evil.example%2F${PROMOMATS}/api/v26.1/auth`],
  ['an encoded backslash', `/vault/${PROMOMATS}/api/v26.1/objects%5Cusers/me`],
  ['an encoded backslash in lower-case hex', `/vault/${PROMOMATS}/api/v26.1/objects%5cusers/me`],
  ['an encoded semicolon', `/vault/${PROMOMATS}/api/v26.1/auth%3Bx=1`],
  ['an encoded percent sign', `/vault/${PROMOMATS}/api/v26.1/objects%252Fusers/me`],
  ['an encoded NUL', `/vault/${PROMOMATS}/api/v26.1/objects/users/me%00`],
  ['an encoded line feed', `/vault/${PROMOMATS}/api/v26.1/objects/users%0Ame`],
  ['an encoded carriage return', `/vault/${PROMOMATS}/api/v26.1/objects/users%0dme`],
  ['an encoded unit separator', `/vault/${PROMOMATS}/api/v26.1/objects/users%1Fme`],
  ['an encoded DEL', `/vault/${PROMOMATS}/api/v26.1/objects/users%7fme`],
  ['path parameters', `${PASSWORD_LOGIN};jsessionid=1`],
  ['an empty path parameter', `/vault/${PROMOMATS}/api/v26.1/delegation;/login`],
  ['path parameters on the host', `/vault/${PROMOMATS};a=b/api/v26.1/objects/users/me`],
  ['a malformed escape', `/vault/${PROMOMATS}/api/v26.1/objects/users/%zzme`],
  ['an escape cut short', `/vault/${PROMOMATS}/api/v26.1/objects/users/me%4`],
  ['a lone percent sign', `/vault/${PROMOMATS}/api/v26.1/objects/users/me%`],
];

// The URL standard reads these one way, and so does every adapter: a fetch Request's URL has
// already been read so, and the Node listener reads its raw target the same way first.
const READ_AS_THE_URL_STANDARD_DOES: readonly (readonly [string, string, string])[] = [
  ['a backslash, as a slash', `/vault/${PROMOMATS}/api/v26.1\\objects\\users/me`, CANONICAL_ME],
  [
    '`..` above the root, stopped at the root',
    `/../vault/${PROMOMATS}/api/v26.1/objects/users/me`,
    CANONICAL_ME,
  ],
  [
    'encoded `..` above the root, stopped at the root',
    `/%2e%2e/vault/${PROMOMATS}/api/v26.1/objects/users/me`,
    CANONICAL_ME,
  ],
];

describe.each(PROXY_ADAPTERS)('$name: the request target, canonical', (adapter) => {
  const start = async (basePath?: string) => {
    const upstream = echoUpstream();
    const proxy = await adapter.start({
      loginHost: DEFAULT_LOGIN_HOST,
      allowHosts: ['*.sunrise.example'],
      allowedOrigins: [APP_ORIGIN],
      session: { secrets: [SECRET_A] },
      warn: () => undefined,
      ...(basePath === undefined ? {} : { basePath }),
      fetch: upstream.fetch,
    });
    return { upstream, proxy };
  };

  it.each(EQUIVALENT)('forwards %s in the canonical form', async (_name, written, forwarded) => {
    const { upstream, proxy } = await start();
    const response = await proxy.send(written);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(upstream.seen.map((request) => request.url)).toEqual([forwarded]);
  });

  it.each(READ_AS_THE_URL_STANDARD_DOES)('forwards %s', async (_name, written, forwarded) => {
    const { upstream, proxy } = await start();
    const response = await proxy.send(written);
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(upstream.seen.map((request) => request.url)).toEqual([forwarded]);
  });

  it('refuses `..` that climbs out of the API into a path it does not serve', async () => {
    const { upstream, proxy } = await start();
    const response = await proxy.send(
      `/vault/${PROMOMATS}/api/../../../../x/vault/${PROMOMATS}/api`,
    );
    expect(await failureType(response)).toBe('PROXY_NOT_FOUND');
    expect(upstream.seen).toEqual([]);
  });

  it.each(REFUSED)('refuses %s with PROXY_BAD_PATH, saying why', async (_name, written) => {
    const { upstream, proxy } = await start();
    const response = await proxy.send(written, {
      method: 'POST',
      headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1', 'Content-Type': FORM },
      body: OLIVIA_FORM.toString(),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      responseStatus: string;
      errors: { type: string; message: unknown }[];
    };
    expect(body).toEqual({
      responseStatus: 'FAILURE',
      errors: [{ type: 'PROXY_BAD_PATH', message: expect.stringMatching(/\S/) }],
    });
    expect(upstream.seen).toEqual([]);
  });

  it('reads the vault’s path words without regard to case, its own prefixes with it', async () => {
    const { upstream, proxy } = await start();
    const words = await proxy.send(`/vault/${PROMOMATS}/API/V26.1/Objects/users/me`);
    expect(words.status).toBe(200);
    await words.body?.cancel();
    expect(upstream.seen).toHaveLength(1);
    const url = new URL(upstream.seen[0]?.url ?? '');
    expect(`${url.host}${url.pathname.toLowerCase()}`).toBe(
      `${PROMOMATS}/api/v26.1/objects/users/me`,
    );
    for (const path of [
      `/VAULT/${PROMOMATS}/api/v26.1/objects/users/me`,
      `/Vault/${PROMOMATS}/api/v26.1/objects/users/me`,
      '/AUTH/discovery',
      '/Vault-Session',
    ]) {
      const response = await proxy.send(path);
      expect(response.status, path).toBe(404);
      expect(await failureType(response)).toBe('PROXY_NOT_FOUND');
    }
    expect(upstream.seen).toHaveLength(1);
  });

  it('answers who-am-I at /vault-session/ too', async () => {
    const { upstream, proxy } = await start();
    const response = await proxy.send('/vault-session/');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ own: null, delegated: null });
    expect(upstream.seen).toEqual([]);
  });

  it('reads its base path with case, after the canonical form', async () => {
    const { upstream, proxy } = await start('/vault-proxy');
    const routed = await proxy.send('/vault-proxy//auth/discovery/', {
      method: 'POST',
      headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1' },
    });
    expect(routed.status).toBe(200);
    await routed.body?.cancel();
    const refused = await proxy.send('/Vault-Proxy/auth/discovery', {
      method: 'POST',
      headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1' },
    });
    expect(await failureType(refused)).toBe('PROXY_NOT_FOUND');
    expect(upstream.seen.map((request) => request.url)).toEqual([
      `https://${DEFAULT_LOGIN_HOST}/auth/discovery`,
    ]);
  });
});

// Credential inspection, against a stub vault: the emulator never answers with a credential
// where it does not belong, a vault in the field might.

// Credentials a stub vault hands out: distinct, and unlike anything else in its answers.
const STUB_SID = 'Sx4qLz8Wn2Jt6Vb0Rk3Hy7Pc1Md5Gf9Ta2Ue6Oi8Ql0A';
const STUB_DELEGATED_SID = 'Dq7Xm3Nz5Kw1Bv9Lc4Jr8Ht2Gp6Fy0Ea3Us7Ki1Mo5Z';
const SECRET = 'Cw5Ej9Zr2Tb7Nx4Mv8Lq1Kp6Hs3Gd0Fa';
const LOGIN_ANSWER = {
  responseStatus: 'SUCCESS',
  sessionId: STUB_SID,
  userId: OLIVIA,
  vaultId: 1001,
  vaultIds: [{ id: 1001, name: 'Sunrise PromoMats', url: `https://${PROMOMATS}/api` }],
};

interface StubVault {
  readonly fetch: UpstreamFetch;
  readonly seen: string[];
  /** The answer to a call, or `undefined` for the stub's own (logins, delegations, success). */
  answer: (request: Request) => Response | undefined;
}

function createStubVault(): StubVault {
  const stub: StubVault = {
    seen: [],
    answer: () => undefined,
    fetch: async (request) => {
      const url = new URL(request.url);
      stub.seen.push(`${request.method} ${url.host}${url.pathname}`);
      // As a vault does: the proxy keeps its copy of a form as the body goes upstream.
      if (request.body) await request.text();
      const own = stub.answer(request);
      if (own !== undefined) return own;
      // The stub reads paths as the service is said to: without regard to case.
      const path = url.pathname.toLowerCase().replace(/\/+$/, '');
      if (request.method === 'POST' && path === '/api/v26.1/auth')
        return Response.json(LOGIN_ANSWER);
      if (request.method === 'POST' && path.startsWith('/auth/oauth/session/')) {
        return Response.json(LOGIN_ANSWER);
      }
      if (request.method === 'POST' && path === '/api/v26.1/delegation/login') {
        return Response.json({
          responseStatus: 'SUCCESS',
          delegated_sessionid: STUB_DELEGATED_SID,
        });
      }
      if (path === '/api/v26.1/delegation/vaults') {
        return Response.json({
          responseStatus: 'SUCCESS',
          delegated_vaults: [
            { id: 1002, name: 'Sunrise QualityDocs', dns: QUALITY, delegator_userid: '61002' },
          ],
        });
      }
      return Response.json({ responseStatus: 'SUCCESS' });
    },
  };
  return stub;
}

async function startStubbed(
  adapter: ProxyAdapter,
  session = true,
  bounds: Pick<VaultProxyOptions, 'bodyIdleTimeoutMs'> = {},
) {
  const stub = createStubVault();
  const events: VaultProxyLogEvent[] = [];
  const proxy = await adapter.start({
    ...bounds,
    loginHost: DEFAULT_LOGIN_HOST,
    allowHosts: ['*.sunrise.example'],
    allowedOrigins: [APP_ORIGIN],
    ...(session ? { session: { secrets: [SECRET_A] } } : {}),
    warn: () => undefined,
    log: (event) => events.push(event),
    fetch: stub.fetch,
  });
  return { stub, events, browser: createBrowser(proxy) };
}

function answerWith(
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string | null,
  headers: Record<string, string> = {},
): Response {
  // A byte body gets no Content-Type of its own: the untyped answer. Its length is
  // declared, as a vault declares that of a short answer.
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return new Response(bytes, {
    headers: {
      ...(contentType === null ? {} : { 'Content-Type': contentType }),
      'Content-Length': String(bytes.byteLength),
      ...headers,
    },
  });
}

const JSON_TYPE = 'application/json;charset=UTF-8';
const XML_TYPES = ['application/xml', 'text/xml;charset=UTF-8', 'application/atom+xml'];
const TOKEN_PATH = `${ME(PROMOMATS)}/api_access_token__sys`;

interface CredentialAnswer {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly contentType: string | null;
  readonly body: string;
  /** What must not reach the page. */
  readonly secret: string;
}

const CREDENTIAL_ANSWERS: readonly CredentialAnswer[] = [
  ['sessionId', ME(PROMOMATS), `{"responseStatus":"SUCCESS","sessionId":"${SECRET}"}`],
  [
    'delegated_sessionid',
    ME(QUALITY),
    `{"responseStatus":"SUCCESS","delegated_sessionid":"${SECRET}"}`,
  ],
  [
    'a nested session_id',
    ME(PROMOMATS),
    `{"responseStatus":"SUCCESS","data":{"user":{"session_id":"${SECRET}"}}}`,
  ],
  [
    'vaultSessionId inside a list',
    DOCUMENTS,
    `{"responseStatus":"SUCCESS","data":[{"id":1},{"vaultSessionId":"${SECRET}"}]}`,
  ],
  ['Session-ID spelt with a hyphen', ME(PROMOMATS), `{"Session-ID":"${SECRET}"}`],
  ['accessToken', ME(PROMOMATS), `{"responseStatus":"SUCCESS","accessToken":"${SECRET}"}`],
  ['refresh_token', ME(PROMOMATS), `{"responseStatus":"SUCCESS","refresh_token":"${SECRET}"}`],
  ['ID_TOKEN', ME(PROMOMATS), `{"responseStatus":"SUCCESS","ID_TOKEN":"${SECRET}"}`],
  [
    'a veeva-vault- value',
    ME(PROMOMATS),
    `{"responseStatus":"SUCCESS","data":{"note":"veeva-vault-${SECRET}"}}`,
  ],
  [
    'a key written with a \\u escape',
    ME(PROMOMATS),
    `{"responseStatus":"SUCCESS","session\\u0049d":"${SECRET}"}`,
  ],
  [
    'sessionId in a failure',
    ME(PROMOMATS),
    `{"responseStatus":"FAILURE","errors":[{"type":"INVALID_DATA","message":"m"}],"sessionId":"${SECRET}"}`,
  ],
].map(([name = '', path = '', body = '']) => ({
  name,
  method: 'GET' as const,
  path,
  contentType: JSON_TYPE,
  body,
  secret: SECRET,
}));

const OTHER_CREDENTIAL_ANSWERS: readonly CredentialAnswer[] = [
  {
    name: 'token__sys, the API access token the service mints',
    method: 'POST',
    path: TOKEN_PATH,
    contentType: JSON_TYPE,
    body: `{"responseStatus":"SUCCESS","data":{"token__sys":"${SECRET}"}}`,
    secret: SECRET,
  },
  {
    name: 'access_token from the login host',
    method: 'POST',
    path: '/auth/discovery',
    contentType: JSON_TYPE,
    body: `{"responseStatus":"SUCCESS","data":{"access_token":"${SECRET}"}}`,
    secret: SECRET,
  },
  {
    name: 'the session ID the call was made with',
    method: 'GET',
    path: ME(PROMOMATS),
    contentType: JSON_TYPE,
    body: `{"responseStatus":"SUCCESS","data":{"echo":"${STUB_SID}"}}`,
    secret: STUB_SID,
  },
  {
    name: 'sessionId in a vendor +json answer',
    method: 'GET',
    path: ME(PROMOMATS),
    contentType: 'application/vnd.vault.v1+json',
    body: `{"sessionId":"${SECRET}"}`,
    secret: SECRET,
  },
  {
    name: 'sessionId in a text/plain answer',
    method: 'GET',
    path: ME(PROMOMATS),
    contentType: 'text/plain;charset=UTF-8',
    body: `{"sessionId":"${SECRET}"}`,
    secret: SECRET,
  },
  {
    name: 'sessionId in an untyped answer',
    method: 'GET',
    path: ME(PROMOMATS),
    contentType: null,
    body: `{"sessionId":"${SECRET}"}`,
    secret: SECRET,
  },
  {
    name: 'the session ID the call was made with, in plain text',
    method: 'GET',
    path: ME(PROMOMATS),
    contentType: 'text/plain',
    body: `Session ${STUB_SID} is active.`,
    secret: STUB_SID,
  },
];

const KNOWN_HEADERS: Record<string, string> = {
  'X-VaultAPI-BurstLimit': '2000',
  'X-VaultAPI-BurstLimitRemaining': '1999',
  'X-VaultAPI-ResponseDelay': '0ms',
  'X-VaultAPI-ExecutionId': '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  'X-VaultAPI-VaultId': '1001',
  'X-VaultAPI-UserId': '61001',
  'X-VaultAPI-Status': 'SUCCESS',
  'X-VaultAPI-DowntimeExpectedDurationMinutes': '0',
  'X-VaultAPI-Connection': 'keep-alive',
  'X-VaultAPI-ReferenceId': 'ref-42',
  'X-VaultAPI-DailyLimit': '100000',
  'X-VaultAPI-DailyLimitRemaining': '99999',
};

// A long answer: a document list past 100 KiB, then the credential, cut over chunks so
// that its first bytes arrive alone.
const FILLER = Array.from(
  { length: 1_400 },
  (_, i) => `{"id":${i},"name__v":"Document ${i}","title__v":"Lorem ipsum dolor sit amet ${i}"},`,
).join('');
const LONG_HEAD = `{"responseStatus":"SUCCESS","documents":[${FILLER}`;
const LONG_CREDENTIALS: readonly (readonly [string, readonly string[], string])[] = [
  [
    'a sessionId',
    ['{"id":-1,"sess', `ionId":"${SECRET.slice(0, 5)}`, `${SECRET.slice(5)}"}]}`],
    SECRET,
  ],
  [
    'a veeva-vault- value',
    ['{"id":-1,"note":"veeva-va', `ult-${SECRET.slice(0, 5)}`, `${SECRET.slice(5)}"}]}`],
    SECRET,
  ],
  [
    'the session ID the call was made with',
    ['{"id":-1,"echo":"', STUB_SID.slice(0, 5), `${STUB_SID.slice(5)}"}]}`],
    STUB_SID,
  ],
];

function streamOf(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const queue = [...chunks];
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

/**
 * The answer as far as it came, and whether it was cut: its body ended in an error, or the
 * connection ended before any status (then `status` is undefined).
 */
async function fetchAsFarAsItGoes(
  browser: Browser,
  path: string,
): Promise<{ status: number | undefined; text: string; cut: boolean }> {
  let response: Response;
  try {
    response = await browser.send(path);
  } catch {
    return { status: undefined, text: '', cut: true };
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let cut = false;
  if (reader !== undefined) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
      }
    } catch {
      cut = true;
    }
  }
  return { status: response.status, text: Buffer.concat(chunks).toString('utf8'), cut };
}

// Deterministic bytes of every value, as a binary rendition would hold.
function binary(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let state = 0x9e3779b9;
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const ORDINARY: readonly (readonly [string, 'GET' | 'POST', string, string])[] = [
  [
    'a document list, with names near the credential ones',
    'GET',
    DOCUMENTS,
    JSON.stringify({
      responseStatus: 'SUCCESS',
      responseDetails: { total: 1, size: 1, start: 0, limit: 200 },
      documents: [
        {
          document: {
            id: 7,
            name__v: 'Session timeout guide',
            session_timeout__c: 30,
            sessionTimeout: 30,
            sessionid_count__c: 2,
            tokens__c: ['a', 'b'],
            token_count: 3,
            note__c: 'veeva-crm',
            link__c: 'https://veeva-vault-docs.example/x',
            format__v: 'application/pdf',
          },
        },
      ],
    }),
  ],
  ['a keep-alive', 'POST', KEEP_ALIVE, '{"responseStatus":"SUCCESS"}'],
  [
    'users/me',
    'GET',
    ME(PROMOMATS),
    '{"responseStatus":"SUCCESS","users":[{"user":{"id":61001,"user_name__v":"olivia@sunrise.example","active__v":true}}]}',
  ],
  [
    'a failure',
    'GET',
    `${DOCUMENTS}?limit=0`,
    '{"responseStatus":"FAILURE","errors":[{"type":"INVALID_DATA","message":"Invalid value for [limit]"}]}',
  ],
];

describe.each(PROXY_ADAPTERS)('$name: BFF mode inspects every answer', (adapter) => {
  it.each([...CREDENTIAL_ANSWERS, ...OTHER_CREDENTIAL_ANSWERS])(
    'withholds an answer holding $name',
    async ({ method, path, contentType, body, secret }) => {
      const { stub, events, browser } = await startStubbed(adapter);
      await browser.login();
      stub.answer = () => answerWith(body, contentType, { 'X-VaultAPI-Status': 'SUCCESS' });
      const response = await browser.send(path, { method });
      const text = await response.text();
      expect(response.status).toBe(502);
      expect(JSON.parse(text)).toMatchObject({
        responseStatus: 'FAILURE',
        errors: [{ type: WITHHELD, message: expect.any(String) }],
      });
      const visible = visibleOf(response, text);
      expect(visible).not.toContain(secret.slice(0, 8));
      await eventually(() =>
        expect(events.map((event) => event.error)).toContain('PROXY_CREDENTIAL_WITHHELD'),
      );
      expect(JSON.stringify(events)).not.toContain(secret.slice(0, 8));
    },
  );

  const xml = (inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><VaultResponse><responseStatus>SUCCESS</responseStatus>${inner}</VaultResponse>`;

  it.each(XML_TYPES)('refuses an XML login answer (%s) and keeps no session', async (type) => {
    const { stub, events, browser } = await startStubbed(adapter);
    stub.answer = () => answerWith(xml(`<sessionId>${SECRET}</sessionId>`), type);
    const login = await browser.send(PASSWORD_LOGIN, {
      method: 'POST',
      headers: { 'Content-Type': FORM, Accept: 'application/xml' },
      body: OLIVIA_FORM.toString(),
    });
    const text = await login.text();
    expect(login.status).toBe(502);
    expect(visibleOf(login, text)).not.toContain(SECRET.slice(0, 8));
    expect(JSON.parse(text).errors[0].type).toBe(WITHHELD);
    expect(browser.jar.has(OWN)).toBe(false);
    await eventually(() => expect(events.map((event) => event.error)).toContain(WITHHELD));
  });

  it.each(XML_TYPES)('passes an XML answer (%s) without a credential as it came', async (type) => {
    const { stub, browser } = await startStubbed(adapter);
    await browser.login();
    const body = xml('<data><name__v>Plan</name__v><session>open</session></data>');
    stub.answer = () => answerWith(body, type);
    const other = await browser.send(ME(PROMOMATS), { headers: { Accept: 'application/xml' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(body);
  });

  it('passes the service’s own X-VaultAPI headers, and no other', async () => {
    const { stub, browser } = await startStubbed(adapter);
    await browser.login();
    stub.answer = (request) =>
      new URL(request.url).pathname.endsWith('/me')
        ? answerWith('{"responseStatus":"SUCCESS"}', JSON_TYPE, {
            ...KNOWN_HEADERS,
            'X-VaultAPI-SessionId': SECRET,
            'X-VaultAPI-TruncatedSessionId': STUB_SID.slice(0, 6),
            'X-VaultAPI-Made-Up': 'x',
          })
        : undefined;
    const response = await browser.send(ME(PROMOMATS));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ responseStatus: 'SUCCESS' });
    for (const [name, value] of Object.entries(KNOWN_HEADERS)) {
      expect(response.headers.get(name), name).toBe(value);
    }
    for (const name of [
      'X-VaultAPI-SessionId',
      'X-VaultAPI-TruncatedSessionId',
      'X-VaultAPI-Made-Up',
    ]) {
      expect(response.headers.get(name), name).toBeNull();
    }
    expect(visibleOf(response, '')).not.toContain(STUB_SID.slice(0, 6));
  });

  describe.each([
    ['a long answer, chunked', LONG_HEAD, false],
    ['a long answer with its length declared', LONG_HEAD, true],
    [
      'a short answer without a declared length',
      '{"responseStatus":"SUCCESS","documents":[',
      false,
    ],
  ] as const)('%s', (_framing, head, declared) => {
    it.each(LONG_CREDENTIALS)('is cut before %s', async (_name, tail, secret) => {
      const { stub, events, browser } = await startStubbed(adapter);
      await browser.login();
      const chunks = [...chunksOf(head, 16 * 1024), ...tail];
      const length = new TextEncoder().encode(chunks.join('')).byteLength;
      stub.answer = (request) =>
        new URL(request.url).pathname.endsWith('/documents')
          ? new Response(streamOf(chunks), {
              headers: {
                'Content-Type': JSON_TYPE,
                ...(declared ? { 'Content-Length': String(length) } : {}),
              },
            })
          : undefined;
      const { status, text, cut } = await fetchAsFarAsItGoes(browser, DOCUMENTS);
      expect(text).not.toContain(secret.slice(0, 5));
      // Whatever came must not look whole: cut, or replaced by the refusal.
      if (status === 502) expect(JSON.parse(text).errors[0].type).toBe(WITHHELD);
      else expect(cut).toBe(true);
      await eventually(() => expect(events.map((event) => event.error)).toContain(WITHHELD));
      expect(JSON.stringify(events)).not.toContain(secret.slice(0, 5));
    });
  });

  // An answer is read as far as its first bytes before any of it is sent: one that stops
  // moving meanwhile must end as a refusal, never as a short answer that looks whole.
  it.each([
    ['an answer it inspects', 'GET', DOCUMENTS, '{"responseStatus":"SUCCESS","data":[{"id":1},'],
    ['a login answer it seals', 'POST', PASSWORD_LOGIN, '{"responseStatus":"SUCCESS","sessio'],
  ] as const)(
    'refuses %s that stops moving, passing none of it',
    async (_name, method, path, head) => {
      const { stub, events, browser } = await startStubbed(adapter, true, {
        bodyIdleTimeoutMs: 100,
      });
      if (method === 'GET') await browser.login();
      let cancelled = false;
      stub.answer = (request) =>
        request.method === method
          ? new Response(
              new ReadableStream<Uint8Array>({
                start(controller) {
                  controller.enqueue(new TextEncoder().encode(head));
                  // The rest never comes.
                },
                cancel() {
                  cancelled = true;
                },
              }),
              { headers: { 'Content-Type': JSON_TYPE } },
            )
          : undefined;
      const response = await browser.send(path, {
        method,
        ...(method === 'POST'
          ? { headers: { 'Content-Type': FORM }, body: OLIVIA_FORM.toString() }
          : {}),
      });
      const text = await response.text();
      expect(response.status).toBe(504);
      expect(JSON.parse(text).errors[0].type).toBe('PROXY_BODY_TIMEOUT');
      expect(text).not.toContain(head);
      if (method === 'POST') expect(browser.jar.has(OWN)).toBe(false);
      await expect.poll(() => cancelled).toBe(true);
      await eventually(() =>
        expect(events.map((event) => event.error)).toContain('PROXY_BODY_TIMEOUT'),
      );
    },
  );

  it('passes a long JSON answer without a credential whole', async () => {
    const { stub, browser } = await startStubbed(adapter);
    await browser.login();
    const whole = `${LONG_HEAD}${FILLER}{"id":-1,"session_timeout":30,"note":"veeva-crm"}]}`;
    stub.answer = (request) =>
      new URL(request.url).pathname.endsWith('/documents')
        ? new Response(streamOf(chunksOf(whole, 7_000)), { headers: { 'Content-Type': JSON_TYPE } })
        : undefined;
    const response = await browser.send(DOCUMENTS);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(whole);
  });

  it.each(ORDINARY)('passes %s unchanged', async (_name, method, path, body) => {
    const { stub, browser } = await startStubbed(adapter);
    await browser.login();
    stub.answer = () => answerWith(body, JSON_TYPE);
    const response = await browser.send(path, { method });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  it('passes a binary download unchanged', async () => {
    const { stub, browser } = await startStubbed(adapter);
    await browser.login();
    const bytes = binary(64 * 1024);
    stub.answer = (request) =>
      new URL(request.url).pathname.endsWith('/file')
        ? answerWith(bytes, 'application/octet-stream', {
            'Content-Disposition': 'attachment; filename="rendition.bin"',
          })
        : undefined;
    const response = await browser.send(`${DOCUMENTS}/7/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="rendition.bin"',
    );
    const received = Buffer.from(await response.arrayBuffer());
    expect(received.byteLength).toBe(bytes.byteLength);
    expect(received.equals(bytes)).toBe(true);
  });

  it.each([
    ['a password login', 'POST', `/vault/PromoMats.Sunrise.Example/API/V26.1/AUTH`, 'own'],
    ['a delegated login', 'POST', `/vault/${PROMOMATS}/Api/v26.1/Delegation/LOGIN/`, 'delegated'],
    ['an OAuth login', 'POST', '/auth/OAuth/SESSION/harbor-oidc', 'own'],
  ] as const)('seals %s whatever the case of its words', async (_name, method, path, kind) => {
    const { browser } = await startStubbed(adapter);
    if (kind === 'delegated') await browser.login();
    const response = await browser.send(path, {
      method,
      headers: { 'Content-Type': FORM },
      body: kind === 'delegated' ? AS_MARCUS : OLIVIA_FORM.toString(),
    });
    const text = await response.text();
    const visible = visibleOf(response, text);
    expect(visible).not.toContain(STUB_SID.slice(0, 8));
    expect(visible).not.toContain(STUB_DELEGATED_SID.slice(0, 8));
    const sealed = await opened(browser.jar.get(kind === 'own' ? OWN : DELEGATED));
    expect(sealed).toMatchObject({
      kind,
      sid: kind === 'own' ? STUB_SID : STUB_DELEGATED_SID,
      dns: kind === 'own' ? PROMOMATS : QUALITY,
    });
    expect(JSON.parse(text)).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: sealed.tag });
  });
});

describe.each(PROXY_ADAPTERS)('$name: token mode is unchanged', (adapter) => {
  it('passes login answers, credentials, XML and every X-VaultAPI header as the vault sent them', async () => {
    const { stub, browser } = await startStubbed(adapter, false);
    const login = await browser.send(PASSWORD_LOGIN, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: OLIVIA_FORM.toString(),
    });
    expect(await login.json()).toEqual(LOGIN_ANSWER);
    expect(login.headers.getSetCookie()).toEqual([]);

    const withCredential = `{"responseStatus":"SUCCESS","sessionId":"${SECRET}"}`;
    stub.answer = (request) =>
      new URL(request.url).pathname.endsWith('/me')
        ? answerWith(withCredential, JSON_TYPE, {
            'X-VaultAPI-TruncatedSessionId': STUB_SID.slice(0, 6),
          })
        : answerWith(
            `<VaultResponse><sessionId>${SECRET}</sessionId></VaultResponse>`,
            'application/xml',
          );
    const me = await browser.send(ME(PROMOMATS), { headers: { Authorization: STUB_SID } });
    expect(me.status).toBe(200);
    expect(await me.text()).toBe(withCredential);
    expect(me.headers.get('x-vaultapi-truncatedsessionid')).toBe(STUB_SID.slice(0, 6));
    const xml = await browser.send(DOCUMENTS, { headers: { Authorization: STUB_SID } });
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain(SECRET);
  });
});

// A credential the proxy drops without ending it would live on at the vault, unreachable
// and unrevocable by the user.

/** A proxy in front of the emulator whose calls to end a session fail as `fault` says. */
async function deployWithFailingEnd(adapter: ProxyAdapter, fault: 'refused' | 'silent') {
  const clock = createManualClock(TEST_START_MS);
  const emulator = createVaultEmulator({ clock, passwordHashIterations: 1_000 });
  const vault = await serveFetch(emulator.fetch);
  servers.push(vault);
  const loopback = createLoopbackUpstream(vault.port);
  const ends: string[] = [];
  const held: (() => void)[] = [];
  const proxy = await adapter.start({
    loginHost: DEFAULT_LOGIN_HOST,
    allowHosts: ['*.sunrise.example'],
    allowedOrigins: [APP_ORIGIN],
    session: { secrets: [SECRET_A], now: () => clock.now() },
    warn: () => undefined,
    fetch: (request) => {
      if (request.method !== 'DELETE') return loopback(request);
      ends.push(new URL(request.url).pathname);
      if (fault === 'refused') return Promise.reject(new TypeError('fetch failed'));
      return new Promise<Response>((resolve) => {
        held.push(() => resolve(new Response(null, { status: 503 })));
      });
    },
  });
  return {
    browser: createBrowser(proxy),
    clock,
    emulator,
    ends,
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}

describe.each(PROXY_ADAPTERS)('$name: a session the proxy lets go of is ended', (adapter) => {
  it('a second own login while acting for someone ends the old own and delegated sessions', async () => {
    const { browser, clock, emulator, upstream } = await deployBff(adapter);
    await browser.login();
    const own = await opened(browser.jar.get(OWN));
    const delegated = await actAsMarcus(browser);
    clock.advance(60_000);
    await browser.login();
    expect(browser.jar.has(DELEGATED)).toBe(false);
    await eventually(() => {
      expect(oliviasSessions(emulator)).toEqual({
        own: [expect.objectContaining({ createdAt: TEST_START_MS + 60_000 })],
        acting: [],
      });
      expect(upstream).toContainEqual({
        host: PROMOMATS,
        path: '/api/v26.1/session',
        authorization: own.sid,
      });
      expect(upstream).toContainEqual({
        host: QUALITY,
        path: '/api/v26.1/session',
        authorization: delegated.sid,
      });
    });
  });

  it('a new delegated login ends the delegated session it replaces, and only that one', async () => {
    const { browser, clock, emulator } = await deployBff(adapter);
    await browser.login();
    await actAsMarcus(browser);
    clock.advance(60_000);
    const second = await actAsMarcus(browser);
    expect(second.createdAt).toBe(TEST_START_MS + 60_000);
    await eventually(() =>
      expect(oliviasSessions(emulator)).toEqual({
        own: [expect.objectContaining({ createdAt: TEST_START_MS })],
        acting: [expect.objectContaining({ userId: MARCUS, createdAt: TEST_START_MS + 60_000 })],
      }),
    );
    const asMarcus = await browser.send(ME(QUALITY), { session: 'delegated' });
    expect(await vaultAnswer(asMarcus)).toMatchObject({ users: [{ user: { id: MARCUS } }] });
  });

  it('a failed login leaves the session the cookie holds alone', async () => {
    const { browser, emulator, upstream } = await deployBff(adapter);
    await browser.login();
    const kept = browser.jar.get(OWN);
    const failed = await browser.send(PASSWORD_LOGIN, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: new URLSearchParams({ username: DEMO.olivia[0], password: 'wrong' }).toString(),
    });
    expect((await vaultAnswer(failed)).responseStatus).toBe('FAILURE');
    expect(browser.jar.get(OWN)).toBe(kept);
    const alive = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect((await vaultAnswer(alive)).responseStatus).toBe('SUCCESS');
    expect(oliviasSessions(emulator).own).toHaveLength(1);
    expect(upstream.map((call) => call.path)).not.toContain('/api/v26.1/session');
  });

  it('sign-out ends the own session and the delegated one, and clears both cookies', async () => {
    const { browser, emulator, upstream } = await deployBff(adapter);
    await browser.login();
    const delegated = await actAsMarcus(browser);
    const out = await browser.send(`/vault/${PROMOMATS}/api/v26.1/session`, { method: 'DELETE' });
    expect((await vaultAnswer(out)).responseStatus).toBe('SUCCESS');
    expect(out.headers.getSetCookie()).toEqual(
      expect.arrayContaining([
        `${OWN}=; ${ATTRIBUTES}; Max-Age=0`,
        `${DELEGATED}=; ${ATTRIBUTES}; Max-Age=0`,
      ]),
    );
    expect(browser.jar.size).toBe(0);
    await eventually(() => {
      expect(oliviasSessions(emulator)).toEqual({ own: [], acting: [] });
      expect(upstream).toContainEqual({
        host: QUALITY,
        path: '/api/v26.1/session',
        authorization: delegated.sid,
      });
    });
  });

  it.each([
    ['a call on the own vault', ME(PROMOMATS)],
    ['who-am-I', '/vault-session'],
  ])('ends the delegated session when the own cookie no longer opens (%s)', async (_name, path) => {
    const { browser, emulator, pastLoginWindow } = await deployBff(adapter);
    await browser.login();
    await actAsMarcus(browser);
    // The login's landed copy would stand in for the own cookie: it has gone.
    await pastLoginWindow();
    const value = browser.jar.get(OWN) ?? '';
    const last = value.at(-2) === 'A' ? 'B' : 'A';
    browser.jar.set(OWN, `${value.slice(0, -2)}${last}${value.at(-1)}`);
    const response = await browser.send(path);
    await response.body?.cancel();
    expect(response.headers.getSetCookie()).toEqual(
      expect.arrayContaining([
        `${OWN}=; ${ATTRIBUTES}; Max-Age=0`,
        `${DELEGATED}=; ${ATTRIBUTES}; Max-Age=0`,
      ]),
    );
    expect(browser.jar.size).toBe(0);
    await eventually(() => expect(oliviasSessions(emulator).acting).toEqual([]));
  });

  describe.each(['refused', 'silent'] as const)('with the vault’s end %s', (fault) => {
    it('forget-me answers as ever', async () => {
      const deployment = await deployWithFailingEnd(adapter, fault);
      try {
        const { browser } = deployment;
        await browser.login();
        await actAsMarcus(browser);
        const forgotten = await browser.send('/vault-session', { method: 'DELETE' });
        expect(forgotten.status).toBe(200);
        expect(await forgotten.json()).toEqual({ own: null, delegated: null });
        expect(browser.jar.size).toBe(0);
        await eventually(() => expect(deployment.ends.length).toBeGreaterThan(0));
      } finally {
        deployment.release();
      }
    });

    it('a second login answers as ever', async () => {
      const deployment = await deployWithFailingEnd(adapter, fault);
      try {
        const { browser, clock } = deployment;
        await browser.login();
        clock.advance(60_000);
        const answer = await browser.login();
        const sealed = await opened(browser.jar.get(OWN));
        expect(answer).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: sealed.tag });
        expect(sealed.createdAt).toBe(TEST_START_MS + 60_000);
        await eventually(() => expect(deployment.ends).toEqual(['/api/v26.1/session']));
        const me = await browser.send(ME(PROMOMATS));
        expect(await vaultAnswer(me)).toMatchObject({ users: [{ user: { id: OLIVIA } }] });
      } finally {
        deployment.release();
      }
    });
  });
});

// The demo's own proxy: the dev stack `npm run dev` serves (BFF mode by default), in front of
// its emulator. Its calls to the vault cannot be recorded from here, so an issued ID is
// recognised by its shape: 32 random bytes, 43 base64url characters, which nothing else the
// demo answers has.
describe('the demo’s proxy (the dev stack): every spelling of a login path', () => {
  const EMULATOR_ID = /[A-Za-z0-9_-]{43}/;

  it.each([
    ['password login', PASSWORD_LOGIN, OWN],
    ['delegated login', DELEGATED_LOGIN, DELEGATED],
  ] as const)(
    '%s: never shows a session ID, and either refuses or seals',
    async (_name, path, cookieName) => {
      const served = await serveDevStack({
        appOrigins: [APP_ORIGIN],
        emulator: { passwordHashIterations: 1_000, ...NO_LIMITS },
      });
      stacks.push(served);
      const { port } = new URL(served.url);
      const login = await exchange(Number(port), PASSWORD_LOGIN, {
        method: 'POST',
        headers: { Origin: APP_ORIGIN, 'X-Vault-Kit': '1', 'Content-Type': FORM },
        body: OLIVIA_FORM.toString(),
      });
      const own = sealedCookieOf(login, OWN);
      if (own === undefined) throw new Error('The demo sealed no session.');
      let sealed = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(SPELLING, { maxLength: 3 }), QUERY, async (spellings, query) => {
          const target = `${spellings.reduce(respell, path)}${query ?? ''}`;
          const answer = await exchange(Number(port), target, {
            method: 'POST',
            headers: {
              Origin: APP_ORIGIN,
              'X-Vault-Kit': '1',
              'Content-Type': FORM,
              Cookie: `${OWN}=${own}`,
            },
            body: cookieName === OWN ? OLIVIA_FORM.toString() : AS_MARCUS,
          });
          expect(pageVisible(answer), target).not.toMatch(EMULATOR_ID);
          // A spelling the stack does not route to its proxy (`//vault/…`) falls through to
          // the app's server: here a bare 404, never a vault's answer.
          const outcome = (
            answer.statusLine.includes(' 404 ') && answer.body.length === 0
              ? {}
              : JSON.parse(answer.body.toString('utf8'))
          ) as { responseStatus?: unknown };
          const cookie = sealedCookieOf(answer, cookieName);
          if (outcome.responseStatus === 'SUCCESS') {
            expect(cookie, `${target} answered a success without sealing it`).toBeDefined();
            sealed += 1;
          } else {
            expect(cookie, `${target} sealed a session into a refusal`).toBeUndefined();
          }
        }),
        {
          numRuns: 40,
          examples: [
            [[], null],
            [[{ kind: 'trailing', count: 1 }], null],
          ],
        },
      );
      expect(sealed).toBeGreaterThan(0);
    },
    30_000,
  );
});
