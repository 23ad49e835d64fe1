// Single sign-on through the proxy in BFF mode, against the real development OpenID Provider
// of the dev stack: the proxy builds the authorization request, receives the provider's
// answer, exchanges the code and seals the vault session, and no answer the page could read
// carries a token. Both listeners: the fetch-style handler (the dev stack's own) and the
// Node adapter in front of the same stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderBrowser } from '../oidc/support/createProviderBrowser';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import { createSsoAppBrowser, type SsoAppAnswer } from './createSsoAppBrowser';
import { startSsoNodeListener } from './startSsoNodeListener';

const SAM = 'sam@harbor.example';
const IDP_SAM = { username: 'sam', password: 'Harbor-Demo-1' };
const SECRET = 'a-test-secret-of-at-least-32-characters!';
const TOKEN_FIELDS = /access_token|id_token|refresh_token|"sessionId"|eyJ[A-Za-z0-9_-]{10,}/;
// One cookie per pending sign-in, named after a hash of its state.
const FLOW_COOKIE = /^__Host-vault-sso-[A-Za-z0-9_-]{22}$/;
const flowCookies = (names: Iterable<string>) =>
  [...names].filter((name) => FLOW_COOKIE.test(name));
// A session a return sealed, until the page's next call makes it the browser's own.
const landedCookies = (names: Iterable<string>) =>
  [...names].filter((name) => name.startsWith('__Host-vault-landed-'));
const SAM_ID = 61006;

let served: ServedDevStack;
let node: Awaited<ReturnType<typeof startSsoNodeListener>>;

beforeAll(async () => {
  served = await serveDevStack({
    session: { secrets: [SECRET] },
    emulator: { passwordHashIterations: 1_000, authBurstLimit: 1_000 },
  });
  node = await startSsoNodeListener(served, SECRET);
});

afterAll(async () => {
  await node.close();
  await served.close();
});

/** One browser of the app's origin, and every answer it read. */
function appBrowser(proxyUrl: () => string) {
  const seen: SsoAppAnswer[] = [];
  const browser = createSsoAppBrowser(served.url, proxyUrl(), (answer) => seen.push(answer));
  return {
    ...browser,
    seen,
    start(fields: Record<string, string>) {
      return browser.call('/vault-session/sso', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          profile: 'harbor-oidc',
          username: SAM,
          client_id: 'vault-session-kit-demo',
          ...fields,
        }),
      });
    },
  };
}

/** Signs olivia in with her password, in a tab of `browser`; resolves with her user ID. */
async function signInOlivia(browser: ReturnType<typeof appBrowser>): Promise<number> {
  const answer = await browser.call('/vault/promomats.sunrise.example/api/v26.1/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
  });
  return JSON.parse(answer.body).userId;
}

async function whoAmI(browser: ReturnType<typeof appBrowser>) {
  return JSON.parse((await browser.call('/vault-session')).body).own;
}

/** How many of the user's sessions the emulator holds alive. */
function liveSessionsOf(userId: number): number {
  return served.stack.emulator.sessions().filter((session) => session.userId === userId).length;
}

function headerOf(answer: SsoAppAnswer, name: string): string | undefined {
  return answer.visibleHeaders.find(([key]) => key === name)?.[1];
}

/** What the page could read of an answer: status, the headers it may see, the body. */
function pageVisible(answer: SsoAppAnswer): string {
  return JSON.stringify([answer.status, answer.visibleHeaders, answer.body]);
}

describe.each([
  ['the fetch-style handler', () => served.url],
  ['the Node adapter', () => node.url],
])('single sign-on through %s', (_name, proxyUrl) => {
  it('signs sam in with the code exchanged by the proxy, and no token reaches the page', async () => {
    const browser = appBrowser(proxyUrl);
    const started = await browser.start({ returnTo: '/documents?sort=name#top' });
    expect(started.status).toBe(200);
    const { authorizationUrl } = JSON.parse(started.body);
    const authorize = new URL(authorizationUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${served.url}/oidc/auth`);
    const params = authorize.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('client_id')).toBe('vault-session-kit-demo');
    expect(params.get('scope')).toBe('openid');
    expect(params.get('login_hint')).toBe(SAM);
    expect(params.get('redirect_uri')).toBe(`${served.url}/vault-session/sso/callback`);
    const [flowName = ''] = flowCookies(started.cookies.keys());
    const flowCookie = started.cookies.get(flowName) ?? '';
    expect(flowCookie).toMatch(/HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=600$/);
    // The state and the code verifier are sealed: the cookie does not show them.
    expect(flowCookie).not.toContain(params.get('state'));

    const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
    expect(back.pathname).toBe('/vault-session/sso/callback');
    expect(back.searchParams.get('code')).toBeTruthy();
    const done = await browser.returnFromProvider(back.search);
    expect(done.status).toBe(303);
    // The return path, marked (with no secret) so that the page reports the sign-in once.
    expect(done.location).toBe('/documents?sort=name&vault_sso_signed_in=1#top');
    expect(headerOf(done, 'cache-control')).toBe('no-store');
    expect(headerOf(done, 'referrer-policy')).toBe('no-referrer');
    // The return brings none of the browser's sessions: the new one lands beside them.
    expect(done.cookies.has('__Host-vault-session')).toBe(false);
    const [landedName = ''] = landedCookies(done.cookies.keys());
    expect(done.cookies.get(landedName)).toMatch(
      /^__Host-vault-landed-[A-Za-z0-9_-]{22}=v1\.[A-Za-z0-9_-]+; HttpOnly; Secure; SameSite=Strict; Path=\/; Max-Age=172800$/,
    );
    expect(flowCookies(browser.jar.keys())).toEqual([]);

    // The page's first look makes it the browser's own session.
    const me = await browser.call('/vault-session');
    expect(me.cookies.get('__Host-vault-session')).toMatch(
      /^__Host-vault-session=v1\.[A-Za-z0-9_-]+; HttpOnly; Secure; SameSite=Strict; Path=\/; Max-Age=1727\d\d$/,
    );
    // The landed cookie stays beside it for the login window: a login sent meanwhile with
    // the cookies held before could still overwrite the own one.
    expect(landedCookies(browser.jar.keys())).toEqual([landedName]);
    expect(JSON.parse(me.body).own).toMatchObject({
      vaultDns: 'clinical.harbor.example',
      vaultId: 2001,
    });
    for (const answer of browser.seen) expect(pageVisible(answer)).not.toMatch(TOKEN_FIELDS);
    const { userId } = JSON.parse(me.body).own;
    expect(served.stack.emulator.sessions()).toContainEqual(
      expect.objectContaining({ userId, vaultId: 2001 }),
    );
  });

  it('ends the session the browser held when the sign-in started, once the page is back', async () => {
    const browser = appBrowser(proxyUrl);
    const oliviaId = await signInOlivia(browser);
    const before = liveSessionsOf(oliviaId);
    const back = await browser.signInSamAtProvider();
    const done = await browser.returnFromProvider(back);
    expect(done.location).toBe('/?vault_sso_signed_in=1');
    expect(await whoAmI(browser)).toMatchObject({ userId: SAM_ID });
    await expect.poll(() => liveSessionsOf(oliviaId)).toBe(before - 1);
  });

  it('ends a password login made in another tab while the sign-in was at the provider', async () => {
    const browser = appBrowser(proxyUrl);
    const back = await browser.signInSamAtProvider();
    // Another tab of the same browser signs olivia in meanwhile.
    const oliviaId = await signInOlivia(browser);
    const before = liveSessionsOf(oliviaId);
    const samBefore = liveSessionsOf(SAM_ID);
    await browser.returnFromProvider(back);
    // The latest sign-in is the browser's; the one it replaced does not live on at the vault.
    expect(await whoAmI(browser)).toMatchObject({ userId: SAM_ID });
    await expect.poll(() => liveSessionsOf(oliviaId)).toBe(before - 1);
    expect(liveSessionsOf(SAM_ID)).toBe(samBefore + 1);
  });

  it('ends a landed session that a later login overtook before the page looked', async () => {
    const browser = appBrowser(proxyUrl);
    const back = await browser.signInSamAtProvider();
    const samBefore = liveSessionsOf(SAM_ID);
    await browser.returnFromProvider(back);
    expect(liveSessionsOf(SAM_ID)).toBe(samBefore + 1);
    // Another tab signs olivia in before the returning page's first look.
    const oliviaId = await signInOlivia(browser);
    const held = await whoAmI(browser);
    expect(held).toMatchObject({ userId: oliviaId });
    // Sam's landed cookie went with his session; olivia's copy stays for the login window.
    expect(landedCookies(browser.jar.keys())).toEqual([`__Host-vault-landed-${held.sessionTag}`]);
    await expect.poll(() => liveSessionsOf(SAM_ID)).toBe(samBefore);
  });

  it('ends a landed session on sign-out, before the page has looked', async () => {
    const browser = appBrowser(proxyUrl);
    const back = await browser.signInSamAtProvider();
    const samBefore = liveSessionsOf(SAM_ID);
    await browser.returnFromProvider(back);
    await browser.call('/vault-session', { method: 'DELETE' });
    expect([...browser.jar.keys()].filter((name) => name.startsWith('__Host-'))).toEqual([]);
    expect(await whoAmI(browser)).toBeNull();
    await expect.poll(() => liveSessionsOf(SAM_ID)).toBe(samBefore);
  });

  it('refuses a replayed callback without a second exchange or session', async () => {
    const browser = appBrowser(proxyUrl);
    const { authorizationUrl } = JSON.parse((await browser.start({})).body);
    const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
    const [flowName = ''] = flowCookies(browser.jar.keys());
    const stolenFlow = browser.jar.get(flowName) as string;
    expect((await browser.returnFromProvider(back.search)).location).toBe(
      '/?vault_sso_signed_in=1',
    );
    await whoAmI(browser);
    const session = browser.jar.get('__Host-vault-session');
    expect(session).toBeDefined();

    // The same answer again: the sign-in's cookie is gone, so it belongs to no sign-in.
    const again = await browser.returnFromProvider(back.search);
    expect(again.location).toBe('/?vault_sso_error=sso_state_mismatch');
    // With the spent cookie put back, the provider refuses the used code.
    browser.jar.set(flowName, stolenFlow);
    const replayed = await browser.returnFromProvider(back.search);
    expect(replayed.location).toBe('/?vault_sso_error=sso_failed');
    expect(landedCookies(replayed.cookies.keys())).toEqual([]);
    expect(await whoAmI(browser)).not.toBeNull();
    expect(browser.jar.get('__Host-vault-session')).toBe(session);
  });

  it("refuses an answer whose state is not the sign-in's", async () => {
    const browser = appBrowser(proxyUrl);
    const { authorizationUrl } = JSON.parse((await browser.start({ returnTo: '/here' })).body);
    const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
    back.searchParams.set('state', 'another-sign-in-state');
    const done = await browser.returnFromProvider(back.search);
    expect(done.location).toBe('/here?vault_sso_error=sso_state_mismatch');
    expect(landedCookies(done.cookies.keys())).toEqual([]);
  });

  it('brings a cancel and a refusal of the provider back to the return path', async () => {
    const browser = appBrowser(proxyUrl);
    const { authorizationUrl } = JSON.parse((await browser.start({ returnTo: '/a?b=c' })).body);
    const back = await createProviderBrowser().cancel(authorizationUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const cancelled = await browser.returnFromProvider(back.search);
    expect(cancelled.location).toBe('/a?b=c&vault_sso_error=sso_cancelled');

    const second = appBrowser(proxyUrl);
    const { authorizationUrl: next } = JSON.parse((await second.start({})).body);
    const state = new URL(next).searchParams.get('state') as string;
    const refused = await second.returnFromProvider(
      `?${new URLSearchParams({ error: 'login_required', state })}`,
    );
    expect(refused.location).toBe('/?vault_sso_error=sso_failed');
    expect(landedCookies(refused.cookies.keys())).toEqual([]);
  });

  it('never sends the browser to a path off the origin', async () => {
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
    ]) {
      const browser = appBrowser(proxyUrl);
      const { authorizationUrl } = JSON.parse((await browser.start({ returnTo })).body);
      const state = new URL(authorizationUrl).searchParams.get('state') as string;
      const back = await browser.returnFromProvider(
        `?${new URLSearchParams({ error: 'access_denied', state })}`,
      );
      expect(back.location).toBe('/?vault_sso_error=sso_cancelled');
    }
  });

  it('refuses a start from no origin or with a malformed form', async () => {
    const browser = appBrowser(proxyUrl);
    const noOrigin = await fetch(`${proxyUrl()}/vault-session/sso`, {
      method: 'POST',
      headers: { 'x-vault-kit': '1', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ profile: 'harbor-oidc', username: SAM }),
    }).then(async (answer) => ({ status: answer.status, body: await answer.text() }));
    expect(noOrigin.status).toBe(403);
    expect(JSON.parse(noOrigin.body).errors[0].type).toBe('PROXY_ORIGIN_REFUSED');
    const badScope = await browser.start({ scope: 'openid "quoted"' });
    expect(JSON.parse(badScope.body).errors[0].type).toBe('PROXY_SSO_FAILED');
    const password = await browser.start({ username: 'olivia@sunrise.example' });
    expect(JSON.parse(password.body).errors[0].type).toBe('PROXY_SSO_FAILED');
    expect(browser.jar.size).toBe(0);
  });
});
