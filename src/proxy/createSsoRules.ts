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
  None,
  processAuthorizationCodeResponse,
  processRefreshTokenResponse,
  ResponseBodyError,
  refreshTokenGrantRequest,
  type TokenEndpointResponse,
  validateAuthResponse,
} from 'oauth4webapi';
import type { SsoErrorCode } from '../oidc/createSsoError';
import { SSO_ERROR_PARAMETER } from '../oidc/readProxySsoOutcome';
import { sanitizeReturnTo } from '../oidc/sanitizeReturnTo';
import type { SessionAnswer, SessionRules, UpstreamCall } from './createSessionRules';
import type { SealedSession } from './createSessionSealer';
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
    upstream: UpstreamCall,
  ): Promise<SessionAnswer>;
  /**
   * Checks the provider's answer against the sealed cookie, exchanges the code, opens the
   * vault session, seals it as a login answer is sealed, and redirects to the return path
   * (with `vault_sso_error` when it failed).
   */
  callback(
    query: string,
    header: (name: string) => string | null | undefined,
    fetchUpstream: UpstreamFetch,
    upstream: UpstreamCall,
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
  ): Promise<SessionAnswer>;
  /**
   * Who-am-I's answer with `renewal: 'sso'` on the own session when the browser holds a
   * renewal cookie for exactly that session.
   */
  describe(
    answer: SessionAnswer,
    header: (name: string) => string | null | undefined,
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
}

/** What the single sign-on cookie holds between the start and the provider's return. */
interface SsoFlow {
  readonly v: 1;
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
  readonly redirectUri: string;
  readonly issuer: string;
  readonly tokenEndpoint: string;
  /** The client ID at the identity provider. */
  readonly idpClientId: string;
  /** The app's client ID at the service, for the OAuth session login. */
  readonly clientId: string | undefined;
  readonly profileId: string;
  readonly vaultDns: string | undefined;
  readonly returnTo: string;
  readonly expiresAt: number;
  /**
   * The sessions a successful sign-in replaces, as the start saw them: the identity
   * provider's return is a cross-site navigation, which brings no `SameSite=Strict` cookie.
   */
  readonly replaces: readonly SealedSession[];
}

/** What the renewal cookie holds: how to ask the provider again, for which session. */
interface SsoRenewal {
  readonly v: 1;
  readonly renew: true;
  readonly refreshToken: string;
  readonly issuer: string;
  readonly tokenEndpoint: string;
  readonly idpClientId: string;
  readonly clientId: string | undefined;
  readonly profileId: string;
  readonly vaultDns: string | undefined;
  /** The tag of the own session it was issued with: it renews that session and no other. */
  readonly sessionTag: string;
}

/** What opening a vault session with an access token needs to know. */
type SsoGrant = Pick<SsoFlow, 'clientId' | 'profileId' | 'vaultDns'>;

const COOKIE = '__Host-vault-sso';
// Sent only to the session route and what is below it (never with a vault call), and only
// from the app's own pages: `__Secure-`, since `__Host-` would force `Path=/`.
const RENEW_COOKIE = '__Secure-vault-sso-renew';
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
  const openRenewal = async (header: (name: string) => string | null | undefined) => {
    const value = readCookie(header('cookie'), RENEW_COOKIE);
    return asRenewal(value === undefined ? undefined : await sealer.openData(value));
  };

  const tokenOptions = (fetchUpstream: UpstreamFetch) => ({
    signal: signal(),
    [customFetch]: (url: string, options: RequestInit) =>
      fetchUpstream(new Request(url, { ...options, redirect: 'manual' } as RequestInit)),
  });

  // The OAuth session login with the access token, sealed by the login path every login
  // takes (so every guarantee of it holds here), and the renewal cookie when the provider
  // granted a refresh token.
  const openVaultSession = async (
    grant: SsoGrant,
    tokens: TokenEndpointResponse,
    renewal: Omit<SsoRenewal, 'refreshToken' | 'sessionTag'>,
    header: (name: string) => string | null | undefined,
    fetchUpstream: UpstreamFetch,
    upstream: UpstreamCall,
    alsoReplaces: readonly SealedSession[],
  ): Promise<{ answer: Record<string, unknown> | undefined; body: string; cookies: string[] }> => {
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
    const plan = await session.plan(target, header, upstream);
    const seen = new Set(plan.replaces.map((held) => held.sid));
    const replaces = [...plan.replaces, ...alsoReplaces.filter((held) => !seen.has(held.sid))];
    const sealed = await session.answer({ ...plan, replaces }, body, {
      form: undefined,
      upstream,
      inspected: false,
    });
    const answer = parseJsonObject(sealed.body);
    const cookies = [...sealed.cookies];
    const { sessionTag, sessionDeadline } = answer ?? {};
    const signedIn =
      answer?.responseStatus === 'SUCCESS' &&
      typeof sessionTag === 'string' &&
      typeof sessionDeadline === 'number';
    const refreshToken = tokens.refresh_token;
    if (signedIn && typeof refreshToken === 'string' && refreshToken !== '') {
      const kept: SsoRenewal = { ...renewal, refreshToken, sessionTag };
      // It lives as long as the session it renews: a newer session needs a newer one.
      const maxAge = Math.max(0, Math.floor((sessionDeadline - now()) / 1000));
      cookies.push(
        `${RENEW_COOKIE}=${await sealer.sealData({ ...kept })}; ${renewAttributes}; Max-Age=${maxAge}`,
      );
    } else {
      cookies.push(clearRenewal);
    }
    return {
      answer: signedIn ? answer : undefined,
      body: new TextDecoder().decode(sealed.body),
      cookies,
    };
  };
  const signal = () => AbortSignal.timeout(settings.upstreamTimeoutMs);

  // The identity provider's endpoint the proxy itself calls: https, an allowed plain host name.
  const reachable = (value: unknown): URL => {
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
        "The identity provider's token endpoint is not an https URL on a plain host name.",
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
    // The path as sanitised at the start, its query left as it was, the outcome added to it.
    const { pathname, search, hash } = new URL(returnTo, PLACEHOLDER_ORIGIN);
    const outcome =
      error === undefined
        ? search
        : `${search === '' ? '?' : `${search}&`}${SSO_ERROR_PARAMETER}=${error}`;
    return {
      status: 303,
      headers: {
        location: `${pathname}${outcome}${hash}`,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
      body: '',
      cookies: [...cookies, `${COOKIE}=; ${ATTRIBUTES}; Max-Age=0`],
    };
  };

  return {
    startPath,
    callbackPath,
    renewPath,

    async start(form, header, fetchUpstream, upstream) {
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
      // The sessions this sign-in will replace are seen now, while the page's own cookies come.
      const replaced = await session.plan(oauthTarget(loginHost, profileId), header, upstream);
      const flow: SsoFlow = {
        v: 1,
        state,
        nonce,
        verifier,
        redirectUri,
        issuer,
        tokenEndpoint,
        idpClientId,
        clientId,
        profileId,
        vaultDns,
        returnTo: sanitizeReturnTo(fields.get('returnTo') ?? '/', { origin: PLACEHOLDER_ORIGIN }),
        expiresAt: now() + FLOW_MS,
        replaces: replaced.replaces,
      };
      return {
        status: 200,
        headers: JSON_HEADERS,
        body: JSON.stringify({ responseStatus: 'SUCCESS', authorizationUrl: authorization.href }),
        cookies: [
          ...replaced.cookies,
          `${COOKIE}=${await sealer.sealData({ ...flow })}; ${ATTRIBUTES}; Max-Age=${FLOW_MS / 1000}`,
        ],
      };
    },

    async callback(query, header, fetchUpstream, upstream) {
      const value = readCookie(header('cookie'), COOKIE);
      const opened = value === undefined ? undefined : await sealer.openData(value);
      const flow = asFlow(opened);
      if (flow === undefined || flow.expiresAt <= now()) {
        return redirect('/', 'sso_state_mismatch', []);
      }
      const [as, client] = providerOf(flow);
      let parameters: URLSearchParams;
      try {
        parameters = validateAuthResponse(as, client, new URLSearchParams(query), flow.state);
      } catch (error) {
        if (error instanceof AuthorizationResponseError) {
          return redirect(
            flow.returnTo,
            error.error === 'access_denied' ? 'sso_cancelled' : 'sso_failed',
            [],
          );
        }
        return redirect(flow.returnTo, 'sso_state_mismatch', []);
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
        return redirect(flow.returnTo, 'sso_failed', []);
      }
      try {
        const opened = await openVaultSession(
          flow,
          tokens,
          renewalOf(flow),
          header,
          fetchUpstream,
          upstream,
          // The sessions the start saw: the provider's return brings no strict cookie.
          flow.replaces,
        );
        return redirect(
          flow.returnTo,
          opened.answer === undefined ? 'sso_failed' : undefined,
          opened.cookies,
        );
      } catch {
        return redirect(flow.returnTo, 'sso_failed', []);
      }
    },

    async renew(header, fetchUpstream, upstream) {
      session.checkCsrf('POST', header);
      const renewal = await openRenewal(header);
      const refuse = (type: 'SSO_RENEWAL_REFUSED' | 'SSO_RENEWAL_FAILED', message: string) => ({
        status: 200,
        headers: JSON_HEADERS,
        body: JSON.stringify({ responseStatus: 'FAILURE', errors: [{ type, message }] }),
        // Refused for good: the cookie goes. A passing fault leaves it for another try.
        cookies: type === 'SSO_RENEWAL_REFUSED' ? [clearRenewal] : [],
      });
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
          // A provider that does not rotate refresh tokens keeps the one it gave.
          { ...tokens, refresh_token: tokens.refresh_token ?? renewal.refreshToken },
          renewalOf(renewal),
          header,
          fetchUpstream,
          upstream,
          [],
        );
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

    async describe(answer, header) {
      const known = parseJsonObject(new TextEncoder().encode(answer.body));
      const own = known?.own as Record<string, unknown> | null | undefined;
      if (answer.status !== 200 || known === undefined) return answer;
      const renewal = await openRenewal(header);
      if (renewal === undefined) return answer;
      if (own == null || renewal.sessionTag !== own.sessionTag) {
        // Signed out, expired or replaced: the refresh token goes with the session it served.
        return { ...answer, cookies: [...answer.cookies, clearRenewal] };
      }
      return {
        ...answer,
        body: JSON.stringify({ ...known, own: { ...own, renewal: 'sso' } }),
      };
    },
  };
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

function readCookie(header: string | null | undefined, name = COOKIE): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals !== -1 && part.slice(0, equals).trim() === name) {
      return part.slice(equals + 1).trim();
    }
  }
  return undefined;
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
  if (typeof data.expiresAt !== 'number' || !Array.isArray(data.replaces)) return undefined;
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

function renewalOf(from: SsoFlow | SsoRenewal): Omit<SsoRenewal, 'refreshToken' | 'sessionTag'> {
  const { issuer, tokenEndpoint, idpClientId, clientId, profileId, vaultDns } = from;
  return { v: 1, renew: true, issuer, tokenEndpoint, idpClientId, clientId, profileId, vaultDns };
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
  return data as unknown as SsoRenewal;
}
