import type { UserManagerSettings } from 'oidc-client-ts';
import { VaultConfigError } from '../core/errors';

/**
 * Refuses oidc-client-ts settings that would weaken the kit's single sign-on: no PKCE
 * (OIDC-01), another response type than `code`, a client secret in the browser, silent
 * renewal or session-monitor iframes (OIDC-08), or a scope asking for `offline_access`,
 * i.e. a refresh token (OIDC-07). Throws {@link VaultConfigError}; returns the settings.
 */
export function assertSafeSsoSettings<T extends Partial<UserManagerSettings>>(settings: T): T {
  if (settings.disablePKCE === true) {
    throw new VaultConfigError('Single sign-on requires PKCE: disablePKCE is refused.');
  }
  if (settings.response_type !== undefined && settings.response_type !== 'code') {
    throw new VaultConfigError('Single sign-on uses the authorization code flow only.');
  }
  if (settings.client_secret !== undefined) {
    throw new VaultConfigError(
      'A browser application is a public client: a client secret would not stay secret.',
    );
  }
  if (settings.automaticSilentRenew === true || settings.monitorSession === true) {
    throw new VaultConfigError(
      'Single sign-on starts only on a user action: silent renewal and session monitoring are refused.',
    );
  }
  if (
    typeof settings.scope === 'string' &&
    settings.scope.split(/\s+/).includes('offline_access')
  ) {
    throw new VaultConfigError(
      'The access token is used once for the vault session: offline_access (a refresh token) is refused.',
    );
  }
  return settings;
}
