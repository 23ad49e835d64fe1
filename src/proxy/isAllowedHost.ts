// A DNS name as the proxy accepts it: lower-case labels of letters, digits and inner
// hyphens, at least two labels, no trailing dot. Upper case is refused rather than folded,
// so that what is checked is exactly what is forwarded.
const HOST_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * True for a host name the proxy may forward to: a plain lower-case DNS name (never an IP
 * literal in any notation, a port, user info, percent-encoding or a trailing dot) that
 * matches one of `patterns`. A pattern is an exact name, or `*.suffix`, which matches
 * names below `suffix` but not `suffix` itself.
 *
 * @example
 * ```ts
 * isAllowedHost('promomats.veevavault.com', ['*.veevavault.com']); // true
 * isAllowedHost('veevavault.com.evil.example', ['*.veevavault.com']); // false
 * ```
 */
export function isAllowedHost(host: string, patterns: readonly string[]): boolean {
  if (!isPlainHostName(host)) return false;
  return patterns.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern,
  );
}

/**
 * True for a lower-case DNS name that is not an IP address: the last label must hold a
 * letter, which rules out dotted, decimal, octal and hex IPv4 forms; `:` and `[` (IPv6),
 * `@`, `%` and upper case never match.
 *
 * @example
 * ```ts
 * isPlainHostName('quality.sunrise.example'); // true
 * isPlainHostName('127.0.0.1'); // false
 * ```
 */
export function isPlainHostName(host: string): boolean {
  if (!HOST_PATTERN.test(host)) return false;
  const last = host.slice(host.lastIndexOf('.') + 1);
  return /[a-z]/.test(last) && !/^0x[0-9a-f]+$/.test(last);
}
