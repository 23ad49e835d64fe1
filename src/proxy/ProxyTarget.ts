/**
 * Which of the service's calls a request is, decided once from its method and canonical
 * path (the vault's path words read without regard to case): the three logins, whose answers
 * BFF mode seals, the end of a session, the proxy's own single sign-on routes (start and the
 * identity provider's return), the hand-off of a vault's web tab, and every other call.
 */
export type ProxyCall =
  | 'password-login'
  | 'delegated-login'
  | 'oauth-login'
  | 'end-session'
  | 'sso-start'
  | 'sso-callback'
  | 'web-tab-hand-off'
  | 'sso-renew'
  | 'other';

/**
 * Where a request goes upstream: `https://{host}{path}`, `path` holding the query. The path
 * is the canonical form that every rule read (see `canonicalizeTarget`).
 */
export interface ProxyTarget {
  /**
   * `session`: a route of BFF mode the proxy answers itself (no host): who-am-I, and the
   * single sign-on routes (`call` says which).
   */
  readonly route: 'auth' | 'vault' | 'session';
  readonly host: string;
  readonly path: string;
  readonly call: ProxyCall;
  /** The API version a vault call names (`v26.1`, lower case), when it names one. */
  readonly version: string | undefined;
}
