/**
 * Which of the proxy's two session cookies a call uses: the user's own session or the
 * delegated one (acting on behalf of another user).
 *
 * @example
 * ```ts
 * const kind: ProxySessionKind = 'delegated';
 * ```
 */
export type ProxySessionKind = 'own' | 'delegated';

// The proxy's session tag: base64url, 22 characters today; a little room either way so a
// longer tag of a later proxy still fits, and nothing that could break a header or a URL.
const TAG_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const HANDLE_PATTERN = /^(own|delegated):([A-Za-z0-9_-]{16,128})$/;

/**
 * True for a session tag as the kit's proxy sends it (`sessionTag`): an opaque, stable,
 * non-secret name of a session.
 *
 * @example
 * ```ts
 * isSessionTag('q0VbGZ3rUj5pXn9M2a7LkQ'); // true
 * ```
 */
export function isSessionTag(value: unknown): value is string {
  return typeof value === 'string' && TAG_PATTERN.test(value);
}

/**
 * The session handle the kit uses in place of a session ID when `credentials: 'proxy'`:
 * `own:<sessionTag>` or `delegated:<sessionTag>`. It names the proxy's cookie a call goes
 * out with and the session that cookie should hold; it is no credential, so it may be
 * stored and shared between tabs.
 *
 * @example
 * ```ts
 * toProxySessionHandle('own', 'q0VbGZ3rUj5pXn9M2a7LkQ'); // 'own:q0VbGZ3rUj5pXn9M2a7LkQ'
 * ```
 */
export function toProxySessionHandle(kind: ProxySessionKind, sessionTag: string): string {
  return `${kind}:${sessionTag}`;
}

/**
 * Splits a session handle into its cookie and tag; `undefined` for anything else (a
 * session ID of token mode among them).
 *
 * @example
 * ```ts
 * parseProxySessionHandle('delegated:q0VbGZ3rUj5pXn9M2a7LkQ');
 * // { kind: 'delegated', sessionTag: 'q0VbGZ3rUj5pXn9M2a7LkQ' }
 * ```
 */
export function parseProxySessionHandle(
  value: unknown,
): { readonly kind: ProxySessionKind; readonly sessionTag: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = HANDLE_PATTERN.exec(value);
  if (!match) return undefined;
  return { kind: match[1] as ProxySessionKind, sessionTag: match[2] as string };
}
