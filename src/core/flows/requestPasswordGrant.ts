import { check, fields, maybe, readShape, ShapeMismatch } from '../client/readShape';
import { checkTimeout, DEFAULT_TIMEOUT_MS } from '../client/resolveClientConfig';
import { sendRequest } from '../client/sendRequest';
import { VaultConfigError, VaultOAuthError, VaultProtocolError } from '../errors';

// RFC 6750 b64token: the value must fit an `Authorization: Bearer` header unchanged.
const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
const MAX_ACCESS_TOKEN_LENGTH = 16_384;
// RFC 6749 section 5.2: `error` and `error_description` use printable ASCII without `"`/`\`.
const OAUTH_TEXT_PATTERN = /^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/;

const isString = (value: unknown): value is string => typeof value === 'string';

// Predicates with value-free descriptions, read as the vault's answers are (see
// readShape); the description is what an error names.
const tokenResponse = fields({
  access_token: check(
    (value): value is string =>
      isString(value) &&
      value.length <= MAX_ACCESS_TOKEN_LENGTH &&
      ACCESS_TOKEN_PATTERN.test(value),
    'a bearer token',
  ),
  token_type: check(
    (value): value is string => isString(value) && value.toLowerCase() === 'bearer',
    'token_type "Bearer"',
  ),
});

const errorResponse = fields({
  error: check(
    (value): value is string => isString(value) && OAUTH_TEXT_PATTERN.test(value),
    'an OAuth error code',
  ),
  error_description: maybe(isString, 'a string'),
});

/**
 * Input of {@link requestPasswordGrant}: the token endpoint and the form fields of an
 * OAuth 2.0 resource owner password credentials request (RFC 6749 section 4.3).
 *
 * @example
 * ```ts
 * const input: PasswordGrantInput = {
 *   tokenEndpoint: 'https://idp.harbor.example/oauth2/token',
 *   username: 'sam',
 *   password,
 *   clientId: 'harbor-vault',
 *   scope: 'openid',
 * };
 * ```
 */
export interface PasswordGrantInput {
  /** `https:` URL; plain `http:` only for a loopback host, as the password travels in it. */
  readonly tokenEndpoint: string;
  readonly username: string;
  /** Sent exactly as given. */
  readonly password: string;
  readonly clientId: string;
  readonly scope: string;
  /** Only for confidential clients; a browser application has no secret to keep. */
  readonly clientSecret?: string | undefined;
}

/**
 * Per-call options of {@link requestPasswordGrant}.
 *
 * @example
 * ```ts
 * const options: PasswordGrantOptions = { timeoutMs: 10_000, signal: controller.signal };
 * ```
 */
export interface PasswordGrantOptions {
  readonly signal?: AbortSignal | undefined;
  /** Default 30 000. */
  readonly timeoutMs?: number | undefined;
  /** Default `globalThis.fetch`, looked up at call time. */
  readonly fetch?: typeof fetch | undefined;
}

/**
 * Obtains an access token with the OAuth 2.0 password grant at an identity provider's
 * token endpoint: the headless way to turn an SSO user's IdP credentials into a token for
 * `client.loginWithAccessToken`. Resolves with the access token only; an error answer
 * (RFC 6749 section 5.2) rejects with {@link VaultOAuthError}, anything malformed with
 * {@link VaultProtocolError}, and no answer with the network, timeout or abort errors.
 *
 * The caller should use the token once and drop it: the kit never stores it.
 *
 * @example
 * ```ts
 * const accessToken = await requestPasswordGrant({
 *   tokenEndpoint: profile.asMetadata.tokenEndpoint,
 *   username: 'sam',
 *   password,
 *   clientId: profile.asClientId ?? 'harbor-vault',
 *   scope: 'openid',
 * });
 * ```
 */
export async function requestPasswordGrant(
  input: PasswordGrantInput,
  options: PasswordGrantOptions = {},
): Promise<string> {
  const tokenEndpoint = checkTokenEndpoint(input.tokenEndpoint);
  for (const name of ['username', 'password', 'clientId', 'scope'] as const) {
    if (typeof input[name] !== 'string') throw new VaultConfigError(`${name} must be a string.`);
  }
  if (input.clientId === '') {
    throw new VaultConfigError('The password grant needs a client ID at the identity provider.');
  }
  const timeoutMs =
    options.timeoutMs === undefined
      ? DEFAULT_TIMEOUT_MS
      : checkTimeout(options.timeoutMs, 'timeoutMs');
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== 'function') {
    throw new VaultConfigError('No fetch is available: pass one in the options.');
  }

  const form = new URLSearchParams();
  form.set('grant_type', 'password');
  form.set('username', input.username);
  form.set('password', input.password);
  form.set('client_id', input.clientId);
  if (input.scope !== '') form.set('scope', input.scope);
  if (input.clientSecret !== undefined) form.set('client_secret', input.clientSecret);

  const received = await sendRequest(
    fetchFn,
    tokenEndpoint,
    { method: 'POST', headers: { Accept: 'application/json' }, body: form },
    { timeoutMs, signal: options.signal },
  );
  const { status, contentType } = received;
  const protocolError = (message: string, cause?: unknown) =>
    new VaultProtocolError(message, { status, contentType, cause });

  if (received.bodyText === undefined) {
    throw protocolError(
      `The token endpoint answered HTTP ${status} with ${contentType ?? 'no content type'} instead of JSON.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(received.bodyText);
  } catch (error) {
    throw protocolError('The token endpoint answered with invalid JSON.', error);
  }

  // An error answer is 400 or 401 by RFC 6749; some providers send it with 200.
  const isErrorAnswer =
    status !== 200 ||
    (typeof body === 'object' && body !== null && 'error' in body && !('access_token' in body));
  if (isErrorAnswer) {
    const failure = readShape(errorResponse, body);
    if (failure instanceof ShapeMismatch) {
      throw protocolError(`The token endpoint answered HTTP ${status} without an OAuth error.`);
    }
    const description = failure.error_description;
    throw new VaultOAuthError(
      failure.error,
      description !== undefined && OAUTH_TEXT_PATTERN.test(description) ? description : undefined,
    );
  }
  const success = readShape(tokenResponse, body);
  if (success instanceof ShapeMismatch) {
    throw protocolError(`The token endpoint's answer is malformed at "${success.path}".`);
  }
  return success.access_token;
}

function checkTokenEndpoint(value: unknown): string {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new VaultConfigError('The token endpoint is not an absolute URL.');
  }
  const loopback =
    url.hostname === 'localhost' ||
    url.hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new VaultConfigError(
      'The token endpoint must use https: (plain http: is allowed only on a loopback host).',
    );
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '') {
    throw new VaultConfigError('The token endpoint must not carry credentials or a fragment.');
  }
  return url.href;
}
