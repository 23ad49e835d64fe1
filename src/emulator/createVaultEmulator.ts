import { createBurstLimiter } from './createBurstLimiter';
import { createFailureLimiter } from './createFailureLimiter';
import { type EmulatorClock, systemClock } from './createManualClock';
import {
  createSessionStore,
  type EmulatorSession,
  type SessionSummary,
} from './createSessionStore';
import { demoDirectory } from './demoDirectory';
import type { EmulatorAuthProfile, EmulatorData, EmulatorDocument } from './EmulatorData';
import type { EmulatorEvent, LoginFailureReason, OAuthFailureReason } from './EmulatorEvent';
import {
  DEFAULT_PASSWORD_HASH_ITERATIONS,
  hashPassword,
  type PasswordHash,
  verifyPassword,
} from './hashPassword';
import { type IndexedUser, indexEmulatorData } from './indexEmulatorData';
import { randomBytes } from './randomToken';
import { BodyTooLargeError, readFormBody } from './readFormBody';
import { validateIntrospection } from './validateIntrospection';
import {
  payloadTooLargeResponse,
  type VaultBody,
  vaultFailure,
  vaultResponse,
} from './vaultResponse';

/**
 * API versions the emulator lists and serves, oldest first; the last one is the beta. The
 * service keeps every published release available (three a year since v18.3), so clients
 * built against an old release can still sign in.
 *
 * @example
 * ```ts
 * API_VERSIONS.includes('v26.1'); // true
 * API_VERSIONS[0]; // 'v18.3'
 * ```
 */
export const API_VERSIONS: readonly string[] = Object.freeze(publishedVersions(18.3, 26.2));

/**
 * The authorization server behind the emulator's OAuth profiles, and how to check its
 * access tokens (RFC 7662 introspection).
 *
 * @example
 * ```ts
 * const oidc: EmulatorOidcOptions = {
 *   issuer: 'http://127.0.0.1:5173/oidc',
 *   authorizationEndpoint: 'http://127.0.0.1:5173/oidc/auth',
 *   tokenEndpoint: 'http://127.0.0.1:5173/oidc/token',
 *   allowedClientIds: ['vault-session-kit-demo'],
 *   introspect: createHttpIntrospector({ endpoint, clientId: 'vault-emulator', clientSecret }),
 * };
 * ```
 */
export interface EmulatorOidcOptions {
  /** Must equal the `iss` of every accepted token. */
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly jwksUri?: string;
  readonly endSessionEndpoint?: string;
  /** Default `['openid', 'profile', 'email']`. */
  readonly scopesSupported?: readonly string[];
  /** Default `['none', 'client_secret_basic']`. */
  readonly tokenEndpointAuthMethodsSupported?: readonly string[];
  /** Resolves to the raw introspection JSON for a token; a rejection refuses the login. */
  introspect(token: string): Promise<unknown>;
  /** A token's `client_id` (or one of its `aud` values) must be one of these. */
  readonly allowedClientIds: readonly string[];
  /**
   * Client ID sent to discovery -> client ID at the authorization server, returned as
   * `as_client_id` only to callers that sent a mapped client ID.
   */
  readonly clientIdMap?: Readonly<Record<string, string>>;
}

/**
 * Settings of {@link createVaultEmulator}; all optional.
 *
 * @example
 * ```ts
 * const options: VaultEmulatorOptions = {
 *   clock: createManualClock(),
 *   idleTimeoutMs: 15 * 60_000,
 *   passwordHashIterations: 1_000,
 *   lockout: { maxFailures: 3 },
 * };
 * ```
 */
export interface VaultEmulatorOptions {
  /** Default {@link demoDirectory}. */
  readonly data?: EmulatorData;
  /** Default: the wall clock. */
  readonly clock?: EmulatorClock;
  /** Idle timeout, reset by every authenticated call. Default 30 minutes. */
  readonly idleTimeoutMs?: number;
  /** PBKDF2 iterations for hashing the directory's plain-text passwords. Default 100 000. */
  readonly passwordHashIterations?: number;
  readonly lockout?: {
    /** Consecutive failures that lock an account name. Default 5. */
    readonly maxFailures?: number;
    /**
     * How long the first lock lasts; each further lock of the same name lasts twice as long
     * as the one before, at most a day. Default 15 minutes.
     */
    readonly durationMs?: number;
    /**
     * Failure counters kept for names that are not locked (the oldest goes first); a lock
     * is never forgotten before it ends. Default 100 000.
     */
    readonly maxTrackedNames?: number;
  };
  /** Password logins per user name + vault DNS per minute. Default 20. */
  readonly authBurstLimit?: number;
  /**
   * Per-caller limits, per minute, answered like the service's own limits
   * (`API_LIMIT_EXCEEDED` with `Retry-After`): discovery calls (default 120), and session
   * IDs that turn out not to be valid (default 60; past it every call with a session ID
   * from that caller is refused until the minute is over, so IDs cannot be guessed).
   */
  readonly callerLimits?: {
    readonly discoveryPerMinute?: number;
    readonly invalidSessionsPerMinute?: number;
  };
  /**
   * How a request finds its vault. By default each vault answers at its own host (its DNS
   * name, as the service does), a session ID is valid only at the vault it was issued for,
   * and discovery and OAuth logins answer only at the login host (`loginHost`, default
   * {@link DEFAULT_LOGIN_HOST}); reach it with a custom `fetch` (`https://{dns}/...`) or
   * through `vault-session-kit/proxy`. `'single-origin'` is the simplest setup instead:
   * every vault and the login host behind any one origin, and a session ID accepted at any
   * host, for one base URL and MSW handlers on the page's own origin.
   */
  readonly hosts?: 'single-origin' | { readonly loginHost?: string };
  /** The OAuth authorization server; without it every OAuth login is refused. */
  readonly oidc?: EmulatorOidcOptions;
  /** Audit events; they never carry a session ID, a password or a token. */
  readonly onEvent?: (event: EmulatorEvent) => void;
}

/**
 * What the server adapter knows about a request beyond the request itself.
 *
 * @example
 * ```ts
 * await emulator.fetch(request, { clientAddress: '203.0.113.7' });
 * ```
 */
export interface EmulatorRequestContext {
  readonly clientAddress?: string | undefined;
}

/**
 * The reference service: a fetch-style handler that speaks the vault wire format.
 *
 * @example
 * ```ts
 * const emulator: VaultEmulator = createVaultEmulator();
 * const response = await emulator.fetch(new Request('http://localhost/api'));
 * ```
 */
export interface VaultEmulator {
  /**
   * Answers one request; never rejects. `context.clientAddress` is the caller's network
   * address as the server adapter saw it (the Node adapter passes it); it keys the
   * per-caller limits. Without it the test-only `X-Emulator-Caller` header is used, and
   * without that every caller shares one key.
   *
   * It also takes what `globalThis.fetch` takes, so `createVaultClient({ fetch:
   * emulator.fetch })` works as it is; a relative URL is read against `http://localhost`.
   */
  fetch(request: Request, context?: EmulatorRequestContext): Promise<Response>;
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  readonly clock: EmulatorClock;
  /** The host discovery and OAuth logins answer at; `undefined` in single-origin mode. */
  readonly loginHost: string | undefined;
  /** Live sessions, delegated ones included (expired ones are dropped first). */
  sessionCount(): number;
  /** Live sessions without their IDs. */
  sessions(): SessionSummary[];
  /** The stored password verifier for a user name, once one exists. */
  storedCredential(username: string): PasswordHash | undefined;
  /** Ends every session and forgets failure counters and burst windows. */
  reset(): void;
}

/**
 * The login host of an emulator whose vaults each answer at their own host, unless
 * `hosts.loginHost` names another.
 *
 * @example
 * ```ts
 * await emulator.fetch(new Request(`https://${DEFAULT_LOGIN_HOST}/auth/discovery`, { method: 'POST', body }));
 * ```
 */
export const DEFAULT_LOGIN_HOST = 'login.vault.example';

const MINUTE = 60_000;
const TOKEN_LEEWAY_MS = 10_000;
/** The document listing's page size when the caller names none, and its ceiling. */
const DOCUMENTS_DEFAULT_LIMIT = 200;
const DOCUMENTS_MAX_LIMIT = 1000;

const MESSAGES = {
  invalidSession: 'Invalid or expired session ID.',
  incorrect: 'Authentication failed: the user name or password is incorrect.',
  locked: 'The user account is locked. Try again later.',
  inactive: 'The user account is inactive.',
  passwordChange: 'The password has expired and must be changed before signing in.',
  noPassword: 'No password was provided for the login call.',
  oauth: 'The access token could not be used to start a session.',
  unexpected: 'An unexpected error occurred. Quote the execution ID to support.',
} as const;

/**
 * Creates the emulator. Every rule of the service that a client can observe is enforced:
 * 256-bit opaque session IDs, the 48-hour cap and the idle timeout, per-session end,
 * delegated sessions bound to their actor, hashed passwords with lockout, the auth burst
 * limit, realm-based discovery and introspection-checked OAuth logins. Beside the eight
 * session calls it serves two read-only calls an application makes with a session:
 * "Validate Session User" (`GET objects/users/me`) and the document listing
 * (`GET objects/documents`) of the session's vault. Browser-safe: WebCrypto only.
 *
 * @example
 * ```ts
 * const emulator = createVaultEmulator({ passwordHashIterations: 1_000 });
 * const body = new URLSearchParams({ username: 'olivia@sunrise.example', password: 'Sunrise-Demo-1' });
 * const res = await emulator.fetch(new Request('http://localhost/api/v26.1/auth', { method: 'POST', body }));
 * const { sessionId } = await res.json();
 * ```
 */
export function createVaultEmulator(options: VaultEmulatorOptions = {}): VaultEmulator {
  const clock = options.clock ?? systemClock;
  const idleTimeoutMs = positive(options.idleTimeoutMs ?? 30 * MINUTE, 'idleTimeoutMs');
  const iterations = positiveInteger(
    options.passwordHashIterations ?? DEFAULT_PASSWORD_HASH_ITERATIONS,
    'passwordHashIterations',
  );
  const maxFailures = positiveInteger(options.lockout?.maxFailures ?? 5, 'lockout.maxFailures');
  const lockDurationMs = positive(options.lockout?.durationMs ?? 15 * MINUTE, 'lockout.durationMs');
  const burstLimit = positiveInteger(options.authBurstLimit ?? 20, 'authBurstLimit');
  const { oidc, onEvent } = options;
  const index = indexEmulatorData(options.data ?? demoDirectory);
  const loginHost =
    options.hosts === 'single-origin'
      ? undefined
      : checkHost(options.hosts?.loginHost ?? DEFAULT_LOGIN_HOST, 'hosts.loginHost');
  if (loginHost !== undefined && index.vaultsByDns.has(loginHost)) {
    throw new RangeError(`hosts.loginHost ${loginHost} is also a vault's host.`);
  }

  const sessions = createSessionStore({
    clock,
    idleTimeoutMs,
    onEnded: (session, reason) =>
      emit({
        type: 'session_ended',
        at: clock.now(),
        userId: session.userId,
        sessionRef: session.ref,
        reason,
      }),
  });
  const failures = createFailureLimiter({
    clock,
    maxFailures,
    durationMs: lockDurationMs,
    maxTrackedNames: positiveInteger(
      options.lockout?.maxTrackedNames ?? 100_000,
      'lockout.maxTrackedNames',
    ),
  });
  const burst = createBurstLimiter({ clock, limit: burstLimit, windowMs: MINUTE });
  const perCaller = (name: 'discoveryPerMinute' | 'invalidSessionsPerMinute', fallback: number) =>
    createBurstLimiter({
      clock,
      limit: positiveInteger(options.callerLimits?.[name] ?? fallback, `callerLimits.${name}`),
      windowMs: MINUTE,
    });
  const discoveryLimit = perCaller('discoveryPerMinute', 120);
  const invalidSessionLimit = perCaller('invalidSessionsPerMinute', 60);

  const credentials = new Map<number, PasswordHash>(index.presetHashes);
  const hashing = new Map<number, Promise<PasswordHash>>();
  let decoy: Promise<PasswordHash> | undefined;
  let lastSweep = Number.NEGATIVE_INFINITY;

  function emit(event: EmulatorEvent): void {
    if (!onEvent) return;
    try {
      onEvent(event);
    } catch {
      // An observer's failure must not change what the client sees.
    }
  }

  /** Hashes a directory password on first use, then forgets the plain text. */
  function credentialFor(user: IndexedUser): Promise<PasswordHash> | undefined {
    const stored = credentials.get(user.id);
    if (stored) return Promise.resolve(stored);
    const running = hashing.get(user.id);
    if (running) return running;
    const password = index.pendingPasswords.get(user.id);
    if (password === undefined) return undefined;
    const promise = hashPassword(password, { iterations }).then(
      (hash) => {
        credentials.set(user.id, hash);
        index.pendingPasswords.delete(user.id);
        hashing.delete(user.id);
        return hash;
      },
      (error: unknown) => {
        // Let the next attempt try again instead of caching the failure.
        hashing.delete(user.id);
        throw error;
      },
    );
    hashing.set(user.id, promise);
    return promise;
  }

  /** A verifier no password matches, so unknown names cost the same work as real ones. */
  function decoyCredential(): Promise<PasswordHash> {
    if (!decoy) {
      decoy = hashPassword(String.fromCharCode(...randomBytes(24)), { iterations });
      decoy.catch(() => {
        decoy = undefined;
      });
    }
    return decoy;
  }

  function sweepNow(): void {
    sessions.sweep();
    burst.sweep();
    discoveryLimit.sweep();
    invalidSessionLimit.sweep();
    failures.sweep();
    lastSweep = clock.now();
  }

  function maybeSweep(): void {
    const now = clock.now();
    if (now - lastSweep >= MINUTE || now < lastSweep) sweepNow();
  }

  async function handle(
    input: RequestInfo | URL,
    second?: RequestInit | EmulatorRequestContext,
  ): Promise<Response> {
    const executionId = hex(randomBytes(16));
    let request: Request;
    let context: EmulatorRequestContext | undefined;
    try {
      if (input instanceof Request) {
        request = input;
        context = second as EmulatorRequestContext | undefined;
      } else {
        request = new Request(new URL(input, 'http://localhost'), second as RequestInit);
      }
    } catch {
      return reply400();
    }
    try {
      maybeSweep();
      const url = new URL(request.url);
      const form = request.body ? await readFormBody(request) : new URLSearchParams();
      const caller =
        nonEmpty(context?.clientAddress) ??
        nonEmpty(request.headers.get('x-emulator-caller')) ??
        'shared';
      return await route({ request, url, form, executionId, caller, place: locate(url) });
    } catch (error) {
      if (error instanceof BodyTooLargeError) return payloadTooLargeResponse();
      try {
        emit({
          type: 'unexpected_error',
          at: clock.now(),
          executionId,
          errorName: error instanceof Error ? error.name : typeof error,
        });
      } catch {
        // The clock itself may be what failed; the answer below must still go out.
      }
      return vaultResponse(
        vaultFailure('UNEXPECTED_ERROR', MESSAGES.unexpected, { exception: true }),
        {
          executionId,
        },
      );
    }
  }

  /** What fetch could not even turn into a request gets the service's answer to a bad URL. */
  function reply400(): Response {
    return vaultResponse(vaultFailure('MALFORMED_URL', 'The requested URL is not valid.'), {
      executionId: hex(randomBytes(16)),
    });
  }

  interface Context {
    readonly request: Request;
    readonly url: URL;
    readonly form: URLSearchParams;
    readonly executionId: string;
    /** Key of the per-caller limits. */
    readonly caller: string;
    /**
     * What answers at the requested host: the login host, one vault (by ID), nothing, or
     * everything (single-origin mode).
     */
    readonly place: Place;
  }

  function reply(ctx: Context, body: VaultBody, headers?: Record<string, string>): Response {
    return vaultResponse(body, { executionId: ctx.executionId, ...(headers ? { headers } : {}) });
  }

  function locate(url: URL): Place {
    if (loginHost === undefined) return ANYWHERE;
    const host = url.hostname.toLowerCase();
    if (host === loginHost) return LOGIN_HOST;
    const vault = index.vaultsByDns.get(host);
    return vault ? { kind: 'vault', vaultId: vault.id } : NOWHERE;
  }

  function route(ctx: Context): Promise<Response> | Response {
    const { place } = ctx;
    let path = ctx.url.pathname;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const segments = path.split('/').slice(1);
    const [head, second, ...rest] = segments;
    const method = ctx.request.method.toUpperCase();

    const expect = (
      allowed: string,
      handler: () => Promise<Response> | Response,
    ): Promise<Response> | Response =>
      method === allowed
        ? handler()
        : reply(
            ctx,
            vaultFailure(
              'METHOD_NOT_SUPPORTED',
              `The ${method} method is not supported for this URL; use ${allowed}.`,
            ),
          );

    // Vault calls answer only at a vault's host, login calls only at the login host.
    if (place.kind === 'nowhere' || (head === 'api' && place.kind === 'login')) {
      return reply(ctx, vaultFailure('MALFORMED_URL', `No vault answers at ${ctx.url.host}.`));
    }
    if (head === 'auth' && place.kind === 'vault') return malformed(ctx);
    if (head === 'api' && ctx.request.headers.has('authorization')) {
      // A caller that sent too many invalid session IDs learns nothing more this minute (THR-05),
      // not even whether the next ID is valid.
      const verdict = invalidSessionLimit.peek(ctx.caller);
      if (!verdict.allowed) return limitExceeded(ctx, verdict.retryAfterSeconds);
    }
    if (head === 'api') {
      if (second === undefined) return expect('GET', () => versions(ctx));
      if (!API_VERSIONS.includes(second)) return malformed(ctx);
      switch (rest.join('/')) {
        case '':
          return expect('GET', () => versions(ctx));
        case 'auth':
          return expect('POST', () => passwordLogin(ctx));
        case 'keep-alive':
          return expect('POST', () => keepAlive(ctx));
        case 'delegation/vaults':
          return expect('GET', () => listDelegations(ctx));
        case 'delegation/login':
          return expect('POST', () => delegatedLogin(ctx));
        case 'session':
          return expect('DELETE', () => endSession(ctx));
        case 'objects/users/me':
          return expect('GET', () => validateSessionUser(ctx));
        case 'objects/documents':
          return expect('GET', () => listDocuments(ctx, second));
        default:
          return malformed(ctx);
      }
    }
    if (head === 'auth') {
      if (second === 'discovery' && rest.length === 0) {
        return expect('POST', () => {
          const verdict = discoveryLimit.hit(ctx.caller);
          return verdict.allowed ? discovery(ctx) : limitExceeded(ctx, verdict.retryAfterSeconds);
        });
      }
      const [third, profileId] = rest;
      if (
        second === 'oauth' &&
        third === 'session' &&
        profileId !== undefined &&
        rest.length === 2
      ) {
        return expect('POST', () => oauthLogin(ctx, safeDecode(profileId)));
      }
    }
    return malformed(ctx);
  }

  function limitExceeded(ctx: Context, retryAfterSeconds: number): Response {
    emit({ type: 'caller_limited', at: clock.now(), path: ctx.url.pathname });
    return reply(
      ctx,
      vaultFailure(
        'API_LIMIT_EXCEEDED',
        `Too many requests from this caller. Try again in ${retryAfterSeconds} seconds.`,
      ),
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }

  function malformed(ctx: Context): Response {
    return reply(ctx, vaultFailure('MALFORMED_URL', 'The requested URL is not valid.'));
  }

  /**
   * The session ID travels only in `Authorization`, raw or as a Bearer value (SES-09). A
   * session belongs to one vault: at any other vault's host it is as unknown as a made-up ID.
   */
  function sessionFrom(ctx: Context): EmulatorSession | undefined {
    const header = ctx.request.headers.get('authorization');
    if (!header) return undefined;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const { place } = ctx;
    return sessions.authenticate(
      (bearer?.[1] ?? header).trim(),
      place.kind === 'vault' ? place.vaultId : undefined,
    );
  }

  function sessionHeaders(session: EmulatorSession): Record<string, string> {
    return {
      'X-VaultAPI-UserId': String(session.userId),
      'X-VaultAPI-VaultId': String(session.vaultId),
      'X-VaultAPI-TruncatedSessionId': session.id.slice(0, 6),
    };
  }

  /** Unknown, ended, expired and malformed IDs all get exactly this answer (SES-03). */
  function invalidSession(ctx: Context): Response {
    invalidSessionLimit.hit(ctx.caller);
    emit({ type: 'invalid_session', at: clock.now(), path: ctx.url.pathname });
    return reply(ctx, vaultFailure('INVALID_SESSION_ID', MESSAGES.invalidSession));
  }

  function versions(ctx: Context): Response {
    // The service is HTTPS only: the URLs it lists say https whatever scheme reached this
    // handler (a TLS front forwarding plain HTTP must not turn them into http URLs).
    const base = `https://${ctx.url.host}`;
    const values: Record<string, string> = {};
    for (const version of API_VERSIONS) values[version] = `${base}/api/${version}`;
    // Listing needs no session, but a session that is sent is checked like on every other
    // call: some clients validate a stored session exactly this way.
    if (!ctx.request.headers.has('authorization')) {
      return reply(ctx, { responseStatus: 'SUCCESS', values });
    }
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    return reply(ctx, { responseStatus: 'SUCCESS', values }, sessionHeaders(session));
  }

  async function passwordLogin(ctx: Context): Promise<Response> {
    const username = ctx.form.get('username') ?? '';
    const password = ctx.form.get('password') ?? '';
    const explicitDns = nonEmpty(ctx.form.get('vaultDNS'));
    // Without a body vaultDNS the service takes the vault from the host that was called.
    const targetDns = (explicitDns ?? ctx.url.hostname).toLowerCase();
    const key = username.toLowerCase();

    const verdict = burst.hit(`${key}\n${targetDns}`);
    const burstHeaders: Record<string, string> = {
      'X-VaultAPI-BurstLimit': String(verdict.limit),
      'X-VaultAPI-BurstLimitRemaining': String(verdict.remaining),
    };
    const refuse = (
      type: string,
      message: string,
      reason: LoginFailureReason,
      extra: Record<string, string> = {},
    ): Response => {
      emit({ type: 'login_failed', at: clock.now(), username, reason });
      return reply(ctx, vaultFailure(type, message, { authentication: true }), {
        ...burstHeaders,
        ...extra,
      });
    };

    if (!verdict.allowed) {
      return refuse(
        'API_LIMIT_EXCEEDED',
        `Too many authentication calls for this user and vault. Try again in ${verdict.retryAfterSeconds} seconds.`,
        'burst_limit',
        { 'Retry-After': String(verdict.retryAfterSeconds) },
      );
    }
    if (username === '') {
      return refuse(
        'PARAMETER_REQUIRED',
        'Missing required parameter [username].',
        'missing_username',
      );
    }
    if (password === '')
      return refuse('NO_PASSWORD_PROVIDED', MESSAGES.noPassword, 'missing_password');
    // Every password login does the same hashing work whatever the account's state, so the
    // answer's timing tells nothing about which accounts exist, are locked or inactive
    // (ENUM-01); the state is looked at only once the password has been checked.
    const user = index.usersByName.get(key);
    const credential = user ? credentialFor(user) : undefined;
    const matches = await verifyPassword(password, await (credential ?? decoyCredential()));
    if (failures.lockedUntil(key) !== undefined) {
      return refuse('USER_LOCKED_OUT', MESSAGES.locked, 'temporarily_locked');
    }
    if (user?.status === 'locked')
      return refuse('USER_LOCKED_OUT', MESSAGES.locked, 'account_locked');
    if (user?.status === 'inactive') return refuse('INACTIVE_USER', MESSAGES.inactive, 'inactive');

    if (!user || !credential || !matches) {
      const lockedUntil = failures.recordFailure(key);
      if (lockedUntil !== undefined) {
        emit({ type: 'account_locked', at: clock.now(), username, until: lockedUntil });
      }
      return refuse(
        'USERNAME_OR_PASSWORD_INCORRECT',
        MESSAGES.incorrect,
        user && credential ? 'wrong_password' : 'unknown_user',
      );
    }
    failures.recordSuccess(key);
    if (user.status === 'password_change_required') {
      return refuse(
        'PASSWORD_CHANGE_REQUIRED',
        MESSAGES.passwordChange,
        'password_change_required',
      );
    }
    return startSession(
      ctx,
      user,
      'password',
      explicitDns ?? ctx.url.hostname,
      explicitDns !== undefined,
      burstHeaders,
    );
  }

  function startSession(
    ctx: Context,
    user: IndexedUser,
    method: 'password' | 'oauth',
    requestedDns: string | undefined,
    explicit: boolean,
    extraHeaders: Record<string, string> = {},
  ): Response {
    const requested = requestedDns ? index.vaultsByDns.get(requestedDns.toLowerCase()) : undefined;
    // Auth defaulting: a vault the user cannot use still yields a session, in their default
    // vault; the client's DNS check is what catches it.
    const vaultId =
      requested && user.vaultIds.includes(requested.id) ? requested.id : user.defaultVaultId;
    const session = sessions.create({ userId: user.id, vaultId });
    emit({
      type: 'login',
      at: clock.now(),
      method,
      userId: user.id,
      username: user.username,
      vaultId,
      defaultedVault: explicit && requested?.id !== vaultId,
      sessionRef: session.ref,
    });
    const vaultIds = user.vaultIds.map((id) => {
      const vault = index.vaultsById.get(id);
      return { id, name: vault?.name ?? '', url: `https://${vault?.dns ?? ''}/api` };
    });
    return reply(
      ctx,
      { responseStatus: 'SUCCESS', sessionId: session.id, userId: user.id, vaultId, vaultIds },
      { ...extraHeaders, ...sessionHeaders(session) },
    );
  }

  async function oauthLogin(ctx: Context, profileId: string): Promise<Response> {
    const refuse = (reason: OAuthFailureReason): Response => {
      emit({ type: 'oauth_failed', at: clock.now(), profileId, reason });
      // EXCH-08: one answer for every reason.
      return reply(
        ctx,
        vaultFailure('INSUFFICIENT_ACCESS', MESSAGES.oauth, { authentication: true }),
      );
    };
    const profile = index.profilesById.get(profileId);
    if (!profile) return refuse('unknown_profile');
    // The access token is read from the Authorization header only, never from the URL.
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.request.headers.get('authorization') ?? '');
    const token = bearer?.[1];
    if (!token) return refuse('missing_token');
    if (!oidc) return refuse('not_configured');

    let introspection: unknown;
    try {
      introspection = await oidc.introspect(token);
    } catch {
      return refuse('introspection_failed');
    }
    const verdict = validateIntrospection(introspection, {
      issuer: oidc.issuer,
      allowedClientIds: oidc.allowedClientIds,
      nowMs: clock.now(),
      leewayMs: TOKEN_LEEWAY_MS,
    });
    if (!verdict.ok) return refuse(verdict.reason);
    const userId = index.subjects.get(`${profile.id}\n${verdict.subject}`);
    const user = userId === undefined ? undefined : index.usersById.get(userId);
    if (!user) return refuse('unknown_subject');
    if (user.status !== 'active' && user.status !== 'password_change_required') {
      return refuse('user_not_active');
    }
    const explicitDns = nonEmpty(ctx.form.get('vaultDNS'));
    return startSession(ctx, user, 'oauth', explicitDns, explicitDns !== undefined);
  }

  function discovery(ctx: Context): Response {
    // The kit sends a form body; the service's documentation shows query parameters.
    const username =
      nonEmpty(ctx.form.get('username')) ?? nonEmpty(ctx.url.searchParams.get('username'));
    if (username === undefined) {
      return reply(
        ctx,
        vaultFailure('PARAMETER_REQUIRED', 'Missing required parameter [username].'),
      );
    }
    const clientId =
      nonEmpty(ctx.form.get('client_id')) ?? nonEmpty(ctx.url.searchParams.get('client_id'));
    // Routing looks at the domain only, never at whether the user exists (ENUM-01, ENUM-02).
    const at = username.lastIndexOf('@');
    const profiles = at < 0 ? undefined : index.realms.get(username.slice(at + 1).toLowerCase());
    if (!profiles) {
      return reply(ctx, { responseStatus: 'SUCCESS', errors: [], data: { auth_type: 'password' } });
    }
    return reply(ctx, {
      responseStatus: 'SUCCESS',
      errors: [],
      data: {
        auth_type: 'sso',
        auth_profiles: profiles.map((profile) => profileBody(profile, ctx.url.origin, clientId)),
      },
    });
  }

  function profileBody(
    profile: EmulatorAuthProfile,
    origin: string,
    clientId: string | undefined,
  ): Record<string, unknown> {
    const metadata = oidc
      ? {
          issuer: oidc.issuer,
          authorization_endpoint: oidc.authorizationEndpoint,
          token_endpoint: oidc.tokenEndpoint,
          ...(oidc.jwksUri === undefined ? {} : { jwks_uri: oidc.jwksUri }),
          ...(oidc.endSessionEndpoint === undefined
            ? {}
            : { end_session_endpoint: oidc.endSessionEndpoint }),
          scopes_supported: [...(oidc.scopesSupported ?? ['openid', 'profile', 'email'])],
          token_endpoint_auth_methods_supported: [
            ...(oidc.tokenEndpointAuthMethodsSupported ?? ['none', 'client_secret_basic']),
          ],
        }
      : {
          issuer: `${origin}/oidc`,
          authorization_endpoint: `${origin}/oidc/auth`,
          token_endpoint: `${origin}/oidc/token`,
          jwks_uri: `${origin}/oidc/jwks`,
          end_session_endpoint: `${origin}/oidc/session/end`,
          scopes_supported: ['openid', 'profile', 'email'],
          token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
        };
    const map = oidc?.clientIdMap;
    const asClientId =
      clientId !== undefined && map !== undefined && Object.hasOwn(map, clientId)
        ? map[clientId]
        : undefined;
    return {
      id: profile.id,
      label: profile.label,
      description: profile.description,
      vault_session_endpoint: `${origin}/auth/oauth/session/${encodeURIComponent(profile.id)}`,
      use_adal: false,
      as_metadata: metadata,
      oauthProviderType: profile.oauthProviderType,
      ...(asClientId === undefined ? {} : { as_client_id: asClientId }),
    };
  }

  function keepAlive(ctx: Context): Response {
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    return reply(ctx, { responseStatus: 'SUCCESS' }, sessionHeaders(session));
  }

  function listDelegations(ctx: Context): Response {
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    const delegatedVaults = index.delegations
      .filter((grant) => grant.delegateUserId === session.userId)
      .map((grant) => {
        const vault = index.vaultsById.get(grant.vaultId);
        return {
          id: grant.vaultId,
          name: vault?.name ?? '',
          dns: vault?.dns ?? '',
          delegator_userid: String(grant.delegatorUserId),
        };
      });
    return reply(
      ctx,
      { responseStatus: 'SUCCESS', delegated_vaults: delegatedVaults },
      sessionHeaders(session),
    );
  }

  function delegatedLogin(ctx: Context): Response {
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    const headers = sessionHeaders(session);
    const refuse = (reason: 'from_delegated_session' | 'no_grant', message: string): Response => {
      emit({
        type: 'delegation_refused',
        at: clock.now(),
        actorUserId: session.actor?.userId ?? session.userId,
        reason,
      });
      return reply(ctx, vaultFailure('INSUFFICIENT_ACCESS', message), headers);
    };
    if (session.actor) {
      return refuse(
        'from_delegated_session',
        'A delegated session cannot start another delegated session.',
      );
    }
    const rawVaultId = nonEmpty(ctx.form.get('vault_id'));
    const delegator = nonEmpty(ctx.form.get('delegator_userid'));
    const missing = [
      rawVaultId ? undefined : 'vault_id',
      delegator ? undefined : 'delegator_userid',
    ]
      .filter((name) => name !== undefined)
      .join(', ');
    if (rawVaultId === undefined || delegator === undefined) {
      return reply(
        ctx,
        vaultFailure('PARAMETER_REQUIRED', `Missing required parameter [${missing}].`),
        headers,
      );
    }
    const vaultId = Number(rawVaultId);
    if (!/^-?\d+$/.test(rawVaultId) || !Number.isSafeInteger(vaultId)) {
      return reply(
        ctx,
        vaultFailure('INVALID_DATA', 'Invalid value for [vault_id]: an integer is expected.'),
        headers,
      );
    }
    // The grant is checked here, whatever the client's list showed (DEL-02).
    const grant = index.delegations.find(
      (g) =>
        g.delegateUserId === session.userId &&
        g.vaultId === vaultId &&
        String(g.delegatorUserId) === delegator,
    );
    const subject = grant ? index.usersById.get(grant.delegatorUserId) : undefined;
    if (!grant || !subject || subject.status === 'inactive') {
      return refuse('no_grant', 'You do not have delegate access for that user in that vault.');
    }
    const delegated = sessions.createDelegated(session, { userId: subject.id, vaultId });
    emit({
      type: 'delegation_started',
      at: clock.now(),
      actorUserId: session.userId,
      subjectUserId: subject.id,
      vaultId,
      sessionRef: delegated.ref,
      actorSessionRef: session.ref,
    });
    return reply(ctx, { responseStatus: 'SUCCESS', delegated_sessionid: delegated.id }, headers);
  }

  function endSession(ctx: Context): Response {
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    const headers = sessionHeaders(session);
    sessions.end(session, 'logout');
    return reply(ctx, { responseStatus: 'SUCCESS' }, headers);
  }

  /**
   * "Validate Session User": who the session acts as. A delegated session names the delegator
   * and adds `delegate_user_id`, the person actually at the keyboard.
   */
  function validateSessionUser(ctx: Context): Response {
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    const user = index.usersById.get(session.userId);
    // Sessions are only ever issued for directory users, and the directory never changes.
    if (!user) throw new Error('A session names a user the directory does not hold.');
    return reply(
      ctx,
      {
        responseStatus: 'SUCCESS',
        users: [
          {
            user: {
              id: user.id,
              user_name__v: user.username,
              user_first_name__v: user.firstName,
              user_last_name__v: user.lastName,
              user_email__v: user.username,
              user_timezone__v: user.timezone,
              user_locale__v: user.locale,
              user_language__v: user.locale.split('_')[0] ?? 'en',
              active__v: true,
              ...(session.actor ? { delegate_user_id: session.actor.userId } : {}),
            },
          },
        ],
      },
      sessionHeaders(session),
    );
  }

  /** The documents of the session's vault, one page at a time (`start`, `limit`). */
  function listDocuments(ctx: Context, version: string): Response {
    const session = sessionFrom(ctx);
    if (!session) return invalidSession(ctx);
    const headers = sessionHeaders(session);
    const limit = integerParam(ctx.url.searchParams, 'limit', DOCUMENTS_DEFAULT_LIMIT);
    const start = integerParam(ctx.url.searchParams, 'start', 0);
    if (limit === undefined || limit < 1 || limit > DOCUMENTS_MAX_LIMIT) {
      return reply(
        ctx,
        vaultFailure(
          'INVALID_DATA',
          `Invalid value for [limit]: an integer from 1 to ${DOCUMENTS_MAX_LIMIT} is expected.`,
        ),
        headers,
      );
    }
    if (start === undefined || start < 0) {
      return reply(
        ctx,
        vaultFailure(
          'INVALID_DATA',
          'Invalid value for [start]: a non-negative integer is expected.',
        ),
        headers,
      );
    }
    const all = index.documentsByVault.get(session.vaultId) ?? [];
    const page = all.slice(start, start + limit);
    const pageUrl = (from: number) =>
      `/api/${version}/objects/documents?start=${from}&limit=${limit}`;
    return reply(
      ctx,
      {
        responseStatus: 'SUCCESS',
        responseDetails: {
          total: all.length,
          size: page.length,
          start,
          limit,
          ...(start + limit < all.length ? { next_page: pageUrl(start + limit) } : {}),
          ...(start > 0 ? { previous_page: pageUrl(Math.max(0, start - limit)) } : {}),
        },
        documents: page.map((document) => ({ document: documentBody(document) })),
      },
      headers,
    );
  }

  return {
    fetch: handle as VaultEmulator['fetch'],
    clock,
    loginHost,
    sessionCount() {
      sweepNow();
      return sessions.list().length;
    },
    sessions() {
      sweepNow();
      return sessions.list();
    },
    storedCredential(username) {
      const user = index.usersByName.get(username.toLowerCase());
      const stored = user ? credentials.get(user.id) : undefined;
      return stored ? { ...stored } : undefined;
    },
    reset() {
      sessions.clear();
      failures.clear();
      burst.clear();
      discoveryLimit.clear();
      invalidSessionLimit.clear();
    },
  };
}

/** `vYY.R` for every release from `first` to `last` inclusive, three releases a year. */
function publishedVersions(first: number, last: number): string[] {
  const out: string[] = [];
  for (let year = Math.floor(first); year <= Math.floor(last); year++) {
    for (let release = 1; release <= 3; release++) {
      const version = year + release / 10;
      if (version >= first - 1e-9 && version <= last + 1e-9) out.push(`v${year}.${release}`);
    }
  }
  return out;
}

type Place =
  | { readonly kind: 'anywhere' }
  | { readonly kind: 'login' }
  | { readonly kind: 'vault'; readonly vaultId: number }
  | { readonly kind: 'nowhere' };
const ANYWHERE: Place = { kind: 'anywhere' };
const LOGIN_HOST: Place = { kind: 'login' };
const NOWHERE: Place = { kind: 'nowhere' };

function checkHost(value: unknown, name: string): string {
  if (
    typeof value !== 'string' ||
    !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(value)
  ) {
    throw new RangeError(`${name} must be a lower-case host name, got ${JSON.stringify(value)}.`);
  }
  return value;
}

function documentBody(document: EmulatorDocument): Record<string, unknown> {
  return {
    id: document.id,
    version_id: `${document.id}_${document.majorVersion}_${document.minorVersion}`,
    name__v: document.name,
    title__v: document.title,
    document_number__v: document.documentNumber,
    type__v: document.type,
    lifecycle__v: document.lifecycle,
    status__v: document.status,
    major_version_number__v: document.majorVersion,
    minor_version_number__v: document.minorVersion,
    format__v: document.format,
    created_by__v: document.createdBy,
    document_creation_date__v: document.createdAt,
    version_modified_date__v: document.modifiedAt,
  };
}

/** A query parameter as a whole number: `fallback` when absent, `undefined` when not one. */
function integerParam(params: URLSearchParams, name: string, fallback: number): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function positive(value: number, name: string): number {
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a positive number, got ${value}.`);
  }
  return value;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${value}.`);
  }
  return value;
}
