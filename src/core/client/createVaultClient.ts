import { createEmitter } from '../createEmitter';
import { VaultConfigError, VaultDnsMismatchError, VaultProtocolError } from '../errors';
import { configError } from '../explainInDevelopment';
import { END_LENT_HEADER, FRAMED_HEADER, KIT_HEADER, SESSION_HEADER } from '../kitWire';
import { checkSessionId } from './checkSessionId';
import { isSessionTag } from './isSessionTag';
import type { ReadShape } from './readShape';
import { readVaultResponse } from './readVaultResponse';
import { resolveApiPath } from './resolveApiPath';
import { checkTimeout, checkVaultDns, resolveClientConfig } from './resolveClientConfig';
import { responseReaders, tokenModeBehindBff } from './responseReaders';
import type { ProxySessionReference, SessionReference } from './SessionReference';
import { type ReceivedResponse, sendRequest } from './sendRequest';
import type {
  AuthResult,
  ProxySessions,
  RequestOptions,
  VaultClient,
  VaultClientConfig,
} from './types';

// RFC 6750 b64token; IdP access tokens (opaque or JWT) fit it, and it keeps the header safe.
const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
const MAX_ACCESS_TOKEN_LENGTH = 16_384;
// Ending an unexpected session is best effort and must not hold a failed login for long.
const CLEANUP_TIMEOUT_MS = 10_000;

/**
 * Creates the typed client for the service's eight authentication and session calls.
 * Settings are validated here, so a bad `baseUrl`, `clientId` or `apiVersion` throws
 * {@link VaultConfigError} at once. The client is stateless: every call that needs a
 * session takes it as an argument (the {@link SessionReference} a login returned), sends its
 * ID only as the `Authorization` header, and refuses a malformed one without sending
 * anything.
 *
 * With `credentials: 'proxy'` (backend-for-frontend mode) the kit's proxy holds the session
 * IDs in `HttpOnly` cookies: the client never sends `Authorization` for a session, sends
 * `X-Vault-Kit: 1` on every call and `X-Vault-Session: delegated` for a delegated
 * session's calls, and its logins return a reference to the proxy's cookie and the
 * session's tag (`{ kind: 'proxy', cookie: 'own', tag }`). A login answer that still carries
 * the session ID (the proxy is not in BFF mode) ends that session and throws
 * {@link VaultConfigError} naming `session.secrets`; in token mode an answer with a
 * `sessionTag` and no ID throws {@link VaultConfigError} naming `credentials: 'proxy'`.
 *
 * Every call rejects with a {@link VaultError}: `VaultApiError` when the service answered
 * `FAILURE`/`EXCEPTION`, `VaultProtocolError` for a non-200, non-JSON or malformed answer,
 * `VaultNetworkError`, `VaultTimeoutError` or `VaultAbortedError` when no answer came.
 *
 * Where calls go: with `vaultUrl`, a call made with a session goes to the vault named by
 * its `options.vaultDns` (the session's vault; the session layer passes it), a password
 * login to its `vaultDns`, and discovery and the OAuth login to `authUrl`; whatever names
 * no vault goes to `baseUrl`. Without `vaultUrl`, everything goes to `baseUrl`.
 *
 * DNS validation (`validateDns`, on by default) applies to `login` and
 * `loginWithAccessToken` when an expected vault DNS is known, from the call's `vaultDns`
 * or from `config.vaultDns`: the vault the session landed in must have that host, or the
 * session is ended and {@link VaultDnsMismatchError} is thrown. With no expected DNS there
 * is nothing to compare; the host of `baseUrl` is deliberately not used, because behind a
 * same-origin proxy it names the proxy, not the vault.
 *
 * @example
 * ```ts
 * const client = createVaultClient({ baseUrl: '', clientId: 'sunrise-docs-portal' });
 * const { session } = await client.login({
 *   username: 'olivia@sunrise.example',
 *   password,
 *   vaultDns: 'promomats.sunrise.example',
 * });
 * await client.keepAlive(session);
 * await client.endSession(session);
 *
 * // BFF mode, behind the kit's proxy with `session: { secrets }`:
 * const browser = createVaultClient({ authUrl: '', vaultUrl: '/vault/{dns}', credentials: 'proxy' });
 * const signedIn = await browser.login({ username: 'olivia@sunrise.example', password, vaultDns: 'promomats.sunrise.example' });
 * signedIn.session; // { kind: 'proxy', cookie: 'own', tag: 'q0VbGZ3rUj5pXn9M2a7LkQ' }, not a credential
 * ```
 */
export function createVaultClient(config: VaultClientConfig): VaultClient {
  const resolved = resolveClientConfig(config);
  const customFetch = config.fetch;
  const proxyMode = resolved.credentials === 'proxy';

  // Where a call goes: the named vault through `vaultUrl`, else the one `baseUrl`.
  function apiRoot(vaultDns: string | undefined, name: string): string {
    if (vaultDns !== undefined && vaultDns !== '' && resolved.vaultUrl !== undefined) {
      // Host names are case-insensitive; the lower-case form is what proxies allow-list.
      return `${resolved.vaultUrl(checkVaultDns(vaultDns).toLowerCase())}/api`;
    }
    if (resolved.baseUrl !== undefined) return `${resolved.baseUrl}/api`;
    throw configError(`The ${name} call names no vault; nothing was sent.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `The ${name} call names no vault: pass vaultDns (a session's own) or set baseUrl. Nothing was sent.`,
    );
  }
  const versionRoot = (vaultDns: string | undefined, name: string): string =>
    `${apiRoot(vaultDns, name)}/${resolved.apiVersion}`;

  // The headers that name the session of a call: its ID in token mode; in BFF mode the
  // proxy's cookie (the own one needs no header). A session of the other mode is refused.
  function sessionHeaders(session: SessionReference): Record<string, string> {
    if (!proxyMode) {
      return { Authorization: checkSessionId(session?.kind === 'token' ? session.id : undefined) };
    }
    if (
      session?.kind !== 'proxy' ||
      (session.cookie !== 'own' && session.cookie !== 'delegated') ||
      !isSessionTag(session.tag)
    ) {
      throw configError("The proxy's session is malformed; nothing was sent.", () =>
        process.env.NODE_ENV === 'production'
          ? undefined
          : "The proxy's session is malformed (expected { kind: 'proxy', cookie: 'own' or 'delegated', tag }, as the kit hands out with credentials: \"proxy\"); nothing was sent.",
      );
    }
    return session.cookie === 'delegated' ? { [SESSION_HEADER]: 'delegated' } : {};
  }

  function fetchFunction(): typeof fetch {
    // Looked up per call so that a fetch installed after start-up (a test server, a
    // service worker shim) is used.
    const fetchFn = customFetch ?? globalThis.fetch;
    if (typeof fetchFn !== 'function') {
      throw configError('No fetch is available.', () =>
        process.env.NODE_ENV === 'production'
          ? undefined
          : 'No fetch is available: pass one as config.fetch.',
      );
    }
    return fetchFn;
  }

  function baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (resolved.clientId !== undefined) headers['X-VaultAPI-ClientID'] = resolved.clientId;
    if (proxyMode) {
      // The proxy's CSRF check: a header no cross-site form or plain link can send.
      headers[KIT_HEADER] = '1';
      // In a frame, only a partitioned cookie is sure to be kept.
      if (typeof window !== 'undefined' && window.top !== window) headers[FRAMED_HEADER] = '1';
    }
    return headers;
  }

  // Sends one request with the kit's headers, within the call's time limit.
  function send(
    url: string,
    init: { method: string; headers?: Record<string, string>; body?: URLSearchParams },
    options: RequestOptions | undefined,
  ): Promise<ReceivedResponse> {
    const timeoutMs =
      options?.timeoutMs === undefined
        ? resolved.timeoutMs
        : checkTimeout(options.timeoutMs, 'timeoutMs');
    return sendRequest(
      fetchFunction(),
      url,
      {
        ...init,
        headers: { ...baseHeaders(), ...init.headers },
        ...(proxyMode ? { credentials: 'same-origin' as const } : {}),
      },
      { timeoutMs, signal: options?.signal },
    );
  }

  // One call of the service, its answer read by `read`.
  async function call<T>(
    read: ReadShape<T>,
    { method, url, path, name, options, session, form, extra }: ServiceCall,
  ): Promise<T> {
    const received = await send(
      url ?? `${versionRoot(options?.vaultDns, name)}${path}`,
      {
        method,
        headers: { ...(session === undefined ? {} : sessionHeaders(session)), ...extra },
        ...(form === undefined ? {} : { body: form }),
      },
      options,
    );
    let body: T;
    try {
      body = readVaultResponse(received, read, { call: name });
    } catch (error) {
      // A token-mode app behind a proxy in BFF mode: its sign-in is refused for want of the
      // header the kit sends in BFF mode, which is a setup error, named as such.
      if (
        !proxyMode &&
        error instanceof VaultProtocolError &&
        error.proxyError?.type === 'PROXY_CSRF_HEADER_MISSING'
      ) {
        throw new VaultConfigError(tokenModeBehindBff());
      }
      throw error;
    }
    if (session !== undefined) confirmSession(session);
    return body;
  }

  // The proxy's session route answers plain JSON of its own, not the service's envelope.
  // The proxy's own routes (who-am-I, single sign-on) exist in BFF mode only.
  function proxySessionUrl(): string {
    const url = resolved.proxySessionUrl;
    if (url === undefined) {
      throw configError('The proxy session route needs credentials: "proxy".', () =>
        process.env.NODE_ENV === 'production'
          ? undefined
          : 'The proxy\'s session and single sign-on routes are used only with credentials: "proxy" (BFF mode); nothing was sent.',
      );
    }
    return url;
  }

  async function proxySessionCall(
    method: 'GET' | 'DELETE',
    options: RequestOptions | undefined,
    headers?: Record<string, string>,
  ): Promise<ProxySessions> {
    const url = proxySessionUrl();
    const received = await send(url, { method, ...(headers && { headers }) }, options);
    const { status, contentType, bodyText } = received;
    // A 404, or a page that is not JSON (a single-page app's fallback route answers every
    // path with its index.html): the kit's proxy does not serve this route, and a reload
    // would show the login form while the session lives.
    if (status === 404 || (bodyText === undefined && status === 200)) {
      throw configError('The proxy has no session route.', () =>
        process.env.NODE_ENV === 'production'
          ? undefined
          : `${status === 404 ? 'Nothing answers' : `A ${contentType ?? 'non-JSON'} page answers, not the kit's proxy,`} at ${url || '/'}: route it to the kit's proxy beside /auth/* and /vault/* (Express: app.all(/^/(?:auth/|vault/|vault-session(?:$|/))/, listener); Next.js: app/vault-session/[[...path]]/route.ts), which serves it in BFF mode, with session: { secrets } (createVaultProxy, serveVaultProxy, vaultDevServer, emulatorHandlers); or set proxySessionUrl to its session.path.`,
      );
    }
    // A refusal of the proxy (PROXY_*) is described the service's way.
    return readVaultResponse(received, responseReaders.proxySessions, {
      call: 'session route',
      envelope: false,
    });
  }

  // A proxy that is not in BFF mode handed the session ID to the page: that session is
  // ended (with its ID, which that proxy forwards as given) and refused.
  async function refuseExposedSession(
    sessionId: string,
    vaultDns: string | undefined,
  ): Promise<never> {
    await deleteSession(cleanupOptions(vaultDns), {
      extra: { Authorization: sessionId },
    }).catch(() => undefined);
    throw configError("The kit's proxy is not in BFF mode; the session was ended.", () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : "The login answer carries the session ID although the client is set to credentials: 'proxy': the kit's proxy is not in BFF mode. Give it session: { secrets: [a random secret of at least 32 characters] } (createVaultProxy, serveVaultProxy, the route handlers). The session was ended.",
    );
  }

  // A login (`vaultDns` the vault it asked for): a session of the client's mode, or refused.
  async function authCall({
    vaultDns,
    ...request
  }: Omit<ServiceCall, 'method' | 'session'> & {
    vaultDns: string | undefined;
  }): Promise<AuthResult> {
    if (!proxyMode) return call(responseReaders.tokenAuth, { method: 'POST', ...request });
    const { sessionId, sessionTag, sessionDeadline, ...rest } = await call(
      responseReaders.proxyAuth,
      { method: 'POST', ...request },
    );
    if (sessionId !== undefined)
      return refuseExposedSession(sessionId, rest.vault?.dns ?? vaultDns);
    return {
      ...rest,
      session: { kind: 'proxy', cookie: 'own', tag: sessionTag as string },
      ...(sessionDeadline === undefined ? {} : { sessionDeadline }),
    };
  }

  // Ending a session the caller never gets is best effort, within a short time limit.
  const cleanupOptions = (vaultDns: string | undefined): RequestOptions => ({
    timeoutMs: Math.min(resolved.timeoutMs, CLEANUP_TIMEOUT_MS),
    vaultDns,
  });

  // The service's end-session call, made with `session` or with the headers in `extra`.
  const deleteSession = (
    options: RequestOptions | undefined,
    how: Pick<ServiceCall, 'session' | 'extra'>,
  ): Promise<undefined> =>
    call(responseReaders.generic, {
      method: 'DELETE',
      path: '/session',
      name: 'end session',
      options,
      ...how,
    });

  const confirmed = createEmitter<[session: SessionReference]>(() => {
    // An observer's failure must not turn the caller's success into an error.
  });
  const confirmSession = confirmed.emit;

  async function endSessionCall(
    session: SessionReference,
    options?: RequestOptions,
  ): Promise<void> {
    if (proxyMode) {
      // Checked before anything is sent.
      sessionHeaders(session);
      // The proxy ends whichever session its cookie holds now; a reference whose session
      // was since replaced (a newer sign-in or delegation) must not end the new one.
      const { cookie, tag } = session as ProxySessionReference;
      const held = await proxySessionCall('GET', options).catch(() => undefined);
      if (held && held[cookie]?.sessionTag !== tag) return;
    }
    await deleteSession(options, { session });
  }

  async function checkDns(result: AuthResult, expected: string | undefined): Promise<AuthResult> {
    if (!resolved.validateDns || expected === undefined) return result;
    const actual = result.vault?.dns;
    if (actual !== undefined && actual.toLowerCase() === expected.toLowerCase()) return result;
    // The session exists on the server even though the caller will never see its ID, so
    // it is ended here; a failure to end it must not hide the mismatch.
    // It lives in the vault it landed in, not the one that was asked for.
    await endSessionCall(result.session, cleanupOptions(actual)).catch(() => undefined);
    throw new VaultDnsMismatchError(expected, actual, result.vault?.name || undefined);
  }

  function expectedDns(perCall: string | undefined): string | undefined {
    return perCall === undefined ? resolved.vaultDns : checkVaultDns(perCall);
  }

  const client: VaultClient = {
    config: resolved,

    async getApiVersions(options) {
      return call(responseReaders.apiVersions, {
        method: 'GET',
        url: apiRoot(options?.vaultDns, 'API versions'),
        name: 'API versions',
        options,
      });
    },

    async login(credentials, options) {
      const username = requireString(credentials.username, 'username');
      // Sent exactly as given (PWD-04): no trimming, case change or normalisation.
      const password = requireString(credentials.password, 'password');
      const vaultDns = expectedDns(credentials.vaultDns);
      const form = formOf({ username, password, vaultDNS: vaultDns });
      const result = await authCall({
        url: `${versionRoot(vaultDns, 'login')}/auth`,
        name: 'login',
        options,
        form,
        vaultDns,
      });
      return checkDns(result, vaultDns);
    },

    async loginWithAccessToken(input, options) {
      const profileId = requireText(input.profileId, 'profileId');
      const accessToken = input.accessToken;
      if (
        typeof accessToken !== 'string' ||
        accessToken.length > MAX_ACCESS_TOKEN_LENGTH ||
        !ACCESS_TOKEN_PATTERN.test(accessToken)
      ) {
        throw configError('The access token is malformed; it was not sent.', () =>
          process.env.NODE_ENV === 'production'
            ? undefined
            : 'The access token is malformed; it was not sent.',
        );
      }
      const vaultDns = expectedDns(input.vaultDns);
      const form = formOf({ vaultDNS: vaultDns, client_id: resolved.clientId });
      // The identity provider's access token, not a vault session: sent in both modes.
      const result = await authCall({
        url: `${resolved.authUrl}/auth/oauth/session/${encodeURIComponent(profileId)}`,
        name: 'OAuth login',
        options,
        form,
        vaultDns,
        extra: { Authorization: `Bearer ${accessToken}` },
      });
      return checkDns(result, vaultDns);
    },

    async discover(input, options) {
      const form = formOf({
        username: requireString(input.username, 'username'),
        client_id: resolved.clientId,
      });
      return call(responseReaders.discovery, {
        method: 'POST',
        url: `${resolved.authUrl}/auth/discovery`,
        name: 'discovery',
        options,
        form,
      });
    },

    async keepAlive(session, options) {
      await call(responseReaders.generic, {
        method: 'POST',
        path: '/keep-alive',
        name: 'keep-alive',
        options,
        session,
      });
    },

    async getDelegations(session, options) {
      return call(responseReaders.delegations, {
        method: 'GET',
        path: '/delegation/vaults',
        name: 'delegations',
        options,
        session,
      });
    },

    async loginDelegated(session, input, options) {
      // Checked before anything is sent.
      sessionHeaders(session);
      if (!Number.isSafeInteger(input.vaultId) || input.vaultId < 0) {
        throw configError('vaultId is not a whole number; it was not sent.', () =>
          process.env.NODE_ENV === 'production'
            ? undefined
            : 'vaultId must be a whole number; it was not sent.',
        );
      }
      const form = formOf({
        vault_id: String(input.vaultId),
        delegator_userid: requireText(input.delegatorUserId, 'delegatorUserId'),
      });
      const request: ServiceCall = {
        method: 'POST',
        path: '/delegation/login',
        name: 'delegated login',
        options,
        session,
        form,
      };
      if (!proxyMode) return call(responseReaders.tokenDelegatedSession, request);
      const answer = await call(responseReaders.proxyDelegatedSession, request);
      // The delegated session lives in the delegated vault, which the answer does not name.
      if (answer.sessionId !== undefined) return refuseExposedSession(answer.sessionId, undefined);
      return {
        session: { kind: 'proxy', cookie: 'delegated', tag: answer.sessionTag as string },
        ...(answer.sessionDeadline === undefined
          ? {}
          : { sessionDeadline: answer.sessionDeadline }),
      };
    },

    endSession: endSessionCall,

    onSessionConfirmed: confirmed.on,

    getProxySessions: (options) => proxySessionCall('GET', options),

    async clearProxySessions(options) {
      await proxySessionCall(
        'DELETE',
        options,
        options?.endLent === true ? { [END_LENT_HEADER]: '1' } : undefined,
      );
    },

    renewProxySso: (options) =>
      authCall({
        url: `${proxySessionUrl()}/sso/renew`,
        name: 'single sign-on renewal',
        options,
        vaultDns: undefined,
      }),

    async startProxySso(input, options) {
      const url = proxySessionUrl();
      const form = formOf({
        profile: requireString(input.profileId, 'profileId'),
        username: requireString(input.username, 'username'),
        scope: input.scope ?? resolved.idpOAuthScope,
        vaultDNS: expectedDns(input.vaultDns),
        returnTo: input.returnTo,
        client_id: resolved.clientId,
        // The proxy refuses a session in another vault unless the app accepts any of them.
        validateDns: resolved.validateDns ? undefined : 'false',
      });
      const answer = await call(responseReaders.body, {
        method: 'POST',
        url: `${url}/sso`,
        name: 'single sign-on',
        options,
        form,
      });
      return requireString(answer.authorizationUrl, 'authorizationUrl');
    },

    async request(session, path, init = {}, options) {
      sessionHeaders(session);
      const query = new URLSearchParams(init.query).toString();
      const root = versionRoot(options?.vaultDns, 'request');
      const target = `${resolveApiPath(root, path)}${query === '' ? '' : `?${query}`}`;
      const form = init.form === undefined ? undefined : new URLSearchParams(init.form);
      // The body schema is permissive: the envelope rules still run, the payload is the caller's.
      const method = init.method ?? 'GET';
      const body = await call(responseReaders.body, {
        method,
        url: target,
        name: `${method} ${path}`,
        options,
        session,
        form,
      });
      return body as never;
    },
  };
  return Object.freeze(client);
}

/**
 * One call of the service: `session` is the session it is made with, if any; `extra`
 * carries headers of its own (the OAuth login's bearer token). It goes to `url`, or to
 * `path` under the API version of the vault `options.vaultDns` names.
 */
interface ServiceCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url?: string;
  readonly path?: string;
  /** What errors call it: `login`, `keep-alive`, `GET /objects/users/me`… */
  readonly name: string;
  readonly options: RequestOptions | undefined;
  readonly session?: SessionReference | undefined;
  readonly form?: URLSearchParams | undefined;
  readonly extra?: Record<string, string> | undefined;
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string')
    throw configError(`${name} is not a string.`, () =>
      process.env.NODE_ENV === 'production' ? undefined : `${name} must be a string.`,
    );
  return value;
}

function requireText(value: unknown, name: string): string {
  const text = requireString(value, name);
  if (text === '')
    throw configError(`${name} is empty.`, () =>
      process.env.NODE_ENV === 'production' ? undefined : `${name} must not be empty.`,
    );
  return text;
}

// A form of the fields given, in their order; an undefined one is left out.
function formOf(fields: Record<string, string | undefined>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.set(name, value);
  }
  return form;
}
