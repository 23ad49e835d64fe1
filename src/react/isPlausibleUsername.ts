/**
 * Whether a typed user name is worth a discovery call yet: the service routes by the part
 * after `@`, so nothing is asked before there is one with a dot in it.
 */
export function isPlausibleUsername(username: string): boolean {
  const at = username.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = username.slice(at + 1);
  return /^[^\s@.]+(\.[^\s@.]+)+$/.test(domain);
}
