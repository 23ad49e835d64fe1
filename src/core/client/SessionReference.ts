/**
 * Which of the proxy's two session cookies a call uses: the user's own session or the
 * delegated one (acting on behalf of another user).
 *
 * @example
 * ```ts
 * const cookie: ProxySessionKind = 'delegated';
 * ```
 */
export type ProxySessionKind = 'own' | 'delegated';

/**
 * A session of token mode: the client sends its ID as the `Authorization` header.
 *
 * @example
 * A Node job that was given a session ID, rather than signing in itself:
 * ```ts
 * const vault = createVaultClient({ baseUrl: 'https://promomats.sunrise.example' });
 * const session: TokenSessionReference = { kind: 'token', id: process.env.VAULT_SESSION_ID ?? '' };
 * const me = await vault.request(session, '/objects/users/me');
 * ```
 */
export interface TokenSessionReference {
  /** Token mode: the page holds the session ID. */
  readonly kind: 'token';
  /** The session ID, a credential: never put in a URL, a log or localStorage. */
  readonly id: string;
}

/**
 * A session the kit's proxy holds in one of its `HttpOnly` cookies (BFF mode,
 * `credentials: 'proxy'`): the cookie a call goes out with and the tag of the session that
 * cookie should hold. No credential, so it may be stored and shared between tabs.
 *
 * @example
 * ```ts
 * const session: ProxySessionReference = { kind: 'proxy', cookie: 'own', tag: 'q0VbGZ3rUj5pXn9M2a7LkQ' };
 * ```
 */
export interface ProxySessionReference {
  /** BFF mode: the kit's proxy holds the session ID. */
  readonly kind: 'proxy';
  /** The proxy's cookie that holds the session: the user's own or the delegated one. */
  readonly cookie: ProxySessionKind;
  /** The proxy's `sessionTag`: an opaque, stable, non-secret name of the session. */
  readonly tag: string;
}

/**
 * What a call is made with: a session of token mode or one the kit's proxy holds. Decided
 * where the session is made (the login answer) and carried as it is, so no part of the kit
 * tells the two apart by looking at a string.
 *
 * @example
 * ```ts
 * const { session } = await client.login({ username: 'olivia@sunrise.example', password });
 * await client.keepAlive(session);
 * ```
 */
export type SessionReference = TokenSessionReference | ProxySessionReference;

/**
 * True when two references name the same session (and, behind the proxy, the same cookie).
 *
 * @example
 * ```ts
 * const first = await client.login({ username, password });
 * const second = await client.login({ username, password });
 * isSameSession(first.session, { ...first.session }); // true
 * isSameSession(first.session, second.session); // false: each login opens a session of its own
 * ```
 */
export function isSameSession(
  a: SessionReference | undefined,
  b: SessionReference | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.kind === 'token'
    ? b.kind === 'token' && a.id === b.id
    : b.kind === 'proxy' && a.cookie === b.cookie && a.tag === b.tag;
}
