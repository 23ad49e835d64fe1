/**
 * The one error family of the kit. Every failure a caller can see is a {@link VaultError};
 * the `kind` field tells them apart without `instanceof` chains across bundles.
 *
 * @example
 * ```ts
 * function messageFor(error: unknown): string {
 *   const kind: VaultErrorKind = error instanceof VaultError ? error.kind : 'unexpected';
 *   if (kind === 'network' || kind === 'timeout') return 'The vault did not answer. Try again.';
 *   if (kind === 'aborted') return '';
 *   return 'Something went wrong.';
 * }
 * ```
 */
export type VaultErrorKind =
  | 'api'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'protocol'
  | 'dns-mismatch'
  | 'oauth'
  | 'config'
  | 'unexpected';

/**
 * Error types the service documents for the authentication calls. The service may send
 * others; `VaultApiError.type` stays a plain string so unknown types survive intact.
 *
 * @example
 * ```ts
 * const known: VaultErrorType = 'INVALID_SESSION_ID';
 * ```
 */
export type VaultErrorType =
  | 'INVALID_SESSION_ID'
  | 'USERNAME_OR_PASSWORD_INCORRECT'
  | 'USER_LOCKED_OUT'
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'INACTIVE_USER'
  | 'NO_PASSWORD_PROVIDED'
  | 'INSUFFICIENT_ACCESS'
  | 'API_LIMIT_EXCEEDED'
  | 'PARAMETER_REQUIRED'
  | 'METHOD_NOT_SUPPORTED'
  | 'MALFORMED_URL'
  | 'INVALID_DATA'
  | 'OPERATION_NOT_ALLOWED'
  | 'UNEXPECTED_ERROR';

/**
 * Base class of every error the kit raises. Each `kind` has one class (`'protocol'` is a
 * {@link VaultProtocolError}, `'unexpected'` a {@link VaultUnexpectedError}…), so the base
 * class is not constructed on its own: `kind` and `instanceof` always say the same thing.
 *
 * @example
 * ```ts
 * if (error instanceof VaultError) console.warn(error.kind, error.message);
 * ```
 */
export abstract class VaultError extends Error {
  override readonly name: string = 'VaultError';
  // Fields without a value of their own are only declared here and in the classes below,
  // and set by the constructors: a bare field declaration would be emitted as code of its
  // own in every app's bundle.
  declare readonly kind: VaultErrorKind;

  protected constructor(kind: VaultErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    // A subclass cannot claim another class's kind: code that trusts `kind` reads the
    // fields of that kind's class.
    const owner = CLASS_OF_KIND[kind] as (abstract new (...args: never[]) => unknown) | undefined;
    if (owner === undefined || !(this instanceof owner)) {
      throw new TypeError(
        `A VaultError of kind '${String(kind)}' must be a ${owner?.name ?? 'known kind'}.`,
      );
    }
    this.kind = kind;
  }
}

/**
 * One entry of the service's `errors` array. Only `type` is contractual; `message` is
 * the service's prose and may change between releases.
 *
 * @example
 * ```ts
 * const entry: VaultErrorEntry = { type: 'USER_LOCKED_OUT', message: 'Locked' };
 * ```
 */
export interface VaultErrorEntry {
  readonly type: string;
  readonly message: string;
}

/**
 * The service processed the call and answered `FAILURE` or `EXCEPTION`.
 *
 * @example
 * ```ts
 * try {
 *   await client.login({ username, password });
 * } catch (error) {
 *   if (error instanceof VaultApiError && error.type === 'USER_LOCKED_OUT') {
 *     error.message; // 'USER_LOCKED_OUT: …', with the service's own words
 *   }
 * }
 * ```
 */
export class VaultApiError extends VaultError {
  override readonly name = 'VaultApiError';
  /** The first error's `type`, e.g. `USER_LOCKED_OUT`. */
  declare readonly type: VaultErrorType | (string & {});
  declare readonly errors: readonly VaultErrorEntry[];
  declare readonly responseStatus: 'FAILURE' | 'EXCEPTION';
  /** Seconds until an `API_LIMIT_EXCEEDED` window reopens, when the service said so. */
  declare readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    errors: readonly VaultErrorEntry[];
    responseStatus: 'FAILURE' | 'EXCEPTION';
    retryAfterSeconds?: number | undefined;
  }) {
    const first = init.errors[0] ?? { type: 'UNEXPECTED_ERROR', message: 'The service failed.' };
    super('api', `${first.type}: ${first.message}`);
    this.type = first.type;
    this.errors = init.errors;
    this.responseStatus = init.responseStatus;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * The request never got an answer: offline, DNS failure, connection refused, CORS.
 *
 * @example
 * ```ts
 * const answered = await client.getApiVersions().then(
 *   () => true,
 *   (error: unknown) => (error instanceof VaultNetworkError ? false : Promise.reject(error)),
 * );
 * // false while offline, or when DNS or CORS stopped the request
 * ```
 */
export class VaultNetworkError extends VaultError {
  override readonly name = 'VaultNetworkError';
  constructor(message = 'The service could not be reached.', options?: { cause?: unknown }) {
    super('network', message, options);
  }
}

/**
 * The call took longer than its timeout and was abandoned.
 *
 * @example
 * ```ts
 * await client.getApiVersions({ timeoutMs: 5_000 }).catch((error: unknown) => {
 *   if (!(error instanceof VaultTimeoutError)) throw error;
 *   error.timeoutMs; // 5000
 * });
 * ```
 */
export class VaultTimeoutError extends VaultError {
  override readonly name = 'VaultTimeoutError';
  declare readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super('timeout', `The service did not answer within ${timeoutMs} ms.`, options);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The caller's `AbortSignal` cancelled the call. Never a reason to end a session.
 *
 * @example
 * ```ts
 * const ac = new AbortController();
 * const p = client.discover({ username }, { signal: ac.signal });
 * ac.abort(); // p rejects with VaultAbortedError
 * ```
 */
export class VaultAbortedError extends VaultError {
  override readonly name = 'VaultAbortedError';
  constructor(options?: { cause?: unknown }) {
    super('aborted', 'The request was cancelled.', options);
  }
}

/**
 * An answer arrived but was not the service speaking: a non-200 status, an HTML page
 * from a proxy, a body that is not JSON, or JSON of the wrong shape.
 *
 * @example
 * ```ts
 * try {
 *   await client.getApiVersions();
 * } catch (error) {
 *   if (error instanceof VaultProtocolError && error.proxyError) {
 *     error.proxyError.type; // e.g. 'PROXY_ORIGIN_REFUSED': the proxy's settings, not the network
 *   } else if (error instanceof VaultProtocolError) {
 *     error.status; // e.g. 502 from a gateway in front of the service
 *   }
 * }
 * ```
 */
export class VaultProtocolError extends VaultError {
  override readonly name = 'VaultProtocolError';
  /** HTTP status of the response (200 when only the body was wrong). */
  declare readonly status: number;
  declare readonly contentType: string | null;
  /**
   * What the kit's proxy (`vault-session-kit/proxy`) said when it answered itself, such as
   * `{ type: 'PROXY_ORIGIN_REFUSED' }`: a setup error to show as one, never a retry prompt.
   */
  declare readonly proxyError: VaultErrorEntry | undefined;
  constructor(
    message: string,
    init: {
      status: number;
      contentType: string | null;
      cause?: unknown;
      proxyError?: VaultErrorEntry | undefined;
    },
  ) {
    super('protocol', message, { cause: init.cause });
    this.status = init.status;
    this.contentType = init.contentType;
    this.proxyError = init.proxyError;
  }
}

/**
 * A login succeeded, but into another vault than the one asked for. The kit has already
 * ended that unexpected session when this is thrown. `actual` and `actualName` say where
 * the service would have put the user (auth defaulting): the vault their account opens.
 *
 * @example
 * ```ts
 * try {
 *   await client.login({ username, password, vaultDns: 'promomats.sunrise.example' });
 * } catch (error) {
 *   if (error instanceof VaultDnsMismatchError) {
 *     const opens = error.actualName ?? error.actual; // e.g. 'Sunrise QualityDocs'
 *     const notice = `You have no access to ${error.expected}; your account opens ${opens}.`;
 *   }
 * }
 * ```
 */
export class VaultDnsMismatchError extends VaultError {
  override readonly name = 'VaultDnsMismatchError';
  declare readonly expected: string;
  /** The DNS of the vault the service signed the user in to, when it said. */
  declare readonly actual: string | undefined;
  /** That vault's display name, when the service listed it (`vaultIds[].name`). */
  declare readonly actualName: string | undefined;
  constructor(expected: string, actual: string | undefined, actualName?: string | undefined) {
    super(
      'dns-mismatch',
      `The service signed in to ${actual ?? 'an unknown vault'} instead of ${expected}; that session was ended.`,
    );
    this.expected = expected;
    this.actual = actual;
    this.actualName = actualName;
  }
}

/**
 * The identity provider refused a token request (RFC 6749 section 5.2 error response) or
 * the single sign-on redirect failed.
 *
 * @example
 * ```ts
 * const { status, error } = useSsoCallback();
 * const cancelled =
 *   status === 'error' && error instanceof VaultOAuthError && error.error === 'sso_cancelled';
 * ```
 */
export class VaultOAuthError extends VaultError {
  override readonly name = 'VaultOAuthError';
  /** The provider's `error` code, e.g. `invalid_grant`, `access_denied`. */
  declare readonly error: string;
  declare readonly errorDescription: string | undefined;
  constructor(error: string, errorDescription?: string, options?: { cause?: unknown }) {
    super('oauth', errorDescription ? `${error}: ${errorDescription}` : error, options);
    this.error = error;
    this.errorDescription = errorDescription;
  }
}

/**
 * The kit was configured in a way that cannot work (for example a localStorage adapter).
 *
 * @example
 * ```ts
 * throw new VaultConfigError('baseUrl must be an absolute URL or a path.');
 * ```
 */
export class VaultConfigError extends VaultError {
  override readonly name = 'VaultConfigError';
  constructor(message: string) {
    super('config', message);
  }
}

/**
 * Something threw that is neither the network nor the service: a bug in the kit or in the
 * app's own code (a custom `fetch` or keep-alive `send`, a callback), or code the page
 * cannot load. It is not transient, so nothing retries it in a loop and no one is told the
 * connection is unreliable; the original error is the `cause`.
 *
 * @example
 * ```ts
 * if (error instanceof VaultUnexpectedError) reportError(error.cause);
 * ```
 */
export class VaultUnexpectedError extends VaultError {
  override readonly name = 'VaultUnexpectedError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('unexpected', message, options);
  }
}

// Read when an error is built, so every class below is defined by then.
const CLASS_OF_KIND: Readonly<
  Record<VaultErrorKind, abstract new (...args: never[]) => VaultError>
> = {
  api: VaultApiError,
  network: VaultNetworkError,
  timeout: VaultTimeoutError,
  aborted: VaultAbortedError,
  protocol: VaultProtocolError,
  'dns-mismatch': VaultDnsMismatchError,
  oauth: VaultOAuthError,
  config: VaultConfigError,
  unexpected: VaultUnexpectedError,
};

/**
 * Turns anything thrown into a {@link VaultError}, keeping the original as `cause`. Only a
 * `TypeError` that a failed `fetch` or module load raises (each engine words it its own
 * way) counts as a network error; any other throw is a {@link VaultUnexpectedError}.
 *
 * @example
 * ```ts
 * const error = normalizeError(new TypeError('Failed to fetch'));
 * error instanceof VaultNetworkError; // true
 * error.kind; // 'network'
 * normalizeError('odd').kind; // 'unexpected'
 * ```
 */
export function normalizeError(error: unknown): VaultError {
  if (error instanceof VaultError) return error;
  if (isAbortError(error)) return new VaultAbortedError({ cause: error });
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError && FETCH_FAILURE.test(message)) {
    return new VaultNetworkError(undefined, { cause: error });
  }
  return new VaultUnexpectedError(message || 'Unexpected failure.', { cause: error });
}

// What a rejected fetch or dynamic import says: Chromium, Firefox, Safari, Node, polyfills.
const FETCH_FAILURE =
  /^(failed to fetch|networkerror|load failed|fetch failed|network request failed|error loading dynamically|importing a module script failed)/i;

/**
 * True for faults that say nothing about the session: offline, timeouts, 5xx pages,
 * malformed bodies, rate limits. Such faults must never end a session.
 *
 * @example
 * ```ts
 * isTransientError(new VaultNetworkError()); // true: being offline says nothing about the session
 * isTransientError(new VaultTimeoutError(30_000)); // true
 * isTransientError(
 *   new VaultApiError({
 *     errors: [{ type: 'INVALID_SESSION_ID', message: 'Invalid or expired session ID.' }],
 *     responseStatus: 'FAILURE',
 *   }),
 * ); // false
 * ```
 */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof VaultError)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'protocol':
      return true;
    case 'api':
      return (
        (error as VaultApiError).type === 'API_LIMIT_EXCEEDED' ||
        (error as VaultApiError).type === 'UNEXPECTED_ERROR'
      );
    default:
      return false;
  }
}

/**
 * True when the service said the session is gone (`INVALID_SESSION_ID`): the one fault
 * that ends a session, in every tab.
 *
 * @example
 * ```ts
 * const { session: own, vault } = await client.login({ username, password });
 * const alive = await client.keepAlive(own, { vaultDns: vault?.dns }).then(
 *   () => true,
 *   (error: unknown) => {
 *     if (isSessionInvalidError(error)) return false; // the service ended it: sign in again
 *     throw error; // anything else leaves the session as it is
 *   },
 * );
 * ```
 */
export function isSessionInvalidError(error: unknown): boolean {
  return error instanceof VaultApiError && error.type === 'INVALID_SESSION_ID';
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}
