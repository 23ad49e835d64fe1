import { createEmitter } from '../createEmitter';
import { VaultConfigError, VaultDnsMismatchError } from '../errors';
import { checkSessionId } from './checkSessionId';
import type { ReadShape } from './readShape';
import { readVaultResponse } from './readVaultResponse';
import { resolveApiPath } from './resolveApiPath';
import { checkTimeout, checkVaultDns, resolveClientConfig } from './resolveClientConfig';
import { responseReaders } from './responseReaders';
import { sendRequest } from './sendRequest';
import type { AuthResult, RequestOptions, VaultClient, VaultClientConfig } from './types';

// Production builds keep a short message for a refused setting: bundlers fold this test and
// drop the explanation (most of the bytes of these checks); development builds say why.
declare const process: { env: { NODE_ENV?: string } } | undefined;

// RFC 6750 b64token; IdP access tokens (opaque or JWT) fit it, and it keeps the header safe.
const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
const MAX_ACCESS_TOKEN_LENGTH = 16_384;
// Ending an unexpected session is best effort and must not hold a failed login for long.
const CLEANUP_TIMEOUT_MS = 10_000;

/**
 * Creates the typed client for the service's eight authentication and session calls.
 * Settings are validated here, so a bad `baseUrl`, `clientId` or `apiVersion` throws
 * {@link VaultConfigError} at once. The client is stateless: every call that needs a
 * session takes its ID as an argument, sends it only as the `Authorization` header, and
 * refuses a malformed one without sending anything.
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
 * const { sessionId } = await client.login({
 *   username: 'olivia@sunrise.example',
 *   password,
 *   vaultDns: 'promomats.sunrise.example',
 * });
 * await client.keepAlive(sessionId);
 * await client.endSession(sessionId);
 * ```
 */
export function createVaultClient(config: VaultClientConfig): VaultClient {
  const resolved = resolveClientConfig(config);
  const customFetch = config.fetch;

  // Where a call goes: the named vault through `vaultUrl`, else the one `baseUrl`.
  function apiRoot(vaultDns: string | undefined, name: string): string {
    if (vaultDns !== undefined && vaultDns !== '' && resolved.vaultUrl !== undefined) {
      // Host names are case-insensitive; the lower-case form is what proxies allow-list.
      return `${resolved.vaultUrl(checkVaultDns(vaultDns).toLowerCase())}/api`;
    }
    if (resolved.baseUrl !== undefined) return `${resolved.baseUrl}/api`;
    throw new VaultConfigError(
      typeof process === 'undefined' || process.env.NODE_ENV === 'production'
        ? `The ${name} call names no vault; nothing was sent.`
        : `The ${name} call names no vault: pass vaultDns (a session's own) or set baseUrl. Nothing was sent.`,
    );
  }
  const versionRoot = (vaultDns: string | undefined, name: string): string =>
    `${apiRoot(vaultDns, name)}/${resolved.apiVersion}`;

  // Positional, since it is called once per endpoint: named fields would repeat in the bundle.
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    read: ReadShape<T>,
    name: string,
    options: RequestOptions | undefined,
    authorization?: string,
    form?: URLSearchParams,
  ): Promise<T> {
    const timeoutMs =
      options?.timeoutMs === undefined
        ? resolved.timeoutMs
        : checkTimeout(options.timeoutMs, 'timeoutMs');
    // Looked up per call so that a fetch installed after start-up (a test server, a
    // service worker shim) is used.
    const fetchFn = customFetch ?? globalThis.fetch;
    if (typeof fetchFn !== 'function') {
      throw new VaultConfigError(
        typeof process === 'undefined' || process.env.NODE_ENV === 'production'
          ? 'No fetch is available.'
          : 'No fetch is available: pass one as config.fetch.',
      );
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (resolved.clientId !== undefined) headers['X-VaultAPI-ClientID'] = resolved.clientId;
    if (authorization !== undefined) headers.Authorization = authorization;
    const received = await sendRequest(
      fetchFn,
      url,
      { method, headers, ...(form === undefined ? {} : { body: form }) },
      { timeoutMs, signal: options?.signal },
    );
    const body = readVaultResponse(received, read, name);
    if (authorization !== undefined) confirmSession(authorization);
    return body;
  }

  const confirmed = createEmitter<[sessionId: string]>(() => {
    // An observer's failure must not turn the caller's success into an error.
  });
  const confirmSession = confirmed.emit;

  async function endSessionCall(sessionId: string, options?: RequestOptions): Promise<void> {
    await call(
      'DELETE',
      `${versionRoot(options?.vaultDns, 'end session')}/session`,
      responseReaders.generic,
      'end session',
      options,
      checkSessionId(sessionId),
    );
  }

  async function checkDns(result: AuthResult, expected: string | undefined): Promise<AuthResult> {
    if (!resolved.validateDns || expected === undefined) return result;
    const actual = result.vault?.dns;
    if (actual !== undefined && actual.toLowerCase() === expected.toLowerCase()) return result;
    // The session exists on the server even though the caller will never see its ID, so
    // it is ended here; a failure to end it must not hide the mismatch.
    // It lives in the vault it landed in, not the one that was asked for.
    await endSessionCall(result.sessionId, {
      timeoutMs: Math.min(resolved.timeoutMs, CLEANUP_TIMEOUT_MS),
      vaultDns: actual,
    }).catch(() => undefined);
    throw new VaultDnsMismatchError(expected, actual);
  }

  function expectedDns(perCall: string | undefined): string | undefined {
    return perCall === undefined ? resolved.vaultDns : checkVaultDns(perCall);
  }

  const client: VaultClient = {
    config: resolved,

    async getApiVersions(options) {
      return call(
        'GET',
        apiRoot(options?.vaultDns, 'API versions'),
        responseReaders.apiVersions,
        'API versions',
        options,
      );
    },

    async login(credentials, options) {
      const username = requireString(credentials.username, 'username');
      // Sent exactly as given (PWD-04): no trimming, case change or normalisation.
      const password = requireString(credentials.password, 'password');
      const vaultDns = expectedDns(credentials.vaultDns);
      const form = new URLSearchParams();
      form.set('username', username);
      form.set('password', password);
      if (vaultDns !== undefined) form.set('vaultDNS', vaultDns);
      const result = await call(
        'POST',
        `${versionRoot(vaultDns, 'login')}/auth`,
        responseReaders.auth,
        'login',
        options,
        undefined,
        form,
      );
      return checkDns(result, vaultDns);
    },

    async loginWithAccessToken(input, options) {
      const profileId = requireString(input.profileId, 'profileId');
      if (profileId === '')
        throw new VaultConfigError(
          typeof process === 'undefined' || process.env.NODE_ENV === 'production'
            ? 'profileId is empty.'
            : 'profileId must not be empty.',
        );
      const accessToken = input.accessToken;
      if (
        typeof accessToken !== 'string' ||
        accessToken.length > MAX_ACCESS_TOKEN_LENGTH ||
        !ACCESS_TOKEN_PATTERN.test(accessToken)
      ) {
        throw new VaultConfigError(
          typeof process === 'undefined' || process.env.NODE_ENV === 'production'
            ? 'The access token is malformed; it was not sent.'
            : 'The access token is malformed; it was not sent.',
        );
      }
      const vaultDns = expectedDns(input.vaultDns);
      const form = new URLSearchParams();
      if (vaultDns !== undefined) form.set('vaultDNS', vaultDns);
      if (resolved.clientId !== undefined) form.set('client_id', resolved.clientId);
      const result = await call(
        'POST',
        `${resolved.authUrl}/auth/oauth/session/${encodeURIComponent(profileId)}`,
        responseReaders.auth,
        'OAuth login',
        options,
        `Bearer ${accessToken}`,
        form,
      );
      return checkDns(result, vaultDns);
    },

    async discover(input, options) {
      const form = new URLSearchParams();
      form.set('username', requireString(input.username, 'username'));
      if (resolved.clientId !== undefined) form.set('client_id', resolved.clientId);
      return call(
        'POST',
        `${resolved.authUrl}/auth/discovery`,
        responseReaders.discovery,
        'discovery',
        options,
        undefined,
        form,
      );
    },

    async keepAlive(sessionId, options) {
      await call(
        'POST',
        `${versionRoot(options?.vaultDns, 'keep-alive')}/keep-alive`,
        responseReaders.generic,
        'keep-alive',
        options,
        checkSessionId(sessionId),
      );
    },

    async getDelegations(sessionId, options) {
      return call(
        'GET',
        `${versionRoot(options?.vaultDns, 'delegations')}/delegation/vaults`,
        responseReaders.delegations,
        'delegations',
        options,
        checkSessionId(sessionId),
      );
    },

    async loginDelegated(sessionId, input, options) {
      const authorization = checkSessionId(sessionId);
      if (!Number.isSafeInteger(input.vaultId) || input.vaultId < 0) {
        throw new VaultConfigError(
          typeof process === 'undefined' || process.env.NODE_ENV === 'production'
            ? 'vaultId is not a whole number; it was not sent.'
            : 'vaultId must be a whole number; it was not sent.',
        );
      }
      const delegatorUserId = requireString(input.delegatorUserId, 'delegatorUserId');
      if (delegatorUserId === '')
        throw new VaultConfigError(
          typeof process === 'undefined' || process.env.NODE_ENV === 'production'
            ? 'delegatorUserId is empty.'
            : 'delegatorUserId must not be empty.',
        );
      const form = new URLSearchParams();
      form.set('vault_id', String(input.vaultId));
      form.set('delegator_userid', delegatorUserId);
      return call(
        'POST',
        `${versionRoot(options?.vaultDns, 'delegated login')}/delegation/login`,
        responseReaders.delegatedSession,
        'delegated login',
        options,
        authorization,
        form,
      );
    },

    endSession: endSessionCall,

    onSessionConfirmed: confirmed.on,

    async request(sessionId, path, init = {}, options) {
      const authorization = checkSessionId(sessionId);
      const query = new URLSearchParams(init.query).toString();
      const root = versionRoot(options?.vaultDns, 'request');
      const target = `${resolveApiPath(root, path)}${query === '' ? '' : `?${query}`}`;
      const form = init.form === undefined ? undefined : new URLSearchParams(init.form);
      // The body schema is permissive: the envelope rules still run, the payload is the caller's.
      const method = init.method ?? 'GET';
      const body = await call(
        method,
        target,
        responseReaders.body,
        `${method} ${path}`,
        options,
        authorization,
        form,
      );
      return body as never;
    },
  };
  return Object.freeze(client);
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== 'string')
    throw new VaultConfigError(
      typeof process === 'undefined' || process.env.NODE_ENV === 'production'
        ? `${name} is not a string.`
        : `${name} must be a string.`,
    );
  return value;
}
