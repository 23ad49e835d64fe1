import { VaultConfigError } from '../core/errors';

/** Path of the default redirect URI, on the application's own origin. */
const DEFAULT_CALLBACK_PATH = '/sso/callback';

/**
 * The absolute redirect URI of the single sign-on: the configured one (absolute, or a path
 * resolved against `origin`), else `{origin}/sso/callback`. `origin` defaults to the page's.
 * Throws {@link VaultConfigError} for a URI that cannot be one (not http(s), a fragment,
 * user info) or when no origin is known.
 */
export function resolveSsoRedirectUri(configured?: string, origin?: string): string {
  const base = origin ?? globalThis.location?.origin;
  const value = configured ?? DEFAULT_CALLBACK_PATH;
  let url: URL;
  try {
    url = base === undefined || base === 'null' ? new URL(value) : new URL(value, base);
  } catch {
    throw new VaultConfigError(
      'The single sign-on redirect URI must be an absolute URL (or a path when the page has an origin).',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new VaultConfigError('The single sign-on redirect URI must use https: or http:.');
  }
  if (url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new VaultConfigError(
      'The single sign-on redirect URI must not carry a fragment or credentials.',
    );
  }
  return url.href;
}
