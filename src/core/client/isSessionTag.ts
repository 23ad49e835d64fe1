// The proxy's session tag: base64url, 22 characters today; a little room either way so a
// longer tag of a later proxy still fits, and nothing that could break a header or a URL.
const TAG_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

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
