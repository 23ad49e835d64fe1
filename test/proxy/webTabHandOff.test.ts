// The proxy's web-tab hand-off (`POST /vault-session/web-tab`), through each way it is
// served, in front of the emulator over loopback: a session the vault handed the page is
// checked with that vault, sealed into a partitioned cookie and never shown again; the
// app's sign-out leaves it alive at the vault unless the user asks to end it there too; a refused, foreign or forged call seals nothing.
import { describe, expect, it, vi } from 'vitest';
import { DEMO, TEST_START_MS } from '../emulator/startEmulator';
import {
  type BffDeployment,
  DELEGATED,
  deployBff,
  OWN,
  openCookie,
  PROMOMATS,
  QUALITY,
  vaultAnswer,
} from './bffDeployment';
import { PROXY_ADAPTERS } from './proxyAdapters';

const FORM = 'application/x-www-form-urlencoded';
const HAND_OFF = '/vault-session/web-tab';
const LENT = 'HttpOnly; Secure; SameSite=None; Partitioned; Path=/';
const ME = `/vault/${PROMOMATS}/api/v26.1/objects/users/me`;

/** Olivia's session at a vault, as the vault window holds it (issued past the proxy). */
async function vaultSession(deployment: BffDeployment, dns = PROMOMATS): Promise<string> {
  const login = await deployment.emulator.fetch(
    new Request(`https://${dns}/api/v26.1/auth`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: new URLSearchParams({ username: DEMO.olivia[0], password: DEMO.olivia[1] }),
    }),
  );
  return ((await login.json()) as { sessionId: string }).sessionId;
}

function handOff(sessionId: string, dns = PROMOMATS): string {
  return new URLSearchParams({ session_id: sessionId, vault_dns: dns }).toString();
}

/** A deployment whose browser holds olivia's session as a vault's web tab lent it. */
async function lentDeployment(
  adapter: (typeof PROXY_ADAPTERS)[number],
): Promise<BffDeployment & { sid: string }> {
  const deployment = await deployBff(adapter);
  const sid = await vaultSession(deployment);
  await deployment.browser.send(HAND_OFF, {
    method: 'POST',
    headers: { 'Content-Type': FORM },
    body: handOff(sid),
  });
  return { ...deployment, sid };
}

describe.each(PROXY_ADAPTERS)('$name: the web-tab hand-off', (adapter) => {
  it('checks the session with its vault and seals it into a partitioned cookie', async () => {
    const deployment = await deployBff(adapter);
    const { browser, emulator } = deployment;
    const sid = await vaultSession(deployment);
    const response = await browser.send(HAND_OFF, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: handOff(sid),
    });
    const text = await response.text();
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    expect(`${text}\n${headers}`).not.toContain(sid);
    const sealed = await openCookie(browser.jar.get(OWN));
    expect(sealed).toMatchObject({ sid, dns: PROMOMATS, userId: 61001, vaultId: 1001, lent: true });
    expect(JSON.parse(text)).toMatchObject({
      responseStatus: 'SUCCESS',
      userId: 61001,
      vaultId: 1001,
      username: DEMO.olivia[0],
      sessionTag: sealed?.tag,
      sessionDeadline: TEST_START_MS + 48 * 3_600_000,
    });
    expect(response.headers.getSetCookie().find((line) => line.startsWith(`${OWN}=v1.`))).toMatch(
      new RegExp(`; ${LENT}; Max-Age=172800$`),
    );
    // From then on the cookie authorises calls as any sealed session does.
    const me = await browser.send(ME);
    expect((await vaultAnswer(me)).responseStatus).toBe('SUCCESS');
    expect(emulator.sessions()).toHaveLength(1);
  });

  it.each([
    ['forget-me', '/vault-session'],
    ["the service's end of the session", `/vault/${PROMOMATS}/api/v26.1/session`],
  ])(
    "signing out of the app by %s leaves the vault's session alive, and clears the partitioned cookie",
    async (_name, path) => {
      const deployment = await lentDeployment(adapter);
      const { browser, emulator, sid } = deployment;
      const signOut = await browser.send(path, { method: 'DELETE' });
      expect(signOut.headers.getSetCookie()).toContain(`${OWN}=; ${LENT}; Max-Age=0`);
      expect(browser.jar.has(OWN)).toBe(false);
      // The call took the session's ID to the vault nowhere: nothing could end it there.
      expect(
        deployment.upstream.filter(
          (call) => call.authorization === sid && call.path.endsWith('/session'),
        ),
      ).toEqual([]);
      expect(emulator.sessions()).toHaveLength(1);
    },
  );

  it.each([
    ['forget-me', '/vault-session'],
    ["the service's end of the session", `/vault/${PROMOMATS}/api/v26.1/session`],
  ])(
    'signing out of the vault too by %s, as the user asked, ends the lent session there',
    async (_name, path) => {
      const { browser, emulator } = await lentDeployment(adapter);
      const signOut = await browser.send(path, {
        method: 'DELETE',
        headers: { 'X-Vault-End-Lent': '1' },
      });
      expect(signOut.headers.getSetCookie()).toContain(`${OWN}=; ${LENT}; Max-Age=0`);
      expect(browser.jar.has(OWN)).toBe(false);
      await vi.waitFor(() => expect(emulator.sessions()).toEqual([]), {
        timeout: 3_000,
        interval: 10,
      });
    },
  );

  it('keeps a sign-in made from the app in a frame in a partitioned cookie, and ends it on sign-out', async () => {
    const { browser, emulator } = await deployBff(adapter);
    // A vault's web tab frames the app on another site: no SameSite=Strict cookie is kept.
    const framed = { 'Content-Type': FORM, 'X-Vault-Framed': '1' };
    const login = await browser.send(`/vault/${PROMOMATS}/api/v26.1/auth`, {
      method: 'POST',
      headers: framed,
      body: new URLSearchParams({ username: DEMO.olivia[0], password: DEMO.olivia[1] }),
    });
    expect(login.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^${OWN}=v1\\.[A-Za-z0-9_-]+; ${LENT}; Max-Age=172800$`)),
      // Its landed copy, for the next call to settle against a login made at the same time.
      expect.stringMatching(
        new RegExp(
          `^__Host-vault-landed-[A-Za-z0-9_-]+=v1\\.[A-Za-z0-9_-]+; ${LENT}; Max-Age=172800$`,
        ),
      ),
      `${DELEGATED}=; ${LENT}; Max-Age=0`,
    ]);
    // The proxy opened it: it is the app's, not lent, and it ends with the app's sign-out.
    const sealed = await openCookie(browser.jar.get(OWN));
    expect(sealed).toMatchObject({ partitioned: true });
    expect(sealed?.lent).toBeUndefined();
    const signOut = await browser.send('/vault-session', { method: 'DELETE', headers: framed });
    expect(signOut.headers.getSetCookie()).toContain(`${OWN}=; ${LENT}; Max-Age=0`);
    await vi.waitFor(() => expect(emulator.sessions()).toEqual([]), {
      timeout: 3_000,
      interval: 10,
    });
  });

  it('ends a sign-in made in the frame when the vault hands over its session, its landed copy with it', async () => {
    const deployment = await deployBff(adapter);
    const { browser, emulator } = deployment;
    const login = await browser.send(`/vault/${PROMOMATS}/api/v26.1/auth`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, 'X-Vault-Framed': '1' },
      body: new URLSearchParams({ username: DEMO.olivia[0], password: DEMO.olivia[1] }),
    });
    expect((await vaultAnswer(login)).responseStatus).toBe('SUCCESS');
    const [copy] = browser.landed();
    const sid = await vaultSession(deployment);
    const handedOver = await browser.send(HAND_OFF, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: handOff(sid),
    });
    expect(handedOver.headers.getSetCookie()).toContain(`${copy}=; ${LENT}; Max-Age=0`);
    expect(browser.landed()).toEqual([]);
    expect(await openCookie(browser.jar.get(OWN))).toMatchObject({ sid, lent: true });
    // The vault's own session lives on; the one the app opened is over.
    await vi.waitFor(() => expect(emulator.sessions()).toHaveLength(1), {
      timeout: 3_000,
      interval: 10,
    });
    expect((await vaultAnswer(await browser.send(ME))).responseStatus).toBe('SUCCESS');
  });

  it("keeps a delegated session started in a lent session's frame in a partitioned cookie", async () => {
    const { browser, emulator } = await lentDeployment(adapter);
    const started = await browser.send(`/vault/${PROMOMATS}/api/v26.1/delegation/login`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, 'X-Vault-Framed': '1' },
      body: 'vault_id=1002&delegator_userid=61002',
    });
    expect((await vaultAnswer(started)).responseStatus).toBe('SUCCESS');
    expect(
      started.headers.getSetCookie().find((line) => line.startsWith(`${DELEGATED}=v1.`)),
    ).toMatch(new RegExp(`; ${LENT}; Max-Age=\\d+$`));
    expect(await openCookie(browser.jar.get(DELEGATED))).toMatchObject({ partitioned: true });
    expect(emulator.sessions()).toHaveLength(2);
    // Signing out of the app ends the delegated session it opened, and leaves the lent one.
    const signOut = await browser.send('/vault-session', { method: 'DELETE' });
    expect(signOut.headers.getSetCookie()).toContain(`${DELEGATED}=; ${LENT}; Max-Age=0`);
    await vi.waitFor(() => expect(emulator.sessions()).toHaveLength(1), {
      timeout: 3_000,
      interval: 10,
    });
  });

  it('ends a lent session the user asked to end even when the vault fails the sign-out once', async () => {
    const deployment = await lentDeployment(adapter);
    const { browser, emulator, sid } = deployment;
    deployment.failNext('DELETE', '/session');
    const signOut = await browser.send(`/vault/${PROMOMATS}/api/v26.1/session`, {
      method: 'DELETE',
      headers: { 'X-Vault-End-Lent': '1' },
    });
    expect(signOut.status).toBe(503);
    expect(browser.jar.has(OWN)).toBe(false);
    // The proxy tries again in the background, with the ID it still held.
    await vi.waitFor(() => expect(emulator.sessions()).toEqual([]), {
      timeout: 3_000,
      interval: 10,
    });
    expect(
      deployment.upstream.filter(
        (call) => call.authorization === sid && call.path.endsWith('/session'),
      ),
    ).toHaveLength(2);
  });

  it('a cross-site request cannot end a lent session, header or not', async () => {
    const { browser, emulator } = await lentDeployment(adapter);
    // Without the kit's CSRF header (what a cross-site form or fetch can send at most).
    const forged = await browser.send('/vault-session', {
      method: 'DELETE',
      headers: { 'X-Vault-End-Lent': '1' },
      kit: false,
    });
    expect(forged.status).toBe(403);
    expect(browser.jar.has(OWN)).toBe(true);
    expect(emulator.sessions()).toHaveLength(1);
  });

  it('clears a partitioned cookie that no longer opens with the attributes that reach it', async () => {
    const { browser } = await lentDeployment(adapter);
    // Tampered on the way (or sealed under a secret since rotated out): it cannot be opened.
    const sealed = browser.jar.get(OWN) ?? '';
    browser.jar.set(OWN, `${sealed.slice(0, -4)}${sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
    const me = await browser.send(ME);
    // A browser removes a partitioned cookie only by a clear with the same attributes.
    expect(me.headers.getSetCookie()).toContain(`${OWN}=; ${LENT}; Max-Age=0`);
    expect(browser.jar.has(OWN)).toBe(false);
  });

  it('seals nothing for a session the vault refuses', async () => {
    const { browser } = await deployBff(adapter);
    const response = await browser.send(HAND_OFF, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: handOff('A1B2C3D4E5F60718293A4B5C6D7E8F90'),
    });
    expect(await vaultAnswer(response)).toMatchObject({
      responseStatus: 'FAILURE',
      errors: [{ type: 'INVALID_SESSION_ID' }],
    });
    expect(response.headers.getSetCookie().some((line) => line.includes('v1.'))).toBe(false);
  });

  it('a session from another vault is checked where it says it lives, and refused there', async () => {
    const deployment = await deployBff(adapter);
    const sid = await vaultSession(deployment, PROMOMATS);
    const response = await deployment.browser.send(HAND_OFF, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: handOff(sid, QUALITY),
    });
    expect((await vaultAnswer(response)).errors?.[0]?.type).toBe('INVALID_SESSION_ID');
    expect(deployment.browser.jar.has(OWN)).toBe(false);
  });

  it.each([
    ['without X-Vault-Kit', { kit: false }, {}, 403],
    ['from another origin', {}, { Origin: 'https://evil.example' }, 403],
    ['without an Origin', {}, { Origin: '' }, 403],
  ] as const)('refuses a hand-off %s', async (_name, options, headers, status) => {
    const deployment = await deployBff(adapter);
    const sid = await vaultSession(deployment);
    const response = await deployment.browser.send(HAND_OFF, {
      method: 'POST',
      ...options,
      headers: { 'Content-Type': FORM, ...headers },
      body: handOff(sid),
    });
    expect(response.status).toBe(status);
    expect(deployment.browser.jar.has(OWN)).toBe(false);
    expect(await response.text()).not.toContain(sid);
  });

  it('refuses a vault off the allow list and any method but POST', async () => {
    const deployment = await deployBff(adapter);
    const sid = await vaultSession(deployment);
    const elsewhere = await deployment.browser.send(HAND_OFF, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: handOff(sid, 'vault.elsewhere.example'),
    });
    expect(elsewhere.status).toBe(400);
    const get = await deployment.browser.send(HAND_OFF);
    expect(get.status).toBe(405);
    expect(deployment.upstream.some((call) => call.authorization === sid)).toBe(false);
  });
});
