import { createBurstLimiter } from './createBurstLimiter';
import { createCredentialStore } from './createCredentialStore';
import { createFailureLimiter } from './createFailureLimiter';
import { type EmulatorClock, systemClock } from './createManualClock';
import { createNameTagger } from './createNameTagger';
import { createSessionStore, type SessionSummary } from './createSessionStore';
import { demoDirectory } from './demoDirectory';
import type { EmulatorEvent } from './EmulatorEvent';
import type { EmulatorState } from './EmulatorState';
import { DEFAULT_PASSWORD_HASH_ITERATIONS, type PasswordHash } from './hashPassword';
import { indexEmulatorData } from './indexEmulatorData';
import { checkHost, DEFAULT_LOGIN_HOST, locateHost } from './locateHost';
import { nonEmpty } from './nonEmpty';
import { randomBytes } from './randomToken';
import { BodyTooLargeError, readFormBody } from './readFormBody';
import { routeRequest } from './routeRequest';
import type { VaultEmulatorOptions } from './VaultEmulatorOptions';
import { payloadTooLargeResponse, vaultFailure, vaultResponse } from './vaultResponse';

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
  /** Each vault's host (its `dns`), where it answers unless the emulator is single-origin. */
  readonly vaultHosts: readonly string[];
  /** Live sessions, delegated ones included (expired ones are dropped first). */
  sessionCount(): number;
  /** Live sessions without their IDs. */
  sessions(): SessionSummary[];
  /** The stored password verifier for a user name, once one exists. */
  storedCredential(username: string): PasswordHash | undefined;
  /**
   * Ends every session and forgets failure counters, burst windows and the vault each user
   * last signed in to.
   */
  reset(): void;
}
const MINUTE = 60_000;

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
  const perCaller = (
    name: keyof NonNullable<VaultEmulatorOptions['callerLimits']>,
    fallback: number,
  ) =>
    createBurstLimiter({
      clock,
      limit: positiveInteger(options.callerLimits?.[name] ?? fallback, `callerLimits.${name}`),
      windowMs: MINUTE,
    });
  const discoveryLimit = perCaller('discoveryPerMinute', 120);
  const invalidSessionLimit = perCaller('invalidSessionsPerMinute', 60);
  const failedLoginLimit = perCaller('failedLoginsPerMinute', 30);
  const lastLogins = new Map<number, number>();
  const credentials = createCredentialStore({ index, iterations });
  let lastSweep = Number.NEGATIVE_INFINITY;

  function emit(event: EmulatorEvent): void {
    if (!onEvent) return;
    try {
      onEvent(event);
    } catch {
      // An observer's failure must not change what the client sees.
    }
  }

  const state: EmulatorState = {
    clock,
    index,
    sessions,
    failures,
    burst,
    discoveryLimit,
    invalidSessionLimit,
    failedLoginLimit,
    credentials,
    tagName: createNameTagger(),
    lastLogins,
    oidc,
    emit,
  };

  function sweepNow(): void {
    sessions.sweep();
    burst.sweep();
    discoveryLimit.sweep();
    invalidSessionLimit.sweep();
    failedLoginLimit.sweep();
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
      // What fetch could not even turn into a request gets the service's answer to a bad URL.
      return vaultResponse(vaultFailure('MALFORMED_URL', 'The requested URL is not valid.'), {
        executionId: hex(randomBytes(16)),
      });
    }
    try {
      maybeSweep();
      const url = new URL(request.url);
      const form = request.body ? await readFormBody(request) : new URLSearchParams();
      const caller =
        nonEmpty(context?.clientAddress) ??
        nonEmpty(request.headers.get('x-emulator-caller')) ??
        'shared';
      const place = locateHost(url, loginHost, index);
      return await routeRequest(state, { request, url, form, executionId, caller, place });
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
        vaultFailure(
          'UNEXPECTED_ERROR',
          'An unexpected error occurred. Quote the execution ID to support.',
          { exception: true },
        ),
        { executionId },
      );
    }
  }

  return {
    fetch: handle as VaultEmulator['fetch'],
    clock,
    loginHost,
    vaultHosts: Object.freeze([...index.vaultsByDns.keys()]),
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
      const stored = user ? credentials.stored(user.id) : undefined;
      return stored ? { ...stored } : undefined;
    },
    reset() {
      sessions.clear();
      failures.clear();
      burst.clear();
      discoveryLimit.clear();
      invalidSessionLimit.clear();
      failedLoginLimit.clear();
      lastLogins.clear();
    },
  };
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
