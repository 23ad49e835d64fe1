import { configError } from '../explainInDevelopment';
import { MAX_SESSION_MS } from '../kitWire';
import { globalTimers } from '../resolveEnvironment';
import type { SessionManagerOptions } from './SessionManager';
import type { SessionClient, SessionTimers } from './types';

const DEFAULT_WARN_BEFORE_MS = 5 * 60 * 1000;
const DEFAULT_JOIN_TIMEOUT_MS = 300;

/**
 * The client, clock and timings of a session manager, with defaults applied and checked.
 */
export interface ResolvedSessionManagerOptions {
  readonly client: SessionClient;
  readonly now: () => number;
  readonly timers: SessionTimers;
  readonly warnBeforeMs: number;
  readonly maxSessionMs: number;
  readonly joinTimeoutMs: number;
  /** True when the kit's proxy holds the credential (`credentials: 'proxy'`). */
  readonly proxyMode: boolean;
}

/**
 * Applies the defaults of {@link SessionManagerOptions} to the client, the clock and the
 * timings. Throws `VaultConfigError` for a missing client and for a timing that is not a
 * non-negative number.
 */
export function resolveSessionManagerOptions(
  options: SessionManagerOptions,
): ResolvedSessionManagerOptions {
  const { client } = options;
  if (typeof client?.login !== 'function') {
    throw configError('createSessionManager needs a client.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : 'createSessionManager needs a client (see createVaultClient).',
    );
  }
  const clientCredentials = client.config?.credentials;
  const credentials = options.credentials ?? clientCredentials ?? 'token';
  if (credentials !== 'token' && credentials !== 'proxy') {
    throw configError('credentials is not valid.', () =>
      process.env.NODE_ENV === 'production' ? undefined : 'credentials must be "token" or "proxy".',
    );
  }
  if (clientCredentials !== undefined && clientCredentials !== credentials) {
    throw configError("credentials differs from the client's.", () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `The session is set to credentials: '${credentials}' but its client to '${clientCredentials}': set credentials: '${credentials}' in the client settings too.`,
    );
  }
  const proxyMode = credentials === 'proxy';
  if (
    proxyMode &&
    (typeof client.getProxySessions !== 'function' ||
      typeof client.clearProxySessions !== 'function')
  ) {
    throw configError('The client cannot ask the proxy for its sessions.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : "With credentials: 'proxy' the client needs getProxySessions and clearProxySessions (use createVaultClient with credentials: 'proxy').",
    );
  }
  return {
    client,
    proxyMode,
    now: options.now ?? (() => Date.now()),
    timers: options.timers ?? globalTimers,
    warnBeforeMs: checkDuration(options.warnBeforeMs ?? DEFAULT_WARN_BEFORE_MS, 'warnBeforeMs'),
    maxSessionMs: checkDuration(options.maxSessionMs ?? MAX_SESSION_MS, 'maxSessionMs'),
    joinTimeoutMs: checkDuration(options.joinTimeoutMs ?? DEFAULT_JOIN_TIMEOUT_MS, 'joinTimeoutMs'),
  };
}

function checkDuration(value: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw configError(`${name} is not valid.`, () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : `${name} must be a non-negative number of milliseconds.`,
    );
  }
  return value;
}
