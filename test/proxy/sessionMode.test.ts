// BFF mode, through each way the proxy is served, in front of the emulator over loopback:
// the session ID lives in a sealed HttpOnly cookie, the page never sees it, and the proxy
// adds it only to calls on the session's own vault.
import { describe, expect, it, vi } from 'vitest';
import { demoDirectory } from '../../src/emulator/demoDirectory';
import { TEST_START_MS } from '../emulator/startEmulator';
import {
  ATTRIBUTES,
  createBrowser,
  DELEGATED,
  deployBff,
  HARBOR_OIDC,
  HARBOR_TOKEN,
  LOGIN_WINDOW_MS,
  OWN,
  openCookie,
  PROMOMATS,
  QUALITY,
  SECRET_A,
  SECRET_B,
  vaultAnswer,
} from './bffDeployment';
import { APP_ORIGIN, PROXY_ADAPTERS } from './proxyAdapters';

const HOURS_48 = 48 * 60 * 60 * 1000;
const ME = (dns: string) => `/vault/${dns}/api/v26.1/objects/users/me`;
const HARBOR = 'clinical.harbor.example';
const KEEP_ALIVE = `/vault/${PROMOMATS}/api/v26.1/keep-alive`;

describe.each(PROXY_ADAPTERS)('$name: BFF mode', (adapter) => {
  it('seals a password login into the cookie; the page answer holds no session ID', async () => {
    const { browser, upstream } = await deployBff(adapter);
    const response = await browser.send(`/vault/${PROMOMATS}/api/v26.1/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=olivia%40sunrise.example&password=Sunrise-Demo-1',
    });
    const text = await response.text();
    const sealed = await openCookie(browser.jar.get(OWN));
    expect(sealed).toMatchObject({
      v: 1,
      dns: PROMOMATS,
      kind: 'own',
      userId: 61001,
      vaultId: 1001,
      createdAt: TEST_START_MS,
      deadline: TEST_START_MS + HOURS_48,
    });
    const sid = sealed?.sid ?? '';
    expect(sid.length).toBeGreaterThan(10);
    const answer = JSON.parse(text) as Record<string, unknown>;
    expect(answer).not.toHaveProperty('sessionId');
    expect(answer).toMatchObject({
      responseStatus: 'SUCCESS',
      userId: 61001,
      vaultId: 1001,
      sessionTag: sealed?.tag,
      sessionDeadline: TEST_START_MS + HOURS_48,
    });
    expect(answer.sessionTag).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    expect(`${text}\n${headers}`).not.toContain(sid);
    expect(`${text}\n${headers}`).not.toContain(sid.slice(0, 6));
    expect(response.headers.get('x-vaultapi-truncatedsessionid')).toBeNull();
    // The answer was rewritten: its declared length is that of what was sent.
    const length = response.headers.get('content-length');
    if (length !== null) expect(Number(length)).toBe(new TextEncoder().encode(text).byteLength);
    expect(upstream.at(-1)).toMatchObject({ host: PROMOMATS, authorization: null });
  });

  it('sets the cookies with exactly the contract attributes, the delegated one cleared', async () => {
    const { browser } = await deployBff(adapter);
    const response = await browser.send(`/vault/${PROMOMATS}/api/v26.1/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=olivia%40sunrise.example&password=Sunrise-Demo-1',
    });
    await response.body?.cancel();
    const cookies = response.headers.getSetCookie();
    expect(cookies).toEqual([
      expect.stringMatching(
        new RegExp(`^${OWN}=v1\\.[A-Za-z0-9_-]+; ${ATTRIBUTES}; Max-Age=172800$`),
      ),
      // The same session in a cookie of its own, named by its tag, which the next call
      // settles (two logins sent at once each set the own cookie, and one of those is lost).
      expect.stringMatching(
        new RegExp(
          `^__Host-vault-landed-[A-Za-z0-9_-]+=v1\\.[A-Za-z0-9_-]+; ${ATTRIBUTES}; Max-Age=172800$`,
        ),
      ),
      `${DELEGATED}=; ${ATTRIBUTES}; Max-Age=0`,
    ]);
    const [own, landed] = cookies.map((line) => line.slice(line.indexOf('=') + 1).split(';')[0]);
    expect(landed).toBe(own);
  });

  it('authorises calls on the cookie’s vault from the cookie, and no others', async () => {
    const { browser, upstream } = await deployBff(adapter);
    await browser.login();
    const sid = (await openCookie(browser.jar.get(OWN)))?.sid;
    const me = await vaultAnswer(await browser.send(ME(PROMOMATS)));
    expect(me).toMatchObject({ responseStatus: 'SUCCESS' });
    expect(upstream.at(-1)).toEqual({
      host: PROMOMATS,
      path: '/api/v26.1/objects/users/me',
      authorization: sid,
    });
    const kept = await vaultAnswer(await browser.send(KEEP_ALIVE, { method: 'POST' }));
    expect(kept.responseStatus).toBe('SUCCESS');

    const elsewhere = await vaultAnswer(await browser.send(ME(QUALITY)));
    expect(elsewhere.errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(upstream.at(-1)).toMatchObject({ host: QUALITY, authorization: null });
    // Not this cookie's vault: the cookie is not to blame, and stays.
    expect(browser.jar.has(OWN)).toBe(true);
  });

  it('ends the delegated cookie with the session that started it, not 48 hours after', async () => {
    const { browser, clock } = await deployBff(adapter);
    await browser.login();
    const own = await openCookie(browser.jar.get(OWN));
    clock.advance(10 * 60 * 1000);
    const started = await browser.send(`/vault/${PROMOMATS}/api/v26.1/delegation/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'vault_id=1002&delegator_userid=61002',
    });
    const answer = await vaultAnswer(started);
    const delegated = await openCookie(browser.jar.get(DELEGATED));
    expect(delegated?.deadline).toBe(own?.deadline);
    expect(answer.sessionDeadline).toBe(own?.deadline);
    const cookie = started.headers.getSetCookie().find((line) => line.startsWith(DELEGATED));
    expect(cookie).toContain(`Max-Age=${(HOURS_48 - 10 * 60 * 1000) / 1000}`);
  });

  it('acts on behalf of another user with the delegated cookie, chosen by X-Vault-Session', async () => {
    const { browser, upstream } = await deployBff(adapter);
    await browser.login();
    const started = await browser.send(`/vault/${PROMOMATS}/api/v26.1/delegation/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'vault_id=1002&delegator_userid=61002',
    });
    const answer = await vaultAnswer(started);
    const delegated = await openCookie(browser.jar.get(DELEGATED));
    expect(delegated).toMatchObject({
      kind: 'delegated',
      dns: QUALITY,
      userId: 61002,
      vaultId: 1002,
    });
    expect(answer).not.toHaveProperty('delegated_sessionid');
    expect(answer).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: delegated?.tag });
    expect(JSON.stringify(answer)).not.toContain(delegated?.sid ?? '-');

    const asMarcus = await browser.send(ME(QUALITY), { session: 'delegated' });
    expect(await vaultAnswer(asMarcus)).toMatchObject({
      users: [{ user: { id: 61002 } }],
    });
    expect(upstream.at(-1)).toMatchObject({ host: QUALITY, authorization: delegated?.sid });
    // Without the header the own session is meant, which lives in another vault.
    const own = await vaultAnswer(await browser.send(ME(QUALITY)));
    expect(own.errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    // An unknown choice picks no session at all.
    await (await browser.send(ME(QUALITY), { session: 'someone' })).body?.cancel();
    expect(upstream.at(-1)).toMatchObject({ host: QUALITY, authorization: null });

    // Stopping acting ends the delegated session only.
    const stopped = await browser.send(`/vault/${QUALITY}/api/v26.1/session`, {
      method: 'DELETE',
      session: 'delegated',
    });
    expect((await vaultAnswer(stopped)).responseStatus).toBe('SUCCESS');
    expect(browser.jar.has(DELEGATED)).toBe(false);
    expect(browser.jar.has(OWN)).toBe(true);
    expect((await vaultAnswer(await browser.send(ME(PROMOMATS)))).responseStatus).toBe('SUCCESS');
  });

  it('signs out: both cookies cleared, and the old cookie replayed is refused by the vault', async () => {
    const { browser } = await deployBff(adapter);
    await browser.login();
    const kept = browser.jar.get(OWN) ?? '';
    const [copy] = browser.landed();
    expect((await openCookie(browser.jar.get(copy ?? '')))?.tag).toBe(
      (await openCookie(kept))?.tag,
    );
    const out = await browser.send(`/vault/${PROMOMATS}/api/v26.1/session`, { method: 'DELETE' });
    expect((await vaultAnswer(out)).responseStatus).toBe('SUCCESS');
    expect(out.headers.getSetCookie()).toEqual([
      `${OWN}=; ${ATTRIBUTES}; Max-Age=0`,
      `${DELEGATED}=; ${ATTRIBUTES}; Max-Age=0`,
      // The login's landed copy of the session goes with it.
      `${copy}=; ${ATTRIBUTES}; Max-Age=0`,
    ]);
    expect(browser.jar.size).toBe(0);

    browser.jar.set(OWN, kept);
    const replayed = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect((await vaultAnswer(replayed)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    // The refusal leaves the cookie alone (the kit's client ends the session through the
    // session route): it may land after a newer login's answer, whose cookie it would clear.
    expect(replayed.headers.getSetCookie()).toEqual([]);
  });

  it("keeps a login's landed copy while another login may still answer, and clears it after", async () => {
    const { browser, clock } = await deployBff(adapter);
    await browser.login();
    const [copy] = browser.landed();
    expect(browser.jar.get(copy ?? '')).toBe(browser.jar.get(OWN));
    // Within the window a call leaves the copy: a login sent before this one was answered
    // may still overwrite the own cookie, and the copy is what the next call then settles.
    clock.advance(LOGIN_WINDOW_MS - 1);
    const within = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect((await vaultAnswer(within)).responseStatus).toBe('SUCCESS');
    expect(within.headers.getSetCookie()).toEqual([]);
    clock.advance(1);
    const after = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect((await vaultAnswer(after)).responseStatus).toBe('SUCCESS');
    expect(after.headers.getSetCookie()).toEqual([`${copy}=; ${ATTRIBUTES}; Max-Age=0`]);
    expect([...browser.jar.keys()]).toEqual([OWN]);
  });

  it("leaves a newer login's cookie alone when a call made before it is refused after it", async () => {
    const { browser, emulator } = await deployBff(adapter);
    await browser.login();
    const before = browser.jar.get(OWN) ?? '';
    // A call leaves with the first session's cookie; a new login lands before its answer.
    await browser.login();
    const newer = browser.jar.get(OWN) ?? '';
    expect(newer).not.toBe(before);
    // The call carries what the browser held before that login: the first cookie alone.
    browser.jar.clear();
    browser.jar.set(OWN, before);
    const late = await browser.send(KEEP_ALIVE, { method: 'POST' });
    expect((await vaultAnswer(late)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(late.headers.getSetCookie()).toEqual([]);
    // The browser keeps the newer session's cookie, and that session lives.
    browser.jar.clear();
    browser.jar.set(OWN, newer);
    expect(
      (await vaultAnswer(await browser.send(KEEP_ALIVE, { method: 'POST' }))).responseStatus,
    ).toBe('SUCCESS');
    // The first session was ended by the second login, in the background.
    await expect
      .poll(() => emulator.sessions().filter((session) => session.userId === 61001))
      .toHaveLength(1);
  });

  it('treats a tampered cookie, or one of the wrong kind, as absent and clears it', async () => {
    const { browser, upstream, pastLoginWindow } = await deployBff(adapter);
    await browser.login();
    // The login's landed copy would stand in for a tampered own cookie: it has gone.
    await pastLoginWindow();
    const value = browser.jar.get(OWN) ?? '';
    // Opened once (and kept by the proxy): its kind is still checked below.
    expect((await vaultAnswer(await browser.send(ME(PROMOMATS)))).responseStatus).toBe('SUCCESS');
    const last = value.at(-2) === 'A' ? 'B' : 'A';
    browser.jar.set(OWN, `${value.slice(0, -2)}${last}${value.at(-1)}`);
    const tampered = await browser.send(ME(PROMOMATS));
    expect((await vaultAnswer(tampered)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(upstream.at(-1)?.authorization).toBeNull();
    // Whether it was set partitioned (lent by a vault's web tab) is sealed inside: both
    // clears go, each reaching the cookie only as it was set.
    expect(tampered.headers.getSetCookie()).toEqual([
      `${OWN}=; ${ATTRIBUTES}; Max-Age=0`,
      `${OWN}=; HttpOnly; Secure; SameSite=None; Partitioned; Path=/; Max-Age=0`,
    ]);

    // Nor is a value that ends as the opened one does but differs before: whatever the
    // proxy keeps of what it opened, only the very same value is taken from it.
    const middle = Math.floor(value.length / 2);
    const changed = value[middle] === 'A' ? 'B' : 'A';
    browser.jar.set(OWN, `${value.slice(0, middle)}${changed}${value.slice(middle + 1)}`);
    const alteredInside = await browser.send(ME(PROMOMATS));
    expect((await vaultAnswer(alteredInside)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(upstream.at(-1)?.authorization).toBeNull();
    browser.jar.set(OWN, value);
    expect((await vaultAnswer(await browser.send(ME(PROMOMATS)))).responseStatus).toBe('SUCCESS');

    // An own seal under the delegated name is refused too.
    browser.jar.set(DELEGATED, value);
    const swapped = await browser.send(ME(PROMOMATS), { session: 'delegated' });
    expect((await vaultAnswer(swapped)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(upstream.at(-1)?.authorization).toBeNull();
    expect(browser.jar.has(DELEGATED)).toBe(false);
  });

  it('refuses a cookie sealed with a secret it does not know', async () => {
    const deployment = await deployBff(adapter);
    await deployment.browser.login();
    const other = await deployment.proxyWith({ secrets: [SECRET_B] });
    other.jar.set(OWN, deployment.browser.jar.get(OWN) ?? '');
    const refused = await other.send(ME(PROMOMATS));
    expect((await vaultAnswer(refused)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(deployment.upstream.at(-1)?.authorization).toBeNull();
    expect(other.jar.has(OWN)).toBe(false);
  });

  it('rotates: a new first secret opens older cookies and seals new ones', async () => {
    const deployment = await deployBff(adapter);
    await deployment.browser.login();
    const rotated = await deployment.proxyWith({ secrets: [SECRET_B, SECRET_A] });
    rotated.jar.set(OWN, deployment.browser.jar.get(OWN) ?? '');
    expect((await vaultAnswer(await rotated.send(ME(PROMOMATS)))).responseStatus).toBe('SUCCESS');

    await rotated.login();
    const fresh = rotated.jar.get(OWN);
    expect(await openCookie(fresh, [SECRET_B])).toMatchObject({ kind: 'own', dns: PROMOMATS });
    expect(await openCookie(fresh, [SECRET_A])).toBeUndefined();
  });

  it('refuses a cookie past its deadline, by the proxy’s clock', async () => {
    // The proxy's clock alone moves: the vault would still take the session.
    let proxyNow = TEST_START_MS;
    const { browser, upstream } = await deployBff(adapter, { now: () => proxyNow });
    await browser.login();
    // Opened (and kept by the proxy) while alive: the deadline is checked on every call.
    proxyNow += HOURS_48 - 1000;
    expect((await vaultAnswer(await browser.send(ME(PROMOMATS)))).responseStatus).toBe('SUCCESS');
    proxyNow += 1000;
    const late = await browser.send(ME(PROMOMATS));
    expect((await vaultAnswer(late)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(upstream.at(-1)?.authorization).toBeNull();
    expect(browser.jar.has(OWN)).toBe(false);
  });

  it('refuses a state-changing call without X-Vault-Kit before it reaches the vault', async () => {
    const { browser, upstream } = await deployBff(adapter);
    await browser.login();
    const calls = upstream.length;
    for (const [path, method] of [
      [KEEP_ALIVE, 'POST'],
      [`/vault/${PROMOMATS}/api/v26.1/session`, 'DELETE'],
      [`/vault/${PROMOMATS}/api/v26.1/auth`, 'POST'],
      ['/vault-session', 'DELETE'],
    ] as const) {
      const refused = await browser.send(path, { method, kit: false });
      expect(refused.status).toBe(403);
      const body = await vaultAnswer(refused);
      expect(body.errors?.[0]).toMatchObject({
        type: 'PROXY_CSRF_HEADER_MISSING',
        message: expect.stringContaining('X-Vault-Kit: 1'),
      });
    }
    expect(upstream.length).toBe(calls);
    expect(browser.jar.has(OWN)).toBe(true);
    // Reading needs no header.
    expect(
      (await vaultAnswer(await browser.send(ME(PROMOMATS), { kit: false }))).responseStatus,
    ).toBe('SUCCESS');
  });

  it('lets a caller that brings its own Authorization through untouched (token mode)', async () => {
    const { browser, upstream } = await deployBff(adapter);
    await browser.login();
    const sid = (await openCookie(browser.jar.get(OWN)))?.sid ?? '';
    browser.jar.clear();
    const kept = await browser.send(KEEP_ALIVE, {
      method: 'POST',
      kit: false,
      headers: { Authorization: sid },
    });
    expect((await vaultAnswer(kept)).responseStatus).toBe('SUCCESS');
    expect(upstream.at(-1)?.authorization).toBe(sid);
  });

  it('keeps no session and says so when a login answer names no vault it can place', async () => {
    const sid = `${'S'.repeat(40)}0A1B2C3D`;
    const proxy = await adapter.start({
      loginHost: 'login.sunrise.example',
      allowHosts: ['*.sunrise.example'],
      allowedOrigins: [APP_ORIGIN],
      session: { secrets: [SECRET_A] },
      warn: () => undefined,
      // A success that names no vault: no vaultIds, so nothing tells where the session lives.
      fetch: async () =>
        Response.json({ responseStatus: 'SUCCESS', sessionId: sid, userId: 1, vaultId: 9 }),
    });
    const browser = createBrowser(proxy);
    const response = await browser.send('/auth/oauth/session/harbor-oidc', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer opaque-token',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'vaultDNS=',
    });
    const text = await response.text();
    expect(text).not.toContain(sid);
    expect(JSON.parse(text)).toMatchObject({
      responseStatus: 'FAILURE',
      errors: [{ type: 'PROXY_SESSION_VAULT_UNKNOWN' }],
    });
    expect(browser.jar.has(OWN)).toBe(false);
  });

  it('seals an OAuth login into the cookie of the vault the answer names', async () => {
    const token = HARBOR_TOKEN;
    const { browser, upstream } = await deployBff(adapter, {}, { oidc: HARBOR_OIDC });
    const login = await browser.send('/auth/oauth/session/harbor-oidc', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    const answer = await vaultAnswer(login);
    const sealed = await openCookie(browser.jar.get(OWN));
    expect(sealed).toMatchObject({ kind: 'own', dns: HARBOR, userId: 61006, vaultId: 2001 });
    expect(answer).not.toHaveProperty('sessionId');
    expect(answer).toMatchObject({ responseStatus: 'SUCCESS', sessionTag: sealed?.tag });
    const me = await browser.send(ME(HARBOR));
    expect(await vaultAnswer(me)).toMatchObject({ users: [{ user: { id: 61006 } }] });
    expect(upstream.at(-1)).toMatchObject({ host: HARBOR, authorization: sealed?.sid });
  });

  it('answers who-am-I from the cookies, and on DELETE ends the session at its vault and forgets it', async () => {
    const { browser, upstream } = await deployBff(adapter);
    const before = await browser.send('/vault-session');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await before.json()).toEqual({ own: null, delegated: null });

    await browser.login();
    const sealed = await openCookie(browser.jar.get(OWN));
    const calls = upstream.length;
    const now = await browser.send('/vault-session');
    const text = await now.text();
    expect(JSON.parse(text)).toEqual({
      own: {
        sessionTag: sealed?.tag,
        vaultDns: PROMOMATS,
        userId: 61001,
        vaultId: 1001,
        createdAt: TEST_START_MS,
        deadline: TEST_START_MS + HOURS_48,
        // The login answer's vaults, so that a page learning of the session here names them.
        vaultIds: [
          { id: 1001, name: 'Sunrise PromoMats', url: 'https://promomats.sunrise.example/api' },
          { id: 1002, name: 'Sunrise QualityDocs', url: 'https://quality.sunrise.example/api' },
        ],
      },
      delegated: null,
    });
    expect(text).not.toContain(sealed?.sid ?? '-');

    const forgotten = await browser.send('/vault-session', { method: 'DELETE' });
    expect(await forgotten.json()).toEqual({ own: null, delegated: null });
    expect(browser.jar.size).toBe(0);
    // Who-am-I is the proxy's own; forgetting ends the held session where it lives.
    await vi.waitFor(() =>
      expect(upstream.slice(calls)).toEqual([
        { host: PROMOMATS, path: '/api/v26.1/session', authorization: sealed?.sid },
      ]),
    );
  });

  it('logs its own route as session, and never a session ID or a cookie', async () => {
    const { browser, events } = await deployBff(adapter);
    await browser.login();
    const cookie = browser.jar.get(OWN) ?? '';
    const sid = (await openCookie(cookie))?.sid ?? '';
    await (await browser.send(ME(PROMOMATS))).body?.cancel();
    await (await browser.send('/vault-session')).body?.cancel();
    await (await browser.send(KEEP_ALIVE, { method: 'POST', kit: false })).body?.cancel();
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(
      events.map((event) => `${event.method} ${event.route} ${event.error ?? event.status}`),
    ).toEqual([
      'POST vault 200',
      'GET vault 200',
      'GET session 200',
      'POST vault PROXY_CSRF_HEADER_MISSING',
    ]);
    const logged = JSON.stringify(events);
    expect(logged).not.toContain(sid);
    expect(logged).not.toContain(cookie);
  });
});

describe("who-am-I and the user's vaults", () => {
  const adapter = PROXY_ADAPTERS[0] as (typeof PROXY_ADAPTERS)[number];

  it('names none of them when they would not fit a cookie beside the session, only the session itself', async () => {
    // olivia in 40 vaults with long names: the proxy keeps no part of such a list.
    const many = Array.from({ length: 40 }, (_, index) => ({
      id: 5000 + index,
      name: `Sunrise regional vault number ${index} for the documents of a long-named division`,
      dns: `region${index}.sunrise.example`,
    }));
    const data = {
      ...demoDirectory,
      vaults: [...demoDirectory.vaults, ...many],
      users: demoDirectory.users.map((user) =>
        user.username === 'olivia@sunrise.example'
          ? { ...user, vaultIds: [...user.vaultIds, ...many.map((vault) => vault.id)] }
          : user,
      ),
    };
    const { browser } = await deployBff(adapter, {}, { data });
    const answer = await browser.login();
    expect((answer.vaultIds as unknown[]).length).toBe(42);
    const { own } = (await (await browser.send('/vault-session')).json()) as {
      own: Record<string, unknown>;
    };
    expect(own).toMatchObject({ vaultDns: PROMOMATS, vaultId: 1001 });
    expect(own).not.toHaveProperty('vaultIds');
    // Sealed, the session still fits one cookie.
    expect((browser.jar.get(OWN) ?? '').length).toBeLessThan(4_000);
  });
});
