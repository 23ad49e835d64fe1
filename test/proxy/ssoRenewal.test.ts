// The 48-hour cap for a single sign-on user in BFF mode, against the real development OpenID
// Provider: the refresh token the provider grants stays sealed in the proxy's renewal cookie,
// and the renewal route opens a new vault session with it, without a form, while the
// provider allows it. The cap is crossed with the emulator's clock, which the proxy's
// deadlines follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/emulator/createManualClock';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import { createSsoAppBrowser } from './createSsoAppBrowser';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const HOUR = 3_600_000;
const TOKEN_FIELDS = /access_token|id_token|refresh_token|"sessionId"|eyJ[A-Za-z0-9_-]{10,}/;
const RENEW_COOKIE = '__Secure-vault-sso-renew';

const clock = createManualClock(Date.UTC(2026, 0, 5, 9));
let served: ServedDevStack;

beforeAll(async () => {
  served = await serveDevStack({
    session: { secrets: [SECRET] },
    emulator: { clock, passwordHashIterations: 1_000, authBurstLimit: 1_000 },
  });
});

afterAll(async () => {
  await served.close();
});

/** The app's origin as a browser sees it: a cookie jar, and every byte a page could read. */
function appBrowser() {
  const readable: string[] = [];
  const browser = createSsoAppBrowser(served.url, served.url, (answer) =>
    readable.push(JSON.stringify([answer.status, answer.visibleHeaders, answer.body])),
  );
  const { call } = browser;
  return {
    jar: browser.jar,
    readable,
    call,
    /** Signs sam in; resolves with the answer to the returning page's first look. */
    async signInWithSso() {
      await browser.returnFromProvider(await browser.signInSamAtProvider());
      return call('/vault-session');
    },
    async whoAmI() {
      return JSON.parse((await call('/vault-session')).body).own;
    },
    async renew() {
      return call('/vault-session/sso/renew', { method: 'POST' });
    },
  };
}

const alive = (tag: string, browser: ReturnType<typeof appBrowser>) =>
  browser.whoAmI().then((own) => own?.sessionTag === tag);

describe('single sign-on renewal at the 48-hour cap (BFF mode)', () => {
  it('gives an active sso user a new session without a form, the old one ended at its vault', async () => {
    const browser = appBrowser();
    const look = await browser.signInWithSso();
    const renewCookie = look.cookies.get(RENEW_COOKIE) ?? '';
    expect(renewCookie).toMatch(
      /^__Secure-vault-sso-renew=v1\.[A-Za-z0-9_-]+; HttpOnly; Secure; SameSite=Strict; Path=\/vault-session; Max-Age=172800$/,
    );
    const first = await browser.whoAmI();
    expect(first).toMatchObject({ vaultId: 2001, renewal: 'sso' });
    const before = served.stack.emulator.sessions().filter((s) => s.userId === first.userId);

    clock.advance(48 * HOUR - 4 * 60_000);
    const renewed = await browser.renew();
    const answer = JSON.parse(renewed.body);
    expect(answer).toMatchObject({
      responseStatus: 'SUCCESS',
      vaultId: 2001,
      sessionRenewal: 'sso',
      sessionDeadline: clock.now() + 48 * HOUR,
    });
    expect(answer.sessionTag).not.toBe(first.sessionTag);
    expect(await browser.whoAmI()).toMatchObject({ sessionTag: answer.sessionTag, renewal: 'sso' });
    // The old vault session is ended at its vault, not left to run out.
    await expect
      .poll(() => served.stack.emulator.sessions().filter((s) => s.userId === first.userId).length)
      .toBe(before.length);

    // Past the first session's cap the new one still works, at the vault too.
    clock.advance(10 * 60_000);
    expect(await alive(answer.sessionTag, browser)).toBe(true);
    const call = await browser.call('/vault/clinical.harbor.example/api/v26.1/objects/documents');
    expect(call.status).not.toBe(401);
    expect(JSON.parse(call.body).responseStatus).toBe('SUCCESS');

    // And it can be renewed again at its own cap: the provider rotates the refresh token.
    clock.advance(48 * HOUR - 20 * 60_000);
    expect(JSON.parse((await browser.renew()).body).responseStatus).toBe('SUCCESS');
    for (const bytes of browser.readable) expect(bytes).not.toMatch(TOKEN_FIELDS);
  });

  it('falls back to the cap when the user withdrew consent at the provider', async () => {
    const browser = appBrowser();
    await browser.signInWithSso();
    const { sessionTag } = await browser.whoAmI();
    expect(await served.stack.oidc?.withdrawConsent('sam')).toBeGreaterThan(0);
    clock.advance(48 * HOUR - 4 * 60_000);
    const refused = await browser.renew();
    expect(JSON.parse(refused.body)).toMatchObject({
      responseStatus: 'FAILURE',
      errors: [{ type: 'SSO_RENEWAL_REFUSED' }],
    });
    expect(browser.jar.has(RENEW_COOKIE)).toBe(false);
    // The session runs on to its cap, then ends: the form is next.
    const own = await browser.whoAmI();
    expect(own).toMatchObject({ sessionTag });
    expect(own.renewal).toBeUndefined();
    clock.advance(5 * 60_000);
    expect(await browser.whoAmI()).toBeNull();
  });

  it('gives a password user no renewal: the form at the cap', async () => {
    const browser = appBrowser();
    const login = await browser.call('/vault/promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    });
    expect(JSON.parse(login.body).responseStatus).toBe('SUCCESS');
    expect((await browser.whoAmI()).renewal).toBeUndefined();
    const refused = await browser.renew();
    expect(JSON.parse(refused.body).errors[0].type).toBe('SSO_RENEWAL_REFUSED');
  });

  it('renews only the session the refresh token came with', async () => {
    const browser = appBrowser();
    await browser.signInWithSso();
    const kept = browser.jar.get(RENEW_COOKIE) as string;
    // Another user signs in with a password in the same browser: the renewal cookie is no
    // key to their session, nor to a session of sam's it did not come with.
    await browser.call('/vault/promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    });
    browser.jar.set(RENEW_COOKIE, kept);
    const refused = await browser.renew();
    expect(JSON.parse(refused.body).errors[0].type).toBe('SSO_RENEWAL_REFUSED');
    expect(browser.jar.has(RENEW_COOKIE)).toBe(false);
  });

  it('refuses a renewal without the kit header', async () => {
    const browser = appBrowser();
    await browser.signInWithSso();
    const response = await fetch(`${served.url}/vault-session/sso/renew`, {
      method: 'POST',
      headers: {
        origin: served.url,
        cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(response.status).toBe(403);
  });
});
