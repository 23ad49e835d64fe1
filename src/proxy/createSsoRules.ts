import {
  AuthorizationResponseError,
  type AuthorizationServer,
  authorizationCodeGrantRequest,
  type Client,
  calculatePKCECodeChallenge,
  customFetch,
  generateRandomCodeVerifier,
  generateRandomNonce,
  generateRandomState,
  getValidatedIdTokenClaims,
  None,
  processAuthorizationCodeResponse,
  processRefreshTokenResponse,
  processRevocationResponse,
  ResponseBodyError,
  refreshTokenGrantRequest,
  revocationRequest,
  type TokenEndpointResponse,
  validateAuthResponse,
} from 'oauth4webapi';
import type { SsoErrorCode } from '../oidc/createSsoError';
import { SSO_ERROR_PARAMETER, SSO_SIGNED_IN_PARAMETER } from '../oidc/readProxySsoOutcome';
import { sanitizeReturnTo } from '../oidc/sanitizeReturnTo';
import {
  ownSession,
  type SessionAnswer,
  type SessionRules,
  type UpstreamCall,
} from './createSessionRules';
import { createSessionSealer } from './createSessionSealer';
import { isAllowedHost, isPlainHostName } from './isAllowedHost';
import { ProxyRefusal } from './ProxyRefusal';
import { parseJsonObject } from './parseJsonObject';

/**
 * A request the proxy sends upstream itself and reads the answer of: discovery, the code
 * exchange at the identity provider, the OAuth session login.
 */
export type UpstreamFetch = (request: Request) => Promise<Response>;

/**
 * Asks the runtime to let a call go on after the answer has been sent (an edge runtime's
 * `waitUntil`); where the process lives on (Node), nothing is needed.
 */
export type WaitUntil = (promise: Promise<unknown>) => void;

/**
 * Largest form the single sign-on start reads (a user name, a profile, a return path).
 */
export const MAX_SSO_FORM_BYTES = 16 * 1024;

/**
 * The query of a canonical target (`/path?query`), with its `?`; `''` without one.
 */
export function queryOf(target: string): string {
  const mark = target.indexOf('?');
  return mark === -1 ? '' : target.slice(mark);
}

/**
 * Single sign-on through the proxy in BFF mode: the start (the page's `POST {session.path}/sso`)
 * and the identity provider's return (`GET {session.path}/sso/callback`), shared by both
 * adapters.
 */
export interface SsoRules {
  /** The path of the callback route (`basePath` and `session.path` included). */
  readonly callbackPath: string;
  /** The path of the start route. */
  readonly startPath: string;
  /** The path of the renewal route (`POST`). */
  readonly renewPath: string;
  /**
   * Asks discovery for the profile, builds the authorization request and seals what the
   * callback needs into a short-lived cookie; answers `{ responseStatus, authorizationUrl }`.
   */
  start(
    form: string,
    header: (name: string) => string | null | undefined,
    fetchUpstream: UpstreamFetch,
  ): Promise<SessionAnswer>;
  /**
   * Checks the provider's answer against the sealed cookie, exchanges the code, opens the
   * vault session, seals it as a login answer is sealed but into a landed cookie of its own
   * (the return brings none of the browser's sessions: its next same-origin call settles
   * them), and redirects to the return path (with `vault_sso_error` when it failed).
   */
  callback(
    query: string,
    header: (name: string) => string | null | undefined,
    fetchUpstream: UpstreamFetch,
    upstream: UpstreamCall,
    waitUntil?: WaitUntil,
  ): Promise<SessionAnswer>;
  /**
   * A new vault session for the signed-in single sign-on user, without a form: the refresh
   * token the provider granted (kept sealed in the renewal cookie, bound to the session it
   * came with) buys a new access token, which opens a new vault session; the old one is
   * ended at its vault. Answers as a login through the proxy does (`sessionTag`,
   * `sessionDeadline`), or `FAILURE` with `SSO_RENEWAL_REFUSED` (the provider said no, or the
   * browser holds no renewable session) or `SSO_RENEWAL_FAILED` (it could not be asked).
   */
  renew(
    header: (name: string) => string | null | undefined,
    fetchUpstream: UpstreamFetch,
    upstream: UpstreamCall,
    waitUntil?: WaitUntil,
  ): Promise<SessionAnswer>;
  /**
   * Who-am-I's answer with `renewal: 'sso'` on the own session when the browser holds a
   * renewal cookie for exactly that session; a renewal cookie of a session that is gone
   * (signed out, forgotten, replaced, expired) is cleared and its refresh token revoked.
   */
  describe(
    answer: SessionAnswer,
    header: (name: string) => string | null | undefined,
    fetchUpstream: UpstreamFetch,
    waitUntil?: WaitUntil,
  ): Promise<SessionAnswer>;
}

/**
 * What {@link createSsoRules} is built from.
 */
export interface SsoRulesSettings {
  readonly loginHost: string;
  /** Identity-provider hosts the code exchange may reach. */
  readonly allowHosts: readonly string[];
  readonly secrets: readonly string[];
  /** The who-am-I route's path; the single sign-on routes are below it. */
  readonly sessionPath: string;
  readonly now: () => number;
  readonly upstreamTimeoutMs: number;
  /** The session rules whose login path seals the vault session. */
  readonly session: SessionRules;
  /** Hears of a refresh token the provider could not be asked to revoke (never the token). */
  readonly warn: (message: string) => void;
}

/**
 * How to reach the profile's identity provider and which vault the sign-in is for: the same
 * in the sign-in cookie and in the renewal cookie, which copies it from the sign-in.
 */
interface SsoProfile {
  readonly issuer: string;
  readonly tokenEndpoint: string;
  /** Where the provider takes back a refresh token the proxy lets go of, when it has one. */
  readonly revocationEndpoint: string | undefined;
  /** The client ID at the identity provider. */
  readonly idpClientId: string;
  /** The app's client ID at the service, for the OAuth session login. */
  readonly clientId: string | undefined;
  readonly profileId: string;
  readonly vaultDns: string | undefined;
  /**
   * A session in another vault than `vaultDns` is refused (the app's `validateDns`), as a
   * password login's is.
   */
  readonly validateDns: boolean;
}

/** What the single sign-on cookie holds between the start and the provider's return. */
interface SsoFlow extends SsoProfile {
  readonly v: 1;
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
  readonly redirectUri: string;
  readonly returnTo: string;
  readonly expiresAt: number;
}

/** What the renewal cookie holds: how to ask the provider again, for which session. */
interface SsoRenewal extends SsoProfile {
  readonly v: 1;
  readonly renew: true;
  readonly refreshToken: string;
  /** Whom the provider signed in (the ID token's `sub`), when it said. */
  readonly subject: string | undefined;
  /** The tag of the own session it was issued with: it renews that session and no other. */
  readonly sessionTag: string;
}

/** What opening a vault session with an access token needs to know. */
type SsoGrant = Pick<SsoFlow, 'clientId' | 'profileId' | 'vaultDns' | 'validateDns'>;

/** What a renewal is made of, but the refresh token and the session it renews. */
type SsoRenewalBase = Omit<SsoRenewal, 'refreshToken' | 'sessionTag'>;

/** One pending sign-in's cookie, by name, with what it held (`undefined`: nothing usable). */
interface PendingSignIn {
  readonly name: string;
  readonly flow: SsoFlow | undefined;
}

// One cookie per pending sign-in, named after its state: a sign-in started in a second tab
// leaves the first one's alone, and each provider's return finds its own.
const COOKIE_PREFIX = '__Host-vault-sso-';
// Enough for a few tabs; the oldest goes first, so the cookies stay well inside a browser's
// limits on their size and number.
const MAX_PENDING = 4;
// Sent only to the session route and what is below it (never with a vault call), and only
// from the app's own pages: `__Secure-`, since `__Host-` would force `Path=/`.
const RENEW_COOKIE = '__Secure-vault-sso-renew';
// The renewal of a landed sign-in, named by its session's tag, until that session becomes the
// browser's own.
const LANDED_RENEW_PREFIX = `${RENEW_COOKIE}-`;
// Lax: the provider's return is a top-level navigation from another site.
const ATTRIBUTES = 'HttpOnly; Secure; SameSite=Lax; Path=/';
const FLOW_MS = 10 * 60 * 1000;
const MAX_ANSWER_BYTES = 1024 * 1024;
const MAX_USERNAME = 320;
const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;
const PROFILE_ID = /^[A-Za-z0-9._~-]{1,200}$/;
// RFC 6749 section 3.3: space-separated tokens of NQCHAR. `offline_access` may be asked for:
// a refresh token stays sealed in the proxy's renewal cookie, never in the page.
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/;
// Said outright rather than left to the runtime's reading of a URLSearchParams body.
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const JSON_HEADERS = {
  'content-type': 'application/json;charset=UTF-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
// Only a path is ever read against it; the proxy never learns or uses its own origin here.
const PLACEHOLDER_ORIGIN = 'https://app.invalid';

/**
 * Builds the {@link SsoRules}: the protocol (PKCE S256, state, nonce, the token request and
 * the ID token's checks) is oauth4webapi's; the proxy adds where each value lives (a sealed
 * `HttpOnly` cookie, never the page) and which hosts it reaches.
 */
export function createSsoRules(settings: SsoRulesSettings): SsoRules {
  const sealer = createSessionSealer(settings.secrets);
  const { loginHost, session, now } = settings;
  const startPath = `${settings.sessionPath}/sso`;
  const callbackPath = `${startPath}/callback`;
  const renewPath = `${startPath}/renew`;
  const renewAttributes = `HttpOnly; Secure; SameSite=Strict; Path=${settings.sessionPath}`;
  const clearRenewal = `${RENEW_COOKIE}=; ${renewAttributes}; Max-Age=0`;
  const clearLandedRenewal = (name: string) => `${name}=; ${renewAttributes}; Max-Age=0`;
  const openRenewal = async (header: (name: string) => string | null | undefined) => {
    const value = readCookie(header('cookie'), RENEW_COOKIE);
    return asRenewal(value === undefined ? undefined : await sealer.openData(value));
  };
  // Every sign-in cookie the browser sent, opened; a value that does not open holds nothing.
  const openPending = async (
    header: (name: string) => string | null | undefined,
  ): Promise<PendingSignIn[]> =>
    Promise.all(
      readCookiesNamed(header('cookie'), COOKIE_PREFIX).map(async ([name, value]) => ({
        name,
        flow: asFlow(await sealer.openData(value)),
      })),
    );
  const isLive = (flow: SsoFlow | undefined): flow is SsoFlow =>
    flow !== undefined && flow.expiresAt > now();

  // Best effort, in the background: the provider takes back a refresh token the proxy lets
  // go of (RFC 7009), so that it is no use to anyone who took a copy of the cookie. A
  // failure is logged by host, never with the token.
  const revoke = (
    renewal: Pick<
      SsoRenewal,
      'refreshToken' | 'issuer' | 'tokenEndpoint' | 'revocationEndpoint' | 'idpClientId'
    >,
    fetchUpstream: UpstreamFetch,
    waitUntil: WaitUntil | undefined,
  ): void => {
    const endpoint = renewal.revocationEndpoint;
    if (endpoint === undefined) return;
    const job = (async () => {
      const url = reachable(endpoint, 'revocation');
      const [as, client] = providerOf(renewal);
      let answer: Response;
      try {
        answer = await revocationRequest(
          { ...as, revocation_endpoint: url.href },
          client,
          None(),
          renewal.refreshToken,
          {
            ...tokenOptions(fetchUpstream),
            additionalParameters: { token_type_hint: 'refresh_token' },
          },
        );
      } catch {
        throw new Error('it could not be reached');
      }
      try {
        await processRevocationResponse(answer);
      } catch {
        throw new Error(`it answered ${answer.status}`);
      }
    })().catch((error: unknown) => {
      const why =
        error instanceof ProxyRefusal
          ? 'its host is not allowed'
          : String((error as Error).message);
      try {
        settings.warn(
          `vault proxy: a refresh token the proxy let go of could not be revoked at ${hostOf(endpoint)} (${why}).`,
        );
      } catch {
        // A failing logger changes nothing.
      }
    });
    waitUntil?.(job);
  };

  const tokenOptions = (fetchUpstream: UpstreamFetch) => ({
    signal: signal(),
    [customFetch]: (url: string, options: RequestInit) =>
      fetchUpstream(new Request(url, { ...options, redirect: 'manual' } as RequestInit)),
  });

  // The OAuth session login with the access token, sealed by the login path every login
  // takes (so every guarantee of it holds here), and the renewal cookie when the provider
  // granted a refresh token. A session in another vault than the one asked for is ended and
  // refused, as a password login's is (`validateDns`). A refresh token the proxy does not
  // keep is revoked.
  const openVaultSession = async (
    grant: SsoGrant,
    tokens: TokenEndpointResponse,
    renewal: SsoRenewalBase,
    call: {
      readonly header: (name: string) => string | null | undefined;
      readonly fetchUpstream: UpstreamFetch;
      readonly upstream: UpstreamCall;
      readonly waitUntil: WaitUntil | undefined;
      /**
       * Answered to the provider's return, a cross-site navigation that brings none of the
       * browser's sessions: the session lands in a cookie of its own, and so does its renewal.
       */
      readonly lands: boolean;
    },
  ): Promise<{
    answer: Record<string, unknown> | undefined;
    body: string;
    cookies: string[];
    refused: 'vault-mismatch' | undefined;
  }> => {
    const { header, fetchUpstream, upstream, waitUntil } = call;
    const target = oauthTarget(loginHost, grant.profileId);
    const loginForm = new URLSearchParams();
    if (grant.vaultDns !== undefined) loginForm.set('vaultDNS', grant.vaultDns);
    if (grant.clientId !== undefined) loginForm.set('client_id', grant.clientId);
    const login = await fetchUpstream(
      new Request(`https://${loginHost}${target.path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${tokens.access_token}`,
          'content-type': FORM_TYPE,
          ...(grant.clientId === undefined ? {} : { 'x-vaultapi-clientid': grant.clientId }),
        },
        body: loginForm.toString(),
        redirect: 'manual',
        signal: signal(),
      }),
    );
    const body = await readBytes(login);
    const refreshToken =
      typeof tokens.refresh_token === 'string' && tokens.refresh_token !== ''
        ? tokens.refresh_token
        : undefined;
    const letGo = () => {
      if (refreshToken !== undefined)
        revoke({ ...renewal, refreshToken }, fetchUpstream, waitUntil);
    };
    const landed = landedElsewhere(grant, parseJsonObject(body));
    if (landed !== undefined) {
      // Not sealed, nothing replaced: the session lives in the vault it landed in, and ends.
      session.end(landed, upstream);
      letGo();
      return { answer: undefined, body: '', cookies: [], refused: 'vault-mismatch' };
    }
    const plan = call.lands
      ? session.landing(target)
      : await session.plan(target, header, upstream);
    const sealed = await session
      .seal(plan, body, {
        form: undefined,
        upstream,
        inspected: false,
        // The answer stays in the proxy: none of its headers goes to the page.
        headers: [],
      })
      .catch((error: unknown) => {
        // Withheld (unreadable, or carrying a credential where none belongs): no session is
        // kept, so neither is the refresh token.
        letGo();
        throw error;
      });
    const answer = parseJsonObject(sealed.body);
    const cookies = [...sealed.cookies];
    const { sessionTag, sessionDeadline } = answer ?? {};
    const signedIn =
      answer?.responseStatus === 'SUCCESS' &&
      typeof sessionTag === 'string' &&
      typeof sessionDeadline === 'number';
    if (signedIn && refreshToken !== undefined) {
      const kept: SsoRenewal = { ...renewal, refreshToken, sessionTag };
      // It lives as long as the session it renews: a newer session needs a newer one.
      const maxAge = Math.max(0, Math.floor((sessionDeadline - now()) / 1000));
      // A landed session's renewal waits beside it, and takes the renewal cookie when the
      // session becomes the browser's own (`describe`).
      const name = call.lands ? `${LANDED_RENEW_PREFIX}${sessionTag}` : RENEW_COOKIE;
      cookies.push(
        `${name}=${await sealer.sealData({ ...kept })}; ${renewAttributes}; Max-Age=${maxAge}`,
      );
    } else {
      // A landed session replaces no renewal yet: the one the browser holds is settled when
      // the session is promoted.
      if (!call.lands) cookies.push(clearRenewal);
      if (!signedIn) letGo();
    }
    return {
      answer: signedIn ? answer : undefined,
      body: new TextDecoder().decode(sealed.body),
      cookies,
      refused: undefined,
    };
  };
  const signal = () => AbortSignal.timeout(settings.upstreamTimeoutMs);

  // The identity provider's endpoint the proxy itself calls: https, an allowed plain host name.
  const reachable = (value: unknown, endpoint: 'token' | 'revocation' = 'token'): URL => {
    let url: URL | undefined;
    try {
      url = new URL(String(value));
    } catch {
      url = undefined;
    }
    if (
      url === undefined ||
      url.protocol !== 'https:' ||
      url.port !== '' ||
      url.username !== '' ||
      url.password !== ''
    ) {
      throw new ProxyRefusal(
        400,
        'PROXY_HOST_NOT_ALLOWED',
        `The identity provider's ${endpoint} endpoint is not an https URL on a plain host name.`,
      );
    }
    if (!isAllowedHost(url.hostname, settings.allowHosts)) {
      throw new ProxyRefusal(
        400,
        'PROXY_HOST_NOT_ALLOWED',
        `The identity provider's host ${url.hostname} is not on the allow list (session.sso.allowHosts).`,
      );
    }
    return url;
  };

  const redirect = (
    returnTo: string,
    error: SsoErrorCode | undefined,
    cookies: readonly string[],
  ): SessionAnswer => {
    // A sign-in's own cookie is cleared by the caller, which knows its name.
    // The path as sanitised at the start, its query left as it was, the outcome added to it.
    const { pathname, search, hash } = new URL(returnTo, PLACEHOLDER_ORIGIN);
    // A success says so too, with a marker that names no secret: the page reports the
    // sign-in once, and takes the marker out of its address.
    const [name, value] =
      error === undefined ? [SSO_SIGNED_IN_PARAMETER, '1'] : [SSO_ERROR_PARAMETER, error];
    const outcome = `${search === '' ? '?' : `${search}&`}${name}=${value}`;
    return {
      status: 303,
      headers: {
        location: `${pathname}${outcome}${hash}`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
      body: '',
      cookies,
    };
  };
  const clearPending = (name: string) => `${name}=; ${ATTRIBUTES}; Max-Age=0`;

  return {
    startPath,
    callbackPath,
    renewPath,

    async start(form, header, fetchUpstream) {
      // The redirect URI is on the page's own origin, which the origin check has allowed.
      const origin = header('origin');
      if (!origin) {
        throw new ProxyRefusal(
          403,
          'PROXY_ORIGIN_REFUSED',
          'Single sign-on starts from a page of an allowed origin; the call named no Origin.',
        );
      }
      if (form.length > MAX_SSO_FORM_BYTES) {
        throw new ProxyRefusal(
          413,
          'PROXY_PAYLOAD_TOO_LARGE',
          'The single sign-on form is too large.',
        );
      }
      const fields = new URLSearchParams(form);
      const username = fields.get('username')?.trim() ?? '';
      const profileId = fields.get('profile') ?? '';
      const vaultDns = fields.get('vaultDNS')?.toLowerCase() || undefined;
      const clientId = fields.get('client_id') || undefined;
      const scope = fields.get('scope') || 'openid';
      // On unless the app accepts any of the user's vaults.
      const validateDns = fields.get('validateDns') !== 'false';
      if (
        username === '' ||
        username.length > MAX_USERNAME ||
        !PROFILE_ID.test(profileId) ||
        (vaultDns !== undefined && !isPlainHostName(vaultDns)) ||
        (clientId !== undefined && !CLIENT_ID.test(clientId)) ||
        !SCOPE.test(scope)
      ) {
        throw failed(
          'The single sign-on form needs username and profile; vaultDNS, client_id and scope must be well formed.',
        );
      }
      const discoveryForm = new URLSearchParams({ username });
      if (clientId !== undefined) discoveryForm.set('client_id', clientId);
      const discovery = await readJson(
        await fetchUpstream(
          new Request(`https://${loginHost}/auth/discovery`, {
            method: 'POST',
            headers: {
              accept: 'application/json',
              'content-type': FORM_TYPE,
              ...(clientId === undefined ? {} : { 'x-vaultapi-clientid': clientId }),
            },
            body: discoveryForm.toString(),
            redirect: 'manual',
            signal: signal(),
          }),
        ),
      );
      if (discovery?.responseStatus !== 'SUCCESS') {
        // The service's own refusal (a burst limit, a bad user name), in its own shape.
        return {
          status: 200,
          headers: JSON_HEADERS,
          body: JSON.stringify({
            responseStatus: 'FAILURE',
            errors: errorsOf(discovery),
          }),
          cookies: [],
        };
      }
      const data = discovery.data as { auth_type?: unknown; auth_profiles?: unknown } | undefined;
      const profile =
        data?.auth_type === 'sso' && Array.isArray(data.auth_profiles)
          ? (data.auth_profiles as Record<string, unknown>[]).find((item) => item?.id === profileId)
          : undefined;
      const metadata = profile?.as_metadata as Record<string, unknown> | undefined;
      if (profile === undefined || metadata === undefined) {
        throw failed('Discovery offers this user no such single sign-on profile.');
      }
      const issuer = metadata.issuer;
      if (typeof issuer !== 'string' || issuer === '') throw failed('The profile names no issuer.');
      const tokenEndpoint = reachable(metadata.token_endpoint).href;
      // A revocation endpoint the proxy may not reach is not used: the sign-in goes on.
      let revocationEndpoint: string | undefined;
      try {
        revocationEndpoint =
          metadata.revocation_endpoint === undefined
            ? undefined
            : reachable(metadata.revocation_endpoint, 'revocation').href;
      } catch {
        revocationEndpoint = undefined;
      }
      const authorization = browserEndpoint(metadata.authorization_endpoint);
      const idpClientId =
        typeof profile.as_client_id === 'string' && profile.as_client_id !== ''
          ? profile.as_client_id
          : clientId;
      if (idpClientId === undefined) {
        throw failed(
          'The profile names no client ID at its identity provider, and the app sent none.',
        );
      }
      const state = generateRandomState();
      const nonce = generateRandomNonce();
      const verifier = generateRandomCodeVerifier();
      const redirectUri = `${origin}${callbackPath}`;
      const parameters = authorization.searchParams;
      parameters.set('client_id', idpClientId);
      parameters.set('response_type', 'code');
      parameters.set('redirect_uri', redirectUri);
      parameters.set('scope', scope);
      parameters.set('state', state);
      parameters.set('nonce', nonce);
      parameters.set('code_challenge', await calculatePKCECodeChallenge(verifier));
      parameters.set('code_challenge_method', 'S256');
      parameters.set('login_hint', username);
      const flow: SsoFlow = {
        v: 1,
        state,
        nonce,
        verifier,
        redirectUri,
        issuer,
        tokenEndpoint,
        revocationEndpoint,
        idpClientId,
        clientId,
        profileId,
        vaultDns,
        validateDns,
        returnTo: sanitizeReturnTo(fields.get('returnTo') ?? '/', { origin: PLACEHOLDER_ORIGIN }),
        expiresAt: now() + FLOW_MS,
      };
      // The sign-ins still pending stay, up to a few: the expired and unreadable ones go,
      // then the oldest, to make room for this one.
      const pending = await openPending(header);
      const live = pending
        .filter((entry): entry is PendingSignIn & { flow: SsoFlow } => isLive(entry.flow))
        .sort((a, b) => a.flow.expiresAt - b.flow.expiresAt);
      const dropped = [
        ...pending.filter((entry) => !isLive(entry.flow)),
        ...live.slice(0, Math.max(0, live.length - (MAX_PENDING - 1))),
      ];
      return {
        status: 200,
        headers: JSON_HEADERS,
        body: JSON.stringify({ responseStatus: 'SUCCESS', authorizationUrl: authorization.href }),
        cookies: [
          ...dropped.map((entry) => clearPending(entry.name)),
          `${await pendingName(state)}=${await sealer.sealData({ ...flow })}; ${ATTRIBUTES}; Max-Age=${FLOW_MS / 1000}`,
        ],
      };
    },

    async callback(query, header, fetchUpstream, upstream, waitUntil) {
      const answered = new URLSearchParams(query);
      const state = answered.get('state');
      const pending = await openPending(header);
      const name = state === null ? undefined : await pendingName(state);
      const own = pending.find((entry) => entry.name === name);
      const flow = own?.flow;
      if (own === undefined || !isLive(flow)) {
        // An answer that belongs to no pending sign-in (unknown, forged, replayed, expired)
        // leaves the pending ones alone; with a single one, the user goes back to its page.
        const others = pending.flatMap((entry) => (isLive(entry.flow) ? [entry.flow] : []));
        const back = flow ?? (others.length === 1 ? others[0] : undefined);
        return redirect(
          back?.returnTo ?? '/',
          'sso_state_mismatch',
          own === undefined ? [] : [clearPending(own.name)],
        );
      }
      // Used once: whatever happens next, this sign-in's cookie goes.
      const done = [clearPending(own.name)];
      const [as, client] = providerOf(flow);
      let parameters: URLSearchParams;
      try {
        parameters = validateAuthResponse(as, client, answered, flow.state);
      } catch (error) {
        if (error instanceof AuthorizationResponseError) {
          return redirect(
            flow.returnTo,
            error.error === 'access_denied' ? 'sso_cancelled' : 'sso_failed',
            done,
          );
        }
        return redirect(flow.returnTo, 'sso_state_mismatch', done);
      }
      let tokens: TokenEndpointResponse;
      try {
        // The allow list as it is now, not as it was at the start.
        reachable(flow.tokenEndpoint);
        const answer = await authorizationCodeGrantRequest(
          as,
          client,
          None(),
          parameters,
          flow.redirectUri,
          flow.verifier,
          tokenOptions(fetchUpstream),
        );
        tokens = await processAuthorizationCodeResponse(as, client, answer, {
          expectedNonce: flow.nonce,
        });
      } catch {
        return redirect(flow.returnTo, 'sso_failed', done);
      }
      const subject = getValidatedIdTokenClaims(tokens)?.sub;
      try {
        const opened = await openVaultSession(flow, tokens, renewalOf(flow, subject), {
          header,
          fetchUpstream,
          upstream,
          waitUntil,
          lands: true,
        });
        return redirect(
          flow.returnTo,
          opened.refused === 'vault-mismatch'
            ? 'sso_vault_mismatch'
            : opened.answer === undefined
              ? 'sso_failed'
              : undefined,
          [...opened.cookies, ...done],
        );
      } catch {
        return redirect(flow.returnTo, 'sso_failed', done);
      }
    },

    async renew(header, fetchUpstream, upstream, waitUntil) {
      session.checkCsrf('POST', header);
      const renewal = await openRenewal(header);
      const refuse = (type: 'SSO_RENEWAL_REFUSED' | 'SSO_RENEWAL_FAILED', message: string) => {
        // Refused for good: the cookie goes, and its refresh token is revoked. A passing
        // fault leaves both for another try.
        if (type === 'SSO_RENEWAL_REFUSED' && renewal !== undefined) {
          revoke(renewal, fetchUpstream, waitUntil);
        }
        return {
          status: 200,
          headers: JSON_HEADERS,
          body: JSON.stringify({ responseStatus: 'FAILURE', errors: [{ type, message }] }),
          cookies: type === 'SSO_RENEWAL_REFUSED' ? [clearRenewal] : [],
        };
      };
      const held = await session.plan(
        oauthTarget(loginHost, renewal?.profileId ?? ''),
        header,
        upstream,
      );
      const own = held.replaces.find((entry) => entry.kind === 'own');
      if (renewal === undefined || own === undefined || own.tag !== renewal.sessionTag) {
        return refuse(
          'SSO_RENEWAL_REFUSED',
          'This browser holds no session that single sign-on can renew.',
        );
      }
      const [as, client] = providerOf(renewal);
      let tokens: TokenEndpointResponse;
      try {
        // The allow list as it is now, not as it was at the sign-in.
        reachable(renewal.tokenEndpoint);
        const answer = await refreshTokenGrantRequest(
          as,
          client,
          None(),
          renewal.refreshToken,
          tokenOptions(fetchUpstream),
        );
        tokens = await processRefreshTokenResponse(as, client, answer);
      } catch (error) {
        return error instanceof ResponseBodyError || error instanceof ProxyRefusal
          ? refuse(
              'SSO_RENEWAL_REFUSED',
              'The identity provider no longer allows a sign-in without a form.',
            )
          : refuse('SSO_RENEWAL_FAILED', 'The identity provider could not be reached.');
      }
      try {
        const opened = await openVaultSession(
          renewal,
          // A provider that does not rotate refresh tokens keeps the one it gave. One that
          // does has ended the old one already: it is not revoked, which could end the grant
          // the new one belongs to.
          { ...tokens, refresh_token: tokens.refresh_token ?? renewal.refreshToken },
          renewalOf(renewal, renewal.subject),
          { header, fetchUpstream, upstream, waitUntil, lands: false },
        );
        if (opened.refused === 'vault-mismatch') {
          return refuse(
            'SSO_RENEWAL_REFUSED',
            'The new session would be in another vault than the one the user signed in to.',
          );
        }
        if (opened.answer === undefined) {
          return {
            status: 200,
            headers: JSON_HEADERS,
            body: opened.body,
            cookies: opened.cookies,
          };
        }
        return {
          status: 200,
          headers: JSON_HEADERS,
          body: JSON.stringify({ ...opened.answer, sessionRenewal: 'sso' }),
          cookies: opened.cookies,
        };
      } catch {
        return refuse('SSO_RENEWAL_FAILED', 'The vault could not be reached.');
      }
    },

    async describe(answer, header, fetchUpstream, waitUntil) {
      const known = parseJsonObject(new TextEncoder().encode(answer.body));
      const own = known?.own as Record<string, unknown> | null | undefined;
      if (answer.status !== 200 || known === undefined) return answer;
      const main = readCookie(header('cookie'), RENEW_COOKIE);
      const held = await Promise.all(
        [
          ...(main === undefined ? [] : [[RENEW_COOKIE, main] as const]),
          ...readCookiesNamed(header('cookie'), LANDED_RENEW_PREFIX),
        ].map(async ([name, value]) => ({
          name,
          value,
          renewal: asRenewal(await sealer.openData(value)),
        })),
      );
      if (held.length === 0) return answer;
      // The renewal of the session the browser holds now, however it came (a landed sign-in's
      // takes the renewal cookie); every other one goes with the session it served, at the
      // provider too. Not when the same person signed in again at the same provider: a
      // provider may hold both tokens under one grant, and revoking the old one would take
      // the new one with it.
      const kept = held.find(
        (entry) => own != null && entry.renewal?.sessionTag === own.sessionTag,
      );
      const cookies = [...answer.cookies];
      for (const entry of held) {
        if (entry === kept) continue;
        cookies.push(entry.name === RENEW_COOKIE ? clearRenewal : clearLandedRenewal(entry.name));
        if (entry.renewal !== undefined && !sameGrant(entry.renewal, kept?.renewal)) {
          revoke(entry.renewal, fetchUpstream, waitUntil);
        }
      }
      if (kept === undefined || own == null) return { ...answer, cookies };
      if (kept.name !== RENEW_COOKIE) {
        const maxAge = Math.max(0, Math.floor((Number(own.deadline) - now()) / 1000));
        cookies.push(
          clearLandedRenewal(kept.name),
          `${RENEW_COOKIE}=${kept.value}; ${renewAttributes}; Max-Age=${maxAge}`,
        );
      }
      return {
        ...answer,
        body: JSON.stringify({ ...known, own: { ...own, renewal: 'sso' } }),
        cookies,
      };
    },
  };
}

// Whether two renewals may be one grant at the provider: the same issuer, and no sign that
// they are different people.
function sameGrant(a: SsoRenewal, b: SsoRenewal | undefined): boolean {
  return (
    b !== undefined &&
    a.issuer === b.issuer &&
    (a.subject === undefined || b.subject === undefined || a.subject === b.subject)
  );
}

function oauthTarget(loginHost: string, profileId: string) {
  return {
    route: 'auth' as const,
    host: loginHost,
    path: `/auth/oauth/session/${encodeURIComponent(profileId)}`,
    call: 'oauth-login' as const,
    version: undefined,
  };
}

// Where the browser is sent: https, or plain http on a loopback host (a development provider).
function browserEndpoint(value: unknown): URL {
  let url: URL | undefined;
  try {
    url = new URL(String(value));
  } catch {
    url = undefined;
  }
  const loopback =
    url !== undefined &&
    (url.hostname === 'localhost' ||
      url.hostname === '[::1]' ||
      /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname));
  if (url === undefined || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
    throw failed("The identity provider's authorization endpoint is not an https URL.");
  }
  return url;
}

function failed(message: string): ProxyRefusal {
  return new ProxyRefusal(400, 'PROXY_SSO_FAILED', message);
}

async function readBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) throw new Error('The answer is too large.');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_ANSWER_BYTES) throw new Error('The answer is too large.');
  return bytes;
}

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProxyRefusal(502, 'PROXY_UPSTREAM_UNREACHABLE', 'Discovery could not be reached.');
  }
  return parseJsonObject(await readBytes(response));
}

// Only the types and messages of the service's errors go on.
function errorsOf(answer: Record<string, unknown> | undefined) {
  const errors = Array.isArray(answer?.errors) ? (answer.errors as unknown[]) : [];
  const kept = errors.flatMap((entry) => {
    const { type, message } = (entry ?? {}) as { type?: unknown; message?: unknown };
    return typeof type === 'string'
      ? [{ type, message: typeof message === 'string' ? message : '' }]
      : [];
  });
  return kept.length > 0 ? kept : [{ type: 'UNEXPECTED_ERROR', message: '' }];
}

function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) {
      return part.slice(equals + 1).trim();
    }
  }
  return undefined;
}

// Every cookie whose name begins with `prefix`, as [name, value].
function readCookiesNamed(header: string | null | undefined, prefix: string): [string, string][] {
  if (!header) return [];
  return header.split(';').flatMap((part): [string, string][] => {
    const equals = part.indexOf('=');
    const name = equals === -1 ? '' : part.slice(0, equals).trim();
    return name.startsWith(prefix) && name.length > prefix.length
      ? [[name, part.slice(equals + 1).trim()]]
      : [];
  });
}

// The cookie of the sign-in with this state: named after a hash of it, so the name says
// nothing of the state and is a cookie name whatever the state holds.
async function pendingName(state: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(state)),
  );
  let binary = '';
  for (const byte of digest.subarray(0, 16)) binary += String.fromCharCode(byte);
  const id = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${COOKIE_PREFIX}${id}`;
}

// The vault a successful OAuth login landed in, when it is not the one the sign-in asked
// for and the app accepts that one alone; `undefined` otherwise.
function landedElsewhere(
  grant: SsoGrant,
  answer: Record<string, unknown> | undefined,
): { sid: string; dns: string } | undefined {
  if (!grant.validateDns || grant.vaultDns === undefined) return undefined;
  const sid = answer?.sessionId;
  if (answer?.responseStatus !== 'SUCCESS' || typeof sid !== 'string' || sid === '') {
    return undefined;
  }
  const dns = ownSession(answer, undefined)?.dns;
  return dns === undefined || dns === grant.vaultDns ? undefined : { sid, dns };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an unreadable address';
  }
}

// Sealed by this proxy, so authentic; its shape is checked all the same.
function asFlow(data: Record<string, unknown> | undefined): SsoFlow | undefined {
  if (data === undefined || data.v !== 1) return undefined;
  const strings = [
    'state',
    'nonce',
    'verifier',
    'redirectUri',
    'issuer',
    'tokenEndpoint',
    'idpClientId',
    'profileId',
    'returnTo',
  ];
  if (!strings.every((name) => typeof data[name] === 'string')) return undefined;
  if (typeof data.expiresAt !== 'number' || typeof data.validateDns !== 'boolean') {
    return undefined;
  }
  return data as unknown as SsoFlow;
}

// The identity provider and this proxy's client there, as oauth4webapi names them.
function providerOf(
  from: Pick<SsoFlow, 'issuer' | 'tokenEndpoint' | 'idpClientId'>,
): [AuthorizationServer, Client] {
  return [
    { issuer: from.issuer, token_endpoint: from.tokenEndpoint },
    { client_id: from.idpClientId },
  ];
}

function renewalOf(from: SsoProfile, subject: string | undefined): SsoRenewalBase {
  return {
    v: 1,
    renew: true,
    issuer: from.issuer,
    tokenEndpoint: from.tokenEndpoint,
    revocationEndpoint: from.revocationEndpoint,
    idpClientId: from.idpClientId,
    clientId: from.clientId,
    profileId: from.profileId,
    vaultDns: from.vaultDns,
    validateDns: from.validateDns,
    subject,
  };
}

// Sealed by this proxy under the data key, so authentic; a sign-in's cookie is no renewal.
function asRenewal(data: Record<string, unknown> | undefined): SsoRenewal | undefined {
  if (data === undefined || data.v !== 1 || data.renew !== true) return undefined;
  const strings = [
    'refreshToken',
    'issuer',
    'tokenEndpoint',
    'idpClientId',
    'profileId',
    'sessionTag',
  ];
  if (!strings.every((name) => typeof data[name] === 'string')) return undefined;
  // A renewal sealed before these were kept: no revocation, no subject, the vault checked.
  const optional = (name: string) => (typeof data[name] === 'string' ? data[name] : undefined);
  return {
    ...(data as unknown as SsoRenewal),
    revocationEndpoint: optional('revocationEndpoint'),
    subject: optional('subject'),
    validateDns: data.validateDns !== false,
  };
}
