/**
 * The sign-in a failed single sign-on belonged to, as the browser stored it when the user
 * left for the identity provider: enough to bring them back where they started, with the
 * user name they typed.
 *
 * @example
 * ```ts
 * const attempt: SsoAttempt = { profileId: 'harbor-oidc', username: 'sam@harbor.example', returnTo: '/documents' };
 * ```
 */
export interface SsoAttempt {
  readonly profileId: string;
  /** The vault user name as typed before the redirect. */
  readonly username: string;
  /** The same-origin path the sign-in started from or asked for (OIDC-05). */
  readonly returnTo: string;
}

// A registered symbol rather than a module-level WeakMap: the main entry reads what the
// lazily loaded single sign-on chunk wrote, even where a bundler duplicates this module.
// Not enumerable, so the user name stays out of serialised errors and logs.
const ATTEMPT = Symbol.for('vault-session-kit.ssoAttempt');

/**
 * Ties a failure of the callback to the sign-in it belonged to; returns the same error.
 * Objects only: anything else is returned unchanged.
 */
export function attachSsoAttempt<T>(error: T, attempt: SsoAttempt): T {
  if (typeof error === 'object' && error !== null && Object.isExtensible(error)) {
    Object.defineProperty(error, ATTEMPT, { value: attempt, configurable: true });
  }
  return error;
}

/**
 * The sign-in a failure of `handleSsoCallback` belonged to, or `undefined` when the answer
 * could not be tied to a sign-in started in this browser (a forged, replayed or unknown
 * `state`). A cancel at the provider, a refused code or a failed session call all carry one.
 *
 * @example
 * ```ts
 * handleSsoCallback(session).catch((error) => {
 *   const attempt = getSsoAttempt(error);
 *   if (attempt) history.replaceState(null, '', attempt.returnTo);
 * });
 * ```
 */
export function getSsoAttempt(error: unknown): SsoAttempt | undefined {
  // Only attachSsoAttempt writes under this symbol, so what is there has the right shape.
  return typeof error === 'object' && error !== null
    ? (error as { [ATTEMPT]?: SsoAttempt })[ATTEMPT]
    : undefined;
}
