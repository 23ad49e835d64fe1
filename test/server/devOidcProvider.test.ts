import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDevOidcProvider,
  DEV_OIDC_DEMO_CLIENT_ID,
  DEV_OIDC_INTROSPECTION_CLIENT,
  type StartedDevOidcProvider,
  startDevOidcProvider,
} from '../../src/dev/devOidcProvider';

const REDIRECT_URI = 'http://127.0.0.1:5173/sso/callback';
const POST_LOGOUT_URI = 'http://127.0.0.1:5173/';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const EMULATOR_BASIC = `Basic ${Buffer.from(
  `${DEV_OIDC_INTROSPECTION_CLIENT.clientId}:${DEV_OIDC_INTROSPECTION_CLIENT.clientSecret}`,
).toString('base64')}`;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  introspection_endpoint: string;
  code_challenge_methods_supported: string[];
  grant_types_supported: string[];
  scopes_supported: string[];
}

/** A tiny cookie jar honouring cookie paths, enough for oidc-provider's interaction cookies. */
class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now()) {
          expired = true;
        }
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.slice(0, key.indexOf(';'))}=${cookie.value}`)
      .join('; ');
  }
}

/** A browser stand-in: manual redirects, cookies carried by hand. */
class Browser {
  readonly jar = new CookieJar();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  post(url: string, form: Record<string, string>): Promise<Response> {
    return this.request(url, { method: 'POST', headers: FORM, body: new URLSearchParams(form) });
  }
}

function location(response: Response, base: string): string {
  const value = response.headers.get('location');
  if (value === null) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(value, base).href;
}

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

describe('createDevOidcProvider (standalone on loopback)', () => {
  let idp: StartedDevOidcProvider;
  let discovery: Discovery;
  const logs: string[] = [];

  beforeAll(async () => {
    idp = await startDevOidcProvider({
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [POST_LOGOUT_URI],
      log: (message) => logs.push(message),
    });
    discovery = (await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    ).json()) as Discovery;
  });

  afterAll(async () => {
    await idp.close();
  });

  function authorizeUrl(params: Record<string, string | undefined>): string {
    const url = new URL(discovery.authorization_endpoint);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    return url.href;
  }

  function validAuthorizeParams(challenge: string): Record<string, string> {
    return {
      client_id: DEV_OIDC_DEMO_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      state: randomBytes(16).toString('base64url'),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
  }

  function token(form: Record<string, string>): Promise<Response> {
    return fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams(form),
    });
  }

  function introspect(accessToken: string, authorization?: string): Promise<Response> {
    return fetch(discovery.introspection_endpoint, {
      method: 'POST',
      headers: authorization === undefined ? FORM : { ...FORM, authorization },
      body: new URLSearchParams({ token: accessToken }),
    });
  }

  function passwordGrant(username: string, password: string, scope?: string): Promise<Response> {
    return token({
      grant_type: 'password',
      client_id: DEV_OIDC_DEMO_CLIENT_ID,
      username,
      password,
      ...(scope === undefined ? {} : { scope }),
    });
  }

  /** Drives the browser part of the code flow up to the redirect back to the app. */
  async function signInInBrowser(browser: Browser, params: Record<string, string>): Promise<URL> {
    const start = await browser.get(authorizeUrl(params));
    expect(start.status).toBe(303);
    const interaction = location(start, idp.url);
    expect(new URL(interaction).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    expect((await browser.get(interaction)).status).toBe(200);

    const login = await browser.post(interaction, { username: 'sam', password: 'Harbor-Demo-1' });
    expect(login.status).toBe(303);
    const resume = await browser.get(location(login, idp.url));
    expect(resume.status).toBe(303);
    return new URL(location(resume, idp.url));
  }

  describe('discovery', () => {
    it('publishes the endpoints under the issuer path, with PKCE S256 only', () => {
      expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oidc$/);
      expect(discovery.issuer).toBe(idp.issuer);
      expect(discovery.authorization_endpoint).toBe(`${idp.issuer}/auth`);
      expect(discovery.token_endpoint).toBe(`${idp.issuer}/token`);
      expect(discovery.introspection_endpoint).toBe(`${idp.issuer}/token/introspection`);
      expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
      expect(idp.dev.endpoints.introspection).toBe(discovery.introspection_endpoint);
    });

    it('offers the password grant, refresh tokens for back ends only, no offline_access (OIDC-07)', () => {
      expect(discovery.grant_types_supported).toContain('password');
      // Issued only for a code exchanged at a back end's redirect URI: see the page's below.
      expect(discovery.grant_types_supported).toContain('refresh_token');
      expect(discovery.scopes_supported).not.toContain('offline_access');
    });
  });

  describe('password grant (headless sign-in)', () => {
    it('issues an opaque access token for sam that the emulator client can introspect', async () => {
      const response = await passwordGrant('sam', 'Harbor-Demo-1');
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'openid' });
      expect(body).not.toHaveProperty('refresh_token');
      const accessToken = String(body.access_token);
      expect(accessToken.split('.')).toHaveLength(1);

      const introspection = await introspect(accessToken, EMULATOR_BASIC);
      expect(introspection.status).toBe(200);
      const claims = (await introspection.json()) as Record<string, unknown>;
      expect(claims).toMatchObject({
        active: true,
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        sub: 'sam',
        iss: idp.issuer,
        scope: 'openid',
      });
      const now = Math.floor(Date.now() / 1000);
      expect(claims.exp).toBeGreaterThan(now);
      expect(claims.exp).toBeLessThanOrEqual(now + 601);
      expect(logs.join('\n')).not.toContain(accessToken);
    });

    it('carries the requested scope', async () => {
      const response = await passwordGrant('sam', 'Harbor-Demo-1', 'openid email');
      const { access_token } = (await response.json()) as { access_token: string };
      const claims = (await (await introspect(access_token, EMULATOR_BASIC)).json()) as {
        scope: string;
      };
      expect(claims.scope.split(' ').sort()).toEqual(['email', 'openid']);
    });

    it.each([
      ['a wrong password', 'sam', 'Harbor-Demo-2'],
      ['an unknown user', 'nobody', 'Harbor-Demo-1'],
      ['the e-mail address instead of the IdP user name', 'sam@harbor.example', 'Harbor-Demo-1'],
    ])('answers invalid_grant for %s', async (_case, username, password) => {
      const response = await passwordGrant(username, password);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('refuses a scope it does not offer', async () => {
      const response = await passwordGrant('sam', 'Harbor-Demo-1', 'openid offline_access');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_scope' });
    });

    it('refuses the grant to the introspection client', async () => {
      const response = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { ...FORM, authorization: EMULATOR_BASIC },
        body: new URLSearchParams({ grant_type: 'password', username: 'sam', password: 'x' }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).not.toHaveProperty('access_token');
    });
  });

  describe('introspection (EXCH-06)', () => {
    let accessToken: string;

    beforeAll(async () => {
      const response = await passwordGrant('sam', 'Harbor-Demo-1');
      accessToken = ((await response.json()) as { access_token: string }).access_token;
    });

    it('rejects a caller without client authentication with 401', async () => {
      const response = await introspect(accessToken);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ error: 'invalid_client' });
      expect(body).not.toHaveProperty('active');
    });

    it('rejects a wrong client secret with 401', async () => {
      const wrong = `Basic ${Buffer.from('vault-emulator:guess').toString('base64')}`;
      const response = await introspect(accessToken, wrong);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    });

    it('rejects the public demo client presenting only its client_id', async () => {
      const response = await fetch(discovery.introspection_endpoint, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ token: accessToken, client_id: DEV_OIDC_DEMO_CLIENT_ID }),
      });
      expect(response.status).toBe(401);
    });

    it('answers only active:false for an unknown token', async () => {
      const response = await introspect('not-a-token-this-provider-issued', EMULATOR_BASIC);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ active: false });
    });
  });

  describe('authorization requests that must be refused (OIDC-03)', () => {
    const { challenge } = pkcePair();

    it.each([
      ['plain PKCE', { code_challenge_method: 'plain' }],
      ['no code challenge', { code_challenge: undefined, code_challenge_method: undefined }],
      ['a challenge without a method', { code_challenge_method: undefined }],
    ])('answers invalid_request for %s, without a code', async (_case, override) => {
      const params = { ...validAuthorizeParams(challenge), ...override };
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(303);
      const back = new URL(location(response, idp.url));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.has('code')).toBe(false);
    });

    it.each([
      ['an extra path segment', `${REDIRECT_URI}/more`],
      ['a trailing slash', `${REDIRECT_URI}/`],
      ['a different port', REDIRECT_URI.replace(':5173', ':5174')],
      ['an added query', `${REDIRECT_URI}?next=/admin`],
      ['a different host', REDIRECT_URI.replace('127.0.0.1', 'localhost')],
    ])('never redirects to a redirect URI with %s', async (_case, redirectUri) => {
      const params = { ...validAuthorizeParams(challenge), redirect_uri: redirectUri };
      const response = await fetch(authorizeUrl(params), {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const page = await response.text();
      expect(page).toContain('invalid_redirect_uri');
      expect(page).toContain('role="alert"');
    });

    it('requires the redirect URI even though only one is registered', async () => {
      const params = { ...validAuthorizeParams(challenge), redirect_uri: undefined };
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    });
  });

  describe('authorization code + PKCE round trip', () => {
    it('signs sam in through the login page and issues a token once per code', async () => {
      const browser = new Browser();
      const { verifier, challenge } = pkcePair();
      const params = validAuthorizeParams(challenge);
      const back = await signInInBrowser(browser, params);

      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('state')).toBe(params.state);
      expect(back.searchParams.get('iss')).toBe(idp.issuer);
      const code = back.searchParams.get('code');
      expect(code).toBeTruthy();

      const exchange = {
        grant_type: 'authorization_code',
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code: String(code),
        code_verifier: verifier,
      };
      const first = await token(exchange);
      expect(first.status).toBe(200);
      const tokens = (await first.json()) as Record<string, unknown>;
      expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'openid' });
      expect(typeof tokens.id_token).toBe('string');
      expect(tokens).not.toHaveProperty('refresh_token');

      const claims = await (await introspect(String(tokens.access_token), EMULATOR_BASIC)).json();
      expect(claims).toMatchObject({
        active: true,
        sub: 'sam',
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        iss: idp.issuer,
      });

      const replay = await token(exchange);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it.each([
      ['a wrong code_verifier', () => pkcePair().verifier],
      ['no code_verifier', () => undefined],
    ])('answers invalid_grant for %s', async (_case, verifierFor) => {
      const browser = new Browser();
      const { challenge } = pkcePair();
      const back = await signInInBrowser(browser, validAuthorizeParams(challenge));
      const verifier = verifierFor();
      const response = await token({
        grant_type: 'authorization_code',
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code: String(back.searchParams.get('code')),
        ...(verifier === undefined ? {} : { code_verifier: verifier }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('rejects a code sent back with a different redirect URI', async () => {
      const browser = new Browser();
      const { verifier, challenge } = pkcePair();
      const back = await signInInBrowser(browser, validAuthorizeParams(challenge));
      const response = await token({
        grant_type: 'authorization_code',
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        redirect_uri: `${REDIRECT_URI}/`,
        code: String(back.searchParams.get('code')),
        code_verifier: verifier,
      });
      expect(response.status).toBe(400);
    });

    it("drops offline_access: no refresh token for a page's redirect URI even when asked (OIDC-07)", async () => {
      const browser = new Browser();
      const { verifier, challenge } = pkcePair();
      const params = { ...validAuthorizeParams(challenge), scope: 'openid offline_access' };
      const back = await signInInBrowser(browser, params);
      const response = await token({
        grant_type: 'authorization_code',
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        code: String(back.searchParams.get('code')),
        code_verifier: verifier,
      });
      expect(response.status).toBe(200);
      const tokens = (await response.json()) as Record<string, unknown>;
      expect(tokens).not.toHaveProperty('refresh_token');
      expect(String(tokens.scope).split(' ')).not.toContain('offline_access');
    });

    it('reuses the provider session for the next authorization without a login page', async () => {
      const browser = new Browser();
      await signInInBrowser(browser, validAuthorizeParams(pkcePair().challenge));
      const again = await browser.get(authorizeUrl(validAuthorizeParams(pkcePair().challenge)));
      expect(again.status).toBe(303);
      const back = new URL(location(again, idp.url));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.has('code')).toBe(true);
    });
    it('grants consent for the demo client without a consent page, even when prompted', async () => {
      const browser = new Browser();
      await signInInBrowser(browser, validAuthorizeParams(pkcePair().challenge));
      const params = {
        ...validAuthorizeParams(pkcePair().challenge),
        prompt: 'consent',
        scope: 'openid email profile',
      };
      const start = await browser.get(authorizeUrl(params));
      const consent = await browser.get(location(start, idp.url));
      expect(consent.status).toBe(303);
      const resume = await browser.get(location(consent, idp.url));
      const back = new URL(location(resume, idp.url));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.has('code')).toBe(true);
    });

    it('keeps its own sign-in in a browser-session cookie', async () => {
      const browser = new Browser();
      const start = await browser.get(authorizeUrl(validAuthorizeParams(pkcePair().challenge)));
      const interaction = location(start, idp.url);
      const login = await browser.post(interaction, { username: 'sam', password: 'Harbor-Demo-1' });
      const resume = await browser.get(location(login, idp.url));
      const sessionCookie = resume.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('_session='));
      expect(sessionCookie).toBeDefined();
      expect(sessionCookie).toMatch(/httponly/i);
      expect(sessionCookie).not.toMatch(/expires=|max-age=/i);
    });
  });

  describe('login page', () => {
    async function openLoginPage(browser: Browser, extra: Record<string, string> = {}) {
      const start = await browser.get(
        authorizeUrl({ ...validAuthorizeParams(pkcePair().challenge), ...extra }),
      );
      const url = location(start, idp.url);
      const page = await browser.get(url);
      return { url, page, html: await page.text() };
    }

    it('is a plain accessible form that says it is a development identity provider', async () => {
      const { page, html } = await openLoginPage(new Browser());
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(html).toContain('<html lang="en">');
      expect(html).toMatch(/<main>[\s\S]*<h1>Sign in<\/h1>[\s\S]*<\/main>/);
      expect(html).toMatch(/<form method="post" action="\/oidc\/interaction\/[\w-]+">/);
      expect(html).toContain('<label for="username">User name</label>');
      expect(html).toMatch(/<input id="username"[^>]*autocomplete="username"/);
      expect(html).toContain('<label for="password">Password</label>');
      expect(html).toMatch(
        /<input id="password"[^>]*type="password"[^>]*autocomplete="current-password"/,
      );
      expect(html).toContain('Development identity provider');
      expect(html).toContain('development and tests only');
      expect(html).not.toContain('role="alert"');
      expect(html).toContain('vault-session-kit demo');
    });

    it('prefills the user name from the login_hint the user typed at the vault', async () => {
      const { html } = await openLoginPage(new Browser(), { login_hint: 'sam@harbor.example' });
      expect(html).toMatch(/<input id="username"[^>]*value="sam"/);
      expect(html).toMatch(/<input id="password"[^>]*autofocus/);
    });

    it('does not prefill a hint that names no development user', async () => {
      const { html } = await openLoginPage(new Browser(), { login_hint: 'olivia@sunrise.example' });
      expect(html).toMatch(/<input id="username"[^>]*value=""/);
    });

    it('escapes what it echoes back', async () => {
      const browser = new Browser();
      const { url } = await openLoginPage(browser);
      const retry = await browser.post(url, { username: '"><script>x</script>', password: 'x' });
      const html = await (await browser.get(location(retry, idp.url))).text();
      expect(html).not.toContain('<script>');
      expect(html).toContain('&quot;&gt;&lt;script&gt;');
    });

    it('answers a wrong password with a redirect to the page, which shows an alert and keeps the user name (Post/Redirect/Get)', async () => {
      const browser = new Browser();
      const { url } = await openLoginPage(browser);
      const retry = await browser.post(url, { username: 'sam', password: 'wrong' });
      expect(retry.status).toBe(303);
      expect(location(retry, idp.url)).toBe(url);
      const page = await browser.get(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(
        /<p id="login-error" role="alert">The user name or password is incorrect/,
      );
      expect(html).toMatch(/<input id="username"[^>]*value="sam"[^>]*aria-invalid="true"/);

      // A reload shows the form again for the same user, without the old message.
      const reloaded = await (await browser.get(url)).text();
      expect(reloaded).not.toContain('role="alert"');
      expect(reloaded).toMatch(/<input id="username"[^>]*value="sam"/);

      const login = await browser.post(url, { username: 'sam', password: 'Harbor-Demo-1' });
      expect(login.status).toBe(303);
    });

    it('cancel ends the request with access_denied at the redirect URI', async () => {
      const browser = new Browser();
      const { url, html } = await openLoginPage(browser);
      expect(html).toContain(`<form method="post" action="${new URL(url).pathname}/abort">`);
      const cancel = await browser.post(`${url}/abort`, {});
      expect(cancel.status).toBe(303);
      const resume = await browser.get(location(cancel, idp.url));
      const back = new URL(location(resume, idp.url));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.has('code')).toBe(false);
    });

    it('sends a finished sign-in seen again (Back) to the application instead of a dead page', async () => {
      for (const finish of ['sign-in', 'cancel'] as const) {
        const browser = new Browser();
        const { url } = await openLoginPage(browser);
        const done =
          finish === 'sign-in'
            ? await browser.post(url, { username: 'sam', password: 'Harbor-Demo-1' })
            : await browser.post(`${url}/abort`, {});
        await browser.get(location(done, idp.url));

        const again = await browser.get(url);
        expect(again.status).toBe(303);
        expect(location(again, idp.url)).toBe('http://127.0.0.1:5173/');
        // The form sent once more (a resubmission) goes the same way, and signs nobody in.
        const resent = await browser.post(url, { username: 'sam', password: 'Harbor-Demo-1' });
        expect(location(resent, idp.url)).toBe('http://127.0.0.1:5173/');
      }
    });

    it('links an expired sign-in page back to the application', async () => {
      const { url } = await openLoginPage(new Browser());
      // Another browser (or one whose cookie has gone) has no pending sign-in there.
      const page = await new Browser().get(url);
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain('<h1>Sign-in expired</h1>');
      expect(html).toContain(
        '<a href="http://127.0.0.1:5173/">Return to vault-session-kit demo</a>',
      );
    });

    it('refuses a login post without the interaction cookie', async () => {
      const { url } = await openLoginPage(new Browser());
      const stranger = new Browser();
      const response = await stranger.post(url, { username: 'sam', password: 'Harbor-Demo-1' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('role="alert"');
    });
  });

  describe('sign-out (OIDC-11)', () => {
    it('asks on its own page, ends its session and returns to the registered URI', async () => {
      const browser = new Browser();
      await signInInBrowser(browser, validAuthorizeParams(pkcePair().challenge));

      const endSession = new URL(idp.dev.endpoints.endSession);
      endSession.search = new URLSearchParams({
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        post_logout_redirect_uri: POST_LOGOUT_URI,
      }).toString();
      const prompt = await browser.get(endSession.href);
      expect(prompt.status).toBe(200);
      const html = await prompt.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<h1>Sign out</h1>');
      expect(html).toContain('Development identity provider');
      const action = /<form id="op\.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
      expect(action).toBeDefined();
      expect(xsrf).toBeDefined();

      const confirm = await browser.post(String(action), { xsrf: String(xsrf), logout: 'yes' });
      expect(confirm.status).toBe(303);
      expect(location(confirm, idp.url)).toBe(POST_LOGOUT_URI);

      const next = await browser.get(authorizeUrl(validAuthorizeParams(pkcePair().challenge)));
      expect(new URL(location(next, idp.url)).pathname).toMatch(/^\/oidc\/interaction\//);
    });
  });
});

describe('createDevOidcProvider mounted under /oidc on a shared origin', () => {
  it('serves the provider under the prefix and leaves other paths to the host app', async () => {
    let dev: ReturnType<typeof createDevOidcProvider> | undefined;
    const appHits: string[] = [];
    // Stands in for a dev server: connect strips the route prefix from req.url and keeps
    // originalUrl; the provider's middleware must cope with that and with unstripped URLs.
    const server = createServer((req: IncomingMessage & { originalUrl?: string }, res) => {
      const url = req.url ?? '/';
      if (url.startsWith('/stripped/oidc')) {
        req.originalUrl = url.slice('/stripped'.length);
        req.url = url.slice('/stripped/oidc'.length) || '/';
        dev?.callback(req, res);
        return;
      }
      dev?.middleware(req, res, () => {
        appHits.push(url);
        res.writeHead(200, { 'content-type': 'text/plain' }).end('app');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dev = createDevOidcProvider({
      issuer: `${origin}/oidc`,
      redirectUris: [`${origin}/sso/callback`],
      log: () => {},
    });
    try {
      const direct = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
      expect(direct.status).toBe(200);
      const metadata = (await direct.json()) as Discovery;
      expect(metadata.issuer).toBe(`${origin}/oidc`);
      expect(metadata.token_endpoint).toBe(`${origin}/oidc/token`);

      const stripped = await fetch(`${origin}/stripped/oidc/.well-known/openid-configuration`);
      expect(((await stripped.json()) as Discovery).token_endpoint).toBe(`${origin}/oidc/token`);

      const app = await fetch(`${origin}/api/v26.1/keep-alive`);
      expect(await app.text()).toBe('app');
      const lookalike = await fetch(`${origin}/oidcx`);
      expect(await lookalike.text()).toBe('app');
      expect(appHits).toEqual(['/api/v26.1/keep-alive', '/oidcx']);

      const { challenge } = pkcePair();
      const authorize = new URL(metadata.authorization_endpoint);
      authorize.search = new URLSearchParams({
        client_id: DEV_OIDC_DEMO_CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${origin}/sso/callback`,
        scope: 'openid',
        state: 's',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      const start = await fetch(authorize, { redirect: 'manual' });
      expect(start.status).toBe(303);
      expect(start.headers.get('location')).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
      const cookiePaths = start.headers
        .getSetCookie()
        .map((cookie) => /path=([^;]+)/i.exec(cookie)?.[1]);
      expect(cookiePaths.every((path) => path?.startsWith('/oidc/'))).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dev.close();
    }
  });

  it('keeps tokens private to each instance', async () => {
    const a = await startDevOidcProvider({ redirectUris: [REDIRECT_URI], log: () => {} });
    const b = await startDevOidcProvider({ redirectUris: [REDIRECT_URI], log: () => {} });
    try {
      const issued = await fetch(a.dev.endpoints.token, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: DEV_OIDC_DEMO_CLIENT_ID,
          username: 'sam',
          password: 'Harbor-Demo-1',
        }),
      });
      const { access_token } = (await issued.json()) as { access_token: string };
      const elsewhere = await fetch(b.dev.endpoints.introspection, {
        method: 'POST',
        headers: { ...FORM, authorization: EMULATOR_BASIC },
        body: new URLSearchParams({ token: access_token }),
      });
      expect(await elsewhere.json()).toEqual({ active: false });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('announces itself as development-only when it starts', async () => {
    const messages: string[] = [];
    const idp = await startDevOidcProvider({
      redirectUris: [REDIRECT_URI],
      log: (message) => messages.push(message),
    });
    await idp.close();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/development and tests only/i);
  });
});
