import { SESSION_ROUTE } from '../core/kitWire';
import { isPlainHostName } from './isAllowedHost';
import type { VaultProxyOptions, VaultProxySessionOptions } from './VaultProxyOptions';

const DEFAULT_MAX_REQUEST_BYTES = 100 * 1024 * 1024;
const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;
const DEFAULT_BODY_IDLE_TIMEOUT_MS = 30_000;
const MIN_SECRET_LENGTH = 32;
const PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * The backend-for-frontend settings once checked.
 */
export interface CheckedSessionOptions {
  readonly secrets: readonly string[];
  /** The who-am-I route's path, `basePath` included. */
  readonly path: string;
  readonly now: () => number;
  /**
   * How long a login sent before another one's answer reached the browser may still answer
   * and overwrite the own cookie: each new session's landed copy stays that long (twice
   * `upstreamTimeoutMs`: one bound for that login's way through the proxy, one for its ways
   * to and from it).
   */
  readonly loginWindowMs: number;
  /** Single sign-on through the proxy, when configured. */
  readonly sso?: { readonly allowHosts: readonly string[] } | undefined;
}

/**
 * The proxy's settings once checked, defaults filled in.
 */
export interface CheckedProxyOptions {
  readonly loginHost: string;
  readonly allowHosts: readonly string[];
  readonly allowedOrigins: readonly string[];
  readonly trustForwardedHost: boolean;
  readonly basePath: string;
  readonly maxRequestBytes: number;
  readonly upstreamTimeoutMs: number;
  readonly bodyIdleTimeoutMs: number;
  readonly session: CheckedSessionOptions | undefined;
}

/**
 * Checks the proxy's settings, throwing a `TypeError` that says what is wrong with any
 * that cannot work, and fills in the defaults.
 */
export function checkProxyOptions(options: VaultProxyOptions): CheckedProxyOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createVaultProxy needs { loginHost, allowHosts }.');
  }
  if (typeof options.loginHost !== 'string' || !isPlainHostName(options.loginHost)) {
    throw new TypeError(
      `loginHost must be a lower-case host name such as "login.veevavault.com", got ${JSON.stringify(options.loginHost)}.`,
    );
  }
  if (!Array.isArray(options.allowHosts) || options.allowHosts.length === 0) {
    throw new TypeError('allowHosts must list at least one host name or "*.suffix" pattern.');
  }
  checkHostPatterns(options.allowHosts, 'allowHosts');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !PATH.test(basePath)) {
    throw new TypeError(
      `basePath must be a path such as "/vault-proxy", got ${JSON.stringify(options.basePath)}.`,
    );
  }
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const bodyIdleTimeoutMs = options.bodyIdleTimeoutMs ?? DEFAULT_BODY_IDLE_TIMEOUT_MS;
  for (const [name, value] of [
    ['maxRequestBytes', maxRequestBytes],
    ['upstreamTimeoutMs', upstreamTimeoutMs],
    ['bodyIdleTimeoutMs', bodyIdleTimeoutMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`${name} must be a whole number from 1 up, got ${value}.`);
    }
  }
  const trustForwardedHost = options.trustForwardedHost ?? false;
  if (typeof trustForwardedHost !== 'boolean') {
    throw new TypeError(`trustForwardedHost must be true or false, got ${trustForwardedHost}.`);
  }
  return {
    loginHost: options.loginHost,
    allowHosts: [...options.allowHosts],
    allowedOrigins: (options.allowedOrigins ?? []).map(toOrigin),
    trustForwardedHost,
    basePath,
    maxRequestBytes,
    upstreamTimeoutMs,
    bodyIdleTimeoutMs,
    session:
      options.session === undefined
        ? undefined
        : checkSession(options.session, basePath, 2 * upstreamTimeoutMs),
  };
}

// The secrets themselves never appear in a message: only their position and length.
function checkSession(
  session: VaultProxySessionOptions,
  basePath: string,
  loginWindowMs: number,
): CheckedSessionOptions {
  if (typeof session !== 'object' || session === null) {
    throw new TypeError('session must be { secrets: [...] }.');
  }
  const { secrets } = session;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    throw new TypeError(
      'session.secrets must list at least one secret of 32 characters or more (e.g. from `openssl rand -base64 32`); the first seals, all open.',
    );
  }
  secrets.forEach((secret: unknown, index) => {
    if (typeof secret !== 'string') {
      throw new TypeError(`session.secrets[${index}] must be a string, got ${typeof secret}.`);
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new TypeError(
        `session.secrets[${index}] is ${secret.length} characters long; each secret needs at least ${MIN_SECRET_LENGTH} (e.g. from \`openssl rand -base64 32\`).`,
      );
    }
    const earlier = secrets.indexOf(secret);
    if (earlier !== index) {
      throw new TypeError(
        `session.secrets[${index}] repeats session.secrets[${earlier}]; each secret must be different.`,
      );
    }
  });
  const path = (session.path ?? SESSION_ROUTE).replace(/\/+$/, '');
  if (!PATH.test(path) || /^\/(?:auth|vault)(?:\/|$)/.test(path)) {
    throw new TypeError(
      `session.path must be a path such as "/vault-session", outside /auth and /vault, got ${JSON.stringify(session.path)}.`,
    );
  }
  const now = session.now ?? Date.now;
  if (typeof now !== 'function') {
    throw new TypeError('session.now must be a function returning epoch milliseconds.');
  }
  const { sso } = session;
  if (sso !== undefined) {
    if (typeof sso !== 'object' || sso === null || !Array.isArray(sso.allowHosts)) {
      throw new TypeError(
        'session.sso must be { allowHosts: [...] }: the identity-provider hosts the proxy may reach.',
      );
    }
    if (sso.allowHosts.length === 0) {
      throw new TypeError(
        'session.sso.allowHosts must list at least one identity-provider host name or "*.suffix" pattern.',
      );
    }
    checkHostPatterns(sso.allowHosts, 'session.sso.allowHosts');
  }
  return {
    secrets: [...secrets],
    path: `${basePath}${path}`,
    now,
    loginWindowMs,
    sso: sso === undefined ? undefined : { allowHosts: [...sso.allowHosts] },
  };
}

function checkHostPatterns(patterns: readonly unknown[], name: string): void {
  for (const pattern of patterns) {
    const host =
      typeof pattern === 'string' && pattern.startsWith('*.') ? pattern.slice(2) : pattern;
    if (typeof host !== 'string' || !isPlainHostName(host)) {
      throw new TypeError(
        `${name} entries must be lower-case host names or "*.suffix" patterns with at least two labels, got ${JSON.stringify(pattern)}.`,
      );
    }
  }
}

function toOrigin(entry: string): string {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      `allowedOrigins entries must be origins such as "https://app.example.com", got ${JSON.stringify(entry)}.`,
    );
  }
  return url.origin;
}
