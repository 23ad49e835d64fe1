// Single sign-on through the proxy (BFF mode) over its whole life, against the real
// development OpenID Provider, on both listeners (the dev stack's fetch-style handler and the
// Node adapter in front of the same stack): several sign-ins pending at once in one browser,
// each finished by its own state only; a sign-in that lands in another vault than the one
// asked for; the refresh token handed back to the provider when the proxy lets go of it; and
// the provider refusing a renewal at the cap (consent withdrawn, its sign-in session over).
// Time is the emulator's clock, which the proxy's deadlines follow.
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_IDP_HOST } from '../../src/dev/createVaultDevStack';
import { createManualClock } from '../../src/emulator/createManualClock';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import { createSsoAppBrowser } from './createSsoAppBrowser';
import { startSsoNodeListener } from './startSsoNodeListener';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const RENEW_COOKIE = '__Secure-vault-sso-renew';
const SESSION_COOKIE = '__Host-vault-session';
const FLOW_COOKIE = /^__Host-vault-sso-/;

const clock = createManualClock(Date.UTC(2026, 0, 5, 9));
let served: ServedDevStack;
let node: Awaited<ReturnType<typeof startSsoNodeListener>>;
let revokedGrants = 0;

beforeAll(async () => {
  served = await serveDevStack({
    session: { secrets: [SECRET] },
    emulator: { clock, passwordHashIterations: 1_000, authBurstLimit: 1_000 },
  });
  served.stack.oidc?.provider.on('grant.revoked', () => {
    revokedGrants += 1;
  });
  node = await startSsoNodeListener(served, SECRET, () => clock.now());
});

afterAll(async () => {
  await node.close();
  await served.close();
});

/** The app's origin as one browser sees it: one cookie jar for every tab. */
function appBrowser(proxyUrl: string) {
  const browser = createSsoAppBrowser(served.url, proxyUrl);
  const { jar, call } = browser;
  return {
    jar,
    call,
    /** A tab starts a sign-in; resolves with the provider's answer, not yet brought back. */
    startAndSignIn: browser.signInSamAtProvider,
    finish: browser.returnFromProvider,
    async whoAmI() {
      return JSON.parse((await call('/vault-session')).body).own;
    },
    async renewalError() {
      const answer = JSON.parse((await call('/vault-session/sso/renew', { method: 'POST' })).body);
      return answer.responseStatus === 'SUCCESS' ? 'renewed' : answer.errors[0].type;
    },
    flowCookies() {
      return [...jar.keys()].filter((name) => FLOW_COOKIE.test(name));
    },
  };
}

/**
 * A server between a Node adapter and the stack: what `divert` takes (a request, or the
 * stack's answer to one) it answers itself; the rest goes on unchanged.
 */
async function startFront(divert: {
  request?(req: IncomingMessage, res: ServerResponse): boolean;
  answer?(req: IncomingMessage, answer: IncomingMessage, res: ServerResponse): boolean;
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  const target = new URL(served.url);
  const front = createServer((req, res) => {
    if (divert.request?.(req, res)) return;
    const onward = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (divert.answer?.(req, answer, res)) return;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(onward);
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    async close() {
      front.closeAllConnections();
      await new Promise((done) => front.close(done));
    },
  };
}

const samSessions = () =>
  served.stack.emulator.sessions().filter((session) => session.userId === 61006).length;

describe.each([
  ['the fetch-style handler', () => served.url],
  ['the Node adapter', () => node.url],
])('single sign-on through %s', (_name, proxyUrl) => {
  it('finishes two sign-ins started in two tabs of one browser, each by its own state', async () => {
    const browser = appBrowser(proxyUrl());
    const first = await browser.startAndSignIn({ returnTo: '/first' });
    const second = await browser.startAndSignIn({ returnTo: '/second' });
    expect(browser.flowCookies()).toHaveLength(2);

    // The first tab's return is not spoilt by the second tab's start.
    const before = samSessions();
    const firstDone = await browser.finish(first);
    expect(firstDone.location).toBe('/first?vault_sso_signed_in=1');
    const firstTag = (await browser.whoAmI()).sessionTag;
    const secondDone = await browser.finish(second);
    expect(secondDone.location).toBe('/second?vault_sso_signed_in=1');
    expect((await browser.whoAmI()).sessionTag).not.toBe(firstTag);
    expect(browser.flowCookies()).toEqual([]);
    // The second return replaced the first one's session, which its navigation never
    // brought: that session is ended, not left alive at the vault.
    await expect.poll(samSessions).toBe(before + 1);

    // Both returns before either page looks: the later one is the browser's.
    const third = await browser.startAndSignIn({ returnTo: '/third' });
    const fourth = await browser.startAndSignIn({ returnTo: '/fourth' });
    await browser.finish(third);
    clock.advance(1_000);
    const landed = [...(await browser.finish(fourth)).cookies.keys()].find((name) =>
      name.startsWith('__Host-vault-landed-'),
    );
    const latest = await browser.whoAmI();
    expect(latest.sessionTag).toBe(landed?.slice('__Host-vault-landed-'.length));
    await expect.poll(samSessions).toBe(before + 1);
    expect(latest.renewal).toBe('sso');

    // Each is used once.
    expect((await browser.finish(first)).location).toBe('/?vault_sso_error=sso_state_mismatch');
  });

  it('keeps a few sign-ins pending, the oldest going first, each for ten minutes', async () => {
    const browser = appBrowser(proxyUrl());
    const answers: string[] = [];
    for (const n of [1, 2, 3, 4, 5])
      answers.push(await browser.startAndSignIn({ returnTo: `/${n}` }));
    expect(browser.flowCookies()).toHaveLength(4);
    // The oldest made room: its return belongs to no pending sign-in.
    const oldest = await browser.finish(answers[0] as string);
    expect(oldest.location).toMatch(/vault_sso_error=sso_state_mismatch$/);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.finish(answers[4] as string)).location).toBe('/5?vault_sso_signed_in=1');

    // Ten minutes on, a sign-in still pending has expired; the form's page says so.
    clock.advance(10 * MINUTE + 1_000);
    const late = await browser.finish(answers[1] as string);
    expect(late.location).toBe('/2?vault_sso_error=sso_state_mismatch');
  });

  it('refuses a sign-in that lands in another vault than the one asked for, as a password login is', async () => {
    const before = samSessions();
    const browser = appBrowser(proxyUrl());
    const answer = await browser.startAndSignIn({ vaultDNS: 'promomats.sunrise.example' });
    const done = await browser.finish(answer);
    expect(done.location).toBe('/?vault_sso_error=sso_vault_mismatch');
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(browser.jar.has(RENEW_COOKIE)).toBe(false);
    // The session the service opened in sam's own vault is ended, not left running.
    await expect.poll(samSessions).toBe(before);

    // An app that accepts any of the user's vaults (validateDns: false) takes it.
    const relaxed = appBrowser(proxyUrl());
    const accepted = await relaxed.finish(
      await relaxed.startAndSignIn({ vaultDNS: 'promomats.sunrise.example', validateDns: 'false' }),
    );
    expect(accepted.location).toBe('/?vault_sso_signed_in=1');
    expect(await relaxed.whoAmI()).toMatchObject({ vaultDns: 'clinical.harbor.example' });
  });

  it('revokes the refresh token at the provider on sign-out: a copy of the cookies no longer renews', async () => {
    const browser = appBrowser(proxyUrl());
    await browser.finish(await browser.startAndSignIn());
    await browser.whoAmI();
    const copied = new Map(browser.jar);
    expect(copied.has(RENEW_COOKIE)).toBe(true);
    const revoked = revokedGrants;
    // The page's sign-out in BFF mode.
    await browser.call('/vault-session', { method: 'DELETE' });
    expect(browser.jar.has(RENEW_COOKIE)).toBe(false);
    await expect.poll(() => revokedGrants).toBe(revoked + 1);

    // Someone who kept the cookies (the session cookie opens until its deadline) gets no
    // new session out of the refresh token.
    const thief = appBrowser(proxyUrl());
    for (const [name, value] of copied) thief.jar.set(name, value);
    expect(await thief.renewalError()).toBe('SSO_RENEWAL_REFUSED');
  });

  it('revokes the refresh token of a session that a password login replaced', async () => {
    const browser = appBrowser(proxyUrl());
    await browser.finish(await browser.startAndSignIn());
    const revoked = revokedGrants;
    await browser.call('/vault/promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    });
    // The next look at the session route finds a renewal for a session that is gone.
    expect((await browser.whoAmI()).renewal).toBeUndefined();
    expect(browser.jar.has(RENEW_COOKIE)).toBe(false);
    await expect.poll(() => revokedGrants).toBe(revoked + 1);
  });

  it.each([
    ['the user withdrew consent', (sub: string) => served.stack.oidc?.withdrawConsent(sub)],
    [
      "the provider's sign-in session is over (login_required)",
      (sub: string) => served.stack.oidc?.endSessions(sub),
    ],
  ])('sends the user to the form at the cap when %s', async (_why, refuse) => {
    const browser = appBrowser(proxyUrl());
    await browser.finish(await browser.startAndSignIn());
    const { sessionTag } = await browser.whoAmI();
    expect(await refuse('sam')).toBeGreaterThan(0);
    clock.advance(48 * HOUR - 4 * MINUTE);
    expect(await browser.renewalError()).toBe('SSO_RENEWAL_REFUSED');
    expect(browser.jar.has(RENEW_COOKIE)).toBe(false);
    // What the page reads: the session runs on without a renewal, so its expiry dialog says
    // the form comes at the cap, and then it does.
    const own = await browser.whoAmI();
    expect(own).toMatchObject({ sessionTag });
    expect(own.renewal).toBeUndefined();
    clock.advance(5 * MINUTE);
    expect(await browser.whoAmI()).toBeNull();
  });
});

describe('a vault login answer the proxy cannot read', () => {
  it('keeps no session, and hands the refresh token back to the provider', async () => {
    // Between the Node adapter and the stack: the OAuth session login is answered in XML,
    // which the proxy cannot read for the session it holds.
    const front = await startFront({
      answer(req, answer, res) {
        if (!req.url?.startsWith('/auth/oauth/session/')) return false;
        answer.resume();
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end('<response><responseStatus>SUCCESS</responseStatus></response>');
        return true;
      },
    });
    const listener = await startSsoNodeListener(served, SECRET, () => clock.now(), {
      upstream: front.url,
    });
    try {
      const browser = appBrowser(listener.url);
      const revoked = revokedGrants;
      const done = await browser.finish(await browser.startAndSignIn());
      expect(done.location).toBe('/?vault_sso_error=sso_failed');
      expect(await browser.whoAmI()).toBeNull();
      expect([...browser.jar.keys()].filter((name) => !FLOW_COOKIE.test(name))).toEqual([]);
      await expect.poll(() => revokedGrants).toBe(revoked + 1);
    } finally {
      await listener.close();
      await front.close();
    }
  });
});

describe('a revocation the provider does not take', () => {
  it('never holds up the sign-out, and is logged by host without the token', async () => {
    // Between the Node adapter and the stack: the provider's revocation endpoint answers only
    // when the test lets it, and then refuses.
    const held: { body: string; answer: () => void }[] = [];
    const front = await startFront({
      request(req, res) {
        if (!req.url?.endsWith('/token/revocation')) return false;
        let body = '';
        req.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        req.on('end', () =>
          held.push({
            body,
            answer: () =>
              res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"x"}'),
          }),
        );
        return true;
      },
    });
    const warnings: string[] = [];
    const listener = await startSsoNodeListener(served, SECRET, () => clock.now(), {
      upstream: front.url,
      warn: (line) => warnings.push(line),
    });
    try {
      const browser = appBrowser(listener.url);
      await browser.finish(await browser.startAndSignIn());
      await browser.whoAmI();
      expect(browser.jar.has(RENEW_COOKIE)).toBe(true);
      const signedOut = await browser.call('/vault-session', { method: 'DELETE' });
      // Answered while the provider has not answered the revocation yet.
      expect(JSON.parse(signedOut.body)).toEqual({ own: null, delegated: null });
      await expect.poll(() => held.length).toBe(1);
      const token = new URLSearchParams(held[0]?.body).get('token') as string;
      expect(token.length).toBeGreaterThan(10);
      held[0]?.answer();
      await expect.poll(() => warnings.length).toBe(1);
      expect(warnings[0]).toBe(
        `vault proxy: a refresh token the proxy let go of could not be revoked at ${DEV_IDP_HOST} (it answered 503).`,
      );
      expect(warnings.join('\n')).not.toContain(token);
    } finally {
      await listener.close();
      await front.close();
    }
  });
});
