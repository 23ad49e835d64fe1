/**
 * A stand-in for the user's browser at the identity provider: follows the authorization
 * request to the login page, signs in, and returns the address the provider sends the
 * browser back to. Cookies are carried by hand; redirects are manual so each hop is seen.
 *
 * @example
 * ```ts
 * const browser = createProviderBrowser();
 * const back = await browser.signIn(authorizeUrl, { username: 'sam', password: 'Harbor-Demo-1' });
 * ```
 */
export interface ProviderBrowser {
  /** Signs in at the login page the authorization URL leads to; resolves with the callback URL. */
  signIn(authorizeUrl: string, credentials: { username: string; password: string }): Promise<URL>;
  /** Presses "cancel" on the login page; resolves with the callback URL (`error=access_denied`). */
  cancel(authorizeUrl: string): Promise<URL>;
}

/**
 * Creates a {@link ProviderBrowser} with an empty cookie jar.
 *
 * @example
 * ```ts
 * const back = await createProviderBrowser().cancel(authorizeUrl);
 * ```
 */
export function createProviderBrowser(): ProviderBrowser {
  const cookies = new Map<string, string>();

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  function next(response: Response, base: string): string {
    const location = response.headers.get('location');
    if (location === null) throw new Error(`Expected a redirect, got HTTP ${response.status}.`);
    return new URL(location, base).href;
  }

  async function openLoginPage(authorizeUrl: string): Promise<string> {
    const start = await request(authorizeUrl);
    const interaction = next(start, authorizeUrl);
    const page = await request(interaction);
    if (page.status !== 200) throw new Error(`The login page answered HTTP ${page.status}.`);
    await page.text();
    return interaction;
  }

  async function finish(response: Response, base: string): Promise<URL> {
    let url = next(response, base);
    // Resume hops stay at the provider; the last one leaves for the redirect URI, which may
    // be on the provider's origin too (the dev stack's proxy).
    while (
      url.startsWith(new URL(base).origin) &&
      !new URL(url).pathname.endsWith('/sso/callback')
    ) {
      url = next(await request(url), url);
    }
    return new URL(url);
  }

  return {
    async signIn(authorizeUrl, credentials) {
      const interaction = await openLoginPage(authorizeUrl);
      const login = await request(interaction, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(credentials),
      });
      return finish(login, interaction);
    },
    async cancel(authorizeUrl) {
      const interaction = await openLoginPage(authorizeUrl);
      const abort = await request(`${interaction}/abort`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(),
      });
      return finish(abort, interaction);
    },
  };
}
