const MAX_LENGTH = 2048;

/**
 * Keeps a post-login destination only when it is a path on this origin (OIDC-05): an
 * absolute URL, a scheme (`javascript:`), a protocol-relative `//host`, a backslash, a
 * control character, or any of these once percent-decoded, gives `fallback` instead.
 * The result is the normalised `pathname + search + hash`.
 */
export function sanitizeReturnTo(
  value: unknown,
  options: { fallback?: string; origin?: string } = {},
): string {
  const fallback = options.fallback ?? '/';
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  const origin = new URL(options.origin ?? globalThis.location?.origin ?? 'http://localhost')
    .origin;
  // The check runs on the input and again on what URL parsing made of it: dot segments can
  // turn a harmless `/.//evil.example` into the protocol-relative `//evil.example`.
  const normalised = isSafeInEveryLayer(value) ? normalise(value, origin) : undefined;
  if (
    normalised === undefined ||
    !isSafeInEveryLayer(normalised) ||
    normalise(normalised, origin) !== normalised
  ) {
    return fallback;
  }
  return normalised;
}

/** `pathname + search + hash` of `path` resolved on `origin`, unless it leaves the origin. */
function normalise(path: string, origin: string): string | undefined {
  let resolved: URL;
  try {
    resolved = new URL(path, origin);
  } catch {
    return undefined;
  }
  if (resolved.origin !== origin) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

function isSafeInEveryLayer(path: string): boolean {
  if (!isSafePath(path)) return false;
  let decoded = path;
  // Routers and servers may decode once more than the browser does; every layer must be safe.
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (!isSafePath(next)) return false;
    if (next === decoded) return true;
    decoded = next;
  }
  return true;
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
