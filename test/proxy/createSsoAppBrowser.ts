import { createProviderBrowser } from '../oidc/support/createProviderBrowser';

/** The dev stack's single sign-on user, by vault user name. */
export const SAM = 'sam@harbor.example';
const IDP_SAM = { username: 'sam', password: 'Harbor-Demo-1' };

/** One answer of the proxy as the browser received it. */
export interface SsoAppAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly body: string;
  /** The answer's headers but `Set-Cookie`: what a page could read. */
  readonly visibleHeaders: readonly (readonly [string, string])[];
  /** Each `Set-Cookie` line of the answer, by cookie name. */
  readonly cookies: Map<string, string>;
}

/**
 * One browser of the app's origin `origin` in front of the proxy at `proxyUrl`: one cookie
 * jar for every tab, calls sent as the kit's page sends them (`Origin`, `X-Vault-Kit: 1`),
 * redirects not followed. The identity provider's return is a cross-site navigation, sent
 * as a browser sends one: with no `SameSite=Strict` cookie and none of the kit's headers.
 * `onAnswer` hears every answer, the sign-in's own among them.
 *
 * @example
 * ```ts
 * const browser = createSsoAppBrowser(served.url, served.url);
 * const search = await browser.signInSamAtProvider({ returnTo: '/documents' });
 * await browser.returnFromProvider(search);
 * ```
 */
export function createSsoAppBrowser(
  origin: string,
  proxyUrl: string,
  onAnswer: (answer: SsoAppAnswer) => void = () => undefined,
) {
  const jar = new Map<string, string>();
  // The names of the cookies set `SameSite=Strict`: a cross-site navigation leaves them home.
  const strict = new Set<string>();
  const send = async (
    path: string,
    init: RequestInit,
    crossSite: boolean,
    held: ReadonlyMap<string, string> = jar,
  ): Promise<SsoAppAnswer> => {
    const headers = new Headers(init.headers);
    if (!crossSite) {
      headers.set('origin', origin);
      headers.set('x-vault-kit', '1');
    }
    const sent = [...held].filter(([name]) => !crossSite || !strict.has(name));
    if (sent.length > 0) headers.set('cookie', sent.map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(`${proxyUrl}${path}`, { ...init, headers, redirect: 'manual' });
    const cookies = new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      cookies.set(name, line);
      if (pair.slice(eq + 1) === '' || /Max-Age=0/.test(line)) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
      if (/;\s*SameSite=Strict/i.test(line)) strict.add(name);
      else strict.delete(name);
    }
    const answer: SsoAppAnswer = {
      status: response.status,
      location: response.headers.get('location'),
      body: await response.text(),
      visibleHeaders: [...response.headers].filter(([name]) => name !== 'set-cookie'),
      cookies,
    };
    onAnswer(answer);
    return answer;
  };
  const call = (path: string, init: RequestInit = {}) => send(path, init, false);
  return {
    jar,
    call,
    /**
     * A call sent while the browser held `cookies` (a snapshot of the jar), answered now: as
     * a call that left before other answers arrived.
     */
    callAsOf(cookies: ReadonlyMap<string, string>, path: string, init: RequestInit = {}) {
      return send(path, init, false, cookies);
    },
    /** The identity provider sends the browser back to the proxy's callback with `search`. */
    returnFromProvider(search: string): Promise<SsoAppAnswer> {
      return send(`/vault-session/sso/callback${search}`, {}, true);
    },
    /**
     * Starts a single sign-on for sam (the start form's fields overridden by `fields`) and
     * signs him in at the identity provider; resolves with the query the provider sends the
     * browser back with, not yet brought back to the proxy.
     */
    async signInSamAtProvider(fields: Record<string, string> = {}): Promise<string> {
      const started = await call('/vault-session/sso', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          profile: 'harbor-oidc',
          username: SAM,
          client_id: 'vault-session-kit-demo',
          ...fields,
        }),
      });
      const back = await createProviderBrowser().signIn(
        JSON.parse(started.body).authorizationUrl,
        IDP_SAM,
      );
      return back.search;
    },
  };
}
