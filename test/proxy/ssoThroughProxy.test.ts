// Single sign-on through the proxy in BFF mode, against the real development OpenID Provider
// of the dev stack: the proxy builds the authorization request, receives the provider's
// answer, exchanges the code and seals the vault session, and no answer the page could read
// carries a token. Both listeners: the fetch-style handler (the dev stack's own) and the
// Node adapter in front of the same stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderBrowser } from '../oidc/support/createProviderBrowser';
import { type ServedDevStack, serveDevStack } from '../support/serveDevStack';
import { startSsoNodeListener } from './startSsoNodeListener';

const SAM = 'sam@harbor.example';
const IDP_SAM = { username: 'sam', password: 'Harbor-Demo-1' };
const SECRET = 'a-test-secret-of-at-least-32-characters!';
const TOKEN_FIELDS = /access_token|id_token|refresh_token|"sessionId"|eyJ[A-Za-z0-9_-]{10,}/;
// One cookie per pending sign-in, named after a hash of its state.
const FLOW_COOKIE = /^__Host-vault-sso-[A-Za-z0-9_-]{22}$/;
const flowCookies = (names: Iterable<string>) =>
  [...names].filter((name) => FLOW_COOKIE.test(name));

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  readonly cookies: Map<string, string>;
}

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

/** A browser's cookie jar for the app's origin, and every answer it read. */
function appBrowser(proxyUrl: () => string) {
  const jar = new Map<string, string>();
  const seen: Answer[] = [];
  return {
    jar,
    seen,
    async call(path: string, init: RequestInit = {}): Promise<Answer> {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(`${proxyUrl()}${path}`, {
        ...init,
        headers,
        redirect: 'manual',
      });
      const cookies = new Map<string, string>();
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq);
        const value = pair.slice(eq + 1);
        cookies.set(name, line);
        if (value === '' || /Max-Age=0/.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      const answer = {
        status: response.status,
        headers: response.headers,
        body: await response.text(),
        cookies,
      };
      seen.push(answer);
      return answer;
    },
    start(fields: Record<string, string>) {
      return this.call('/vault-session/sso', {
        method: 'POST',
        headers: {
          origin: served.url,
          'x-vault-kit': '1',
          'content-type': 'application/x-www-form-urlencoded',
        },
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

/** What the page could read of an answer: status, the headers it may see, the body. */
function pageVisible(answer: Answer): string {
  const headers = [...answer.headers].filter(([name]) => name !== 'set-cookie');
  return JSON.stringify([answer.status, headers, answer.body]);
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
    const done = await browser.call(`/vault-session/sso/callback${back.search}`);
    expect(done.status).toBe(303);
    // The return path, marked (with no secret) so that the page reports the sign-in once.
    expect(done.headers.get('location')).toBe('/documents?sort=name&vault_sso_signed_in=1#top');
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect(done.headers.get('referrer-policy')).toBe('no-referrer');
    expect(done.cookies.get('__Host-vault-session')).toMatch(
      /^__Host-vault-session=v1\.[A-Za-z0-9_-]+; HttpOnly; Secure; SameSite=Strict; Path=\/; Max-Age=172800$/,
    );
    expect(flowCookies(browser.jar.keys())).toEqual([]);

    const me = await browser.call('/vault-session', { headers: { 'x-vault-kit': '1' } });
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

  it('ends the session a sign-in replaces, although the return brings no strict cookie', async () => {
    const browser = appBrowser(proxyUrl);
    const olivia = await browser.call('/vault/promomats.sunrise.example/api/v26.1/auth', {
      method: 'POST',
      headers: {
        origin: served.url,
        'x-vault-kit': '1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' }),
    });
    const { userId: oliviaId } = JSON.parse(olivia.body);
    const alive = () =>
      served.stack.emulator.sessions().filter((session) => session.userId === oliviaId).length;
    const before = alive();
    expect(before).toBeGreaterThan(0);
    const { authorizationUrl } = JSON.parse((await browser.start({})).body);
    const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
    // The provider's return is a cross-site navigation: SameSite=Strict cookies stay home.
    browser.jar.delete('__Host-vault-session');
    const done = await browser.call(`/vault-session/sso/callback${back.search}`);
    expect(done.headers.get('location')).toBe('/?vault_sso_signed_in=1');
    await expect.poll(alive).toBe(before - 1);
  });

  it('refuses a replayed callback without a second exchange or session', async () => {
    const browser = appBrowser(proxyUrl);
    const { authorizationUrl } = JSON.parse((await browser.start({})).body);
    const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
    const [flowName = ''] = flowCookies(browser.jar.keys());
    const stolenFlow = browser.jar.get(flowName) as string;
    expect(
      (await browser.call(`/vault-session/sso/callback${back.search}`)).headers.get('location'),
    ).toBe('/?vault_sso_signed_in=1');
    const session = browser.jar.get('__Host-vault-session');

    // The same answer again: the sign-in's cookie is gone, so it belongs to no sign-in.
    const again = await browser.call(`/vault-session/sso/callback${back.search}`);
    expect(again.headers.get('location')).toBe('/?vault_sso_error=sso_state_mismatch');
    // With the spent cookie put back, the provider refuses the used code.
    browser.jar.set(flowName, stolenFlow);
    const replayed = await browser.call(`/vault-session/sso/callback${back.search}`);
    expect(replayed.headers.get('location')).toBe('/?vault_sso_error=sso_failed');
    expect(replayed.cookies.has('__Host-vault-session')).toBe(false);
    expect(browser.jar.get('__Host-vault-session')).toBe(session);
  });

  it("refuses an answer whose state is not the sign-in's", async () => {
    const browser = appBrowser(proxyUrl);
    const { authorizationUrl } = JSON.parse((await browser.start({ returnTo: '/here' })).body);
    const back = await createProviderBrowser().signIn(authorizationUrl, IDP_SAM);
    back.searchParams.set('state', 'another-sign-in-state');
    const done = await browser.call(`/vault-session/sso/callback${back.search}`);
    expect(done.headers.get('location')).toBe('/here?vault_sso_error=sso_state_mismatch');
    expect(done.cookies.has('__Host-vault-session')).toBe(false);
  });

  it('brings a cancel and a refusal of the provider back to the return path', async () => {
    const browser = appBrowser(proxyUrl);
    const { authorizationUrl } = JSON.parse((await browser.start({ returnTo: '/a?b=c' })).body);
    const back = await createProviderBrowser().cancel(authorizationUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const cancelled = await browser.call(`/vault-session/sso/callback${back.search}`);
    expect(cancelled.headers.get('location')).toBe('/a?b=c&vault_sso_error=sso_cancelled');

    const second = appBrowser(proxyUrl);
    const { authorizationUrl: next } = JSON.parse((await second.start({})).body);
    const state = new URL(next).searchParams.get('state') as string;
    const refused = await second.call(
      `/vault-session/sso/callback?${new URLSearchParams({ error: 'login_required', state })}`,
    );
    expect(refused.headers.get('location')).toBe('/?vault_sso_error=sso_failed');
    expect(refused.cookies.has('__Host-vault-session')).toBe(false);
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
      const back = await browser.call(
        `/vault-session/sso/callback?${new URLSearchParams({ error: 'access_denied', state })}`,
      );
      expect(back.headers.get('location')).toBe('/?vault_sso_error=sso_cancelled');
    }
  });

  it('refuses a start from no origin or with a malformed form', async () => {
    const browser = appBrowser(proxyUrl);
    const noOrigin = await browser.call('/vault-session/sso', {
      method: 'POST',
      headers: { 'x-vault-kit': '1', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ profile: 'harbor-oidc', username: SAM }),
    });
    expect(noOrigin.status).toBe(403);
    expect(JSON.parse(noOrigin.body).errors[0].type).toBe('PROXY_ORIGIN_REFUSED');
    const badScope = await browser.start({ scope: 'openid "quoted"' });
    expect(JSON.parse(badScope.body).errors[0].type).toBe('PROXY_SSO_FAILED');
    const password = await browser.start({ username: 'olivia@sunrise.example' });
    expect(JSON.parse(password.body).errors[0].type).toBe('PROXY_SSO_FAILED');
    expect(browser.jar.size).toBe(0);
  });
});
