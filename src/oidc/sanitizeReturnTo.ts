const MAX_LENGTH = 2048;

/**
 * Keeps a post-login destination only when it is a path on this origin (OIDC-05): an
 * absolute URL, a scheme (`javascript:`), a protocol-relative `//host`, a backslash, a
 * control character, or any of these once percent-decoded, gives `fallback` instead.
 * The result is the normalised `pathname + search + hash`.
 *
 * @example
 * ```ts
 * sanitizeReturnTo('/documents?id=7'); // '/documents?id=7'
 * sanitizeReturnTo('//evil.example'); // '/'
 * ```
 */
export function sanitizeReturnTo(
  value: unknown,
  options: { fallback?: string; origin?: string } = {},
): string {
  const fallback = options.fallback ?? '/';
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !isSafePath(value)) {
    return fallback;
  }
  let decoded = value;
  // Routers and servers may decode once more than the browser does; every layer must be safe.
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (!isSafePath(next)) return fallback;
    if (next === decoded) break;
    decoded = next;
  }
  const origin = options.origin ?? globalThis.location?.origin ?? 'http://localhost';
  let resolved: URL;
  try {
    resolved = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== new URL(origin).origin) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !hasUnsafeCharacter(path);
}

// Control characters are dropped by URL parsers (`/\t/evil` becomes `//evil`); backslashes
// count as slashes in special URLs.
function hasUnsafeCharacter(path: string): boolean {
  for (let index = 0; index < path.length; index += 1) {
    const code = path.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
