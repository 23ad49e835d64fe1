import type { EmulatorIndex } from './indexEmulatorData';

/**
 * The login host of an emulator whose vaults each answer at their own host, unless
 * `hosts.loginHost` names another.
 *
 * @example
 * The kit's client in Node against an emulator whose vaults answer at their own hosts:
 * ```ts
 * const emulator = createVaultEmulator();
 * const client = createVaultClient({
 *   authUrl: `https://${DEFAULT_LOGIN_HOST}`,
 *   vaultUrl: 'https://{dns}',
 *   fetch: emulator.fetch,
 * });
 * await client.discover({ username: 'olivia@sunrise.example' });
 * // { authType: 'password', profiles: [] }
 * ```
 */
export const DEFAULT_LOGIN_HOST = 'login.vault.example';

/**
 * What answers at a requested host: the login host, one vault (by ID), nothing, or
 * everything (single-origin mode).
 */
export type Place =
  | { readonly kind: 'anywhere' }
  | { readonly kind: 'login' }
  | { readonly kind: 'vault'; readonly vaultId: number }
  | { readonly kind: 'nowhere' };
const ANYWHERE: Place = { kind: 'anywhere' };
const LOGIN_HOST: Place = { kind: 'login' };
const NOWHERE: Place = { kind: 'nowhere' };

/**
 * Resolves a request URL's host to what answers there. Without a login host (single-origin
 * mode) every host serves everything.
 */
export function locateHost(url: URL, loginHost: string | undefined, index: EmulatorIndex): Place {
  if (loginHost === undefined) return ANYWHERE;
  const host = url.hostname.toLowerCase();
  if (host === loginHost) return LOGIN_HOST;
  const vault = index.vaultsByDns.get(host);
  return vault ? { kind: 'vault', vaultId: vault.id } : NOWHERE;
}

/**
 * Checks a configured host name; throws a `RangeError` naming the setting otherwise.
 */
export function checkHost(value: unknown, name: string): string {
  if (
    typeof value !== 'string' ||
    !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(value)
  ) {
    throw new RangeError(`${name} must be a lower-case host name, got ${JSON.stringify(value)}.`);
  }
  return value;
}
