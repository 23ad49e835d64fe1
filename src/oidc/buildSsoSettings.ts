import { InMemoryWebStorage, type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { AuthProfile } from '../core/client/types';
import { VaultConfigError } from '../core/errors';
import { assertSafeSsoSettings } from './assertSafeSsoSettings';
import { SSO_STATE_PREFIX } from './findPendingSsoUsername';

/**
 * The oidc-client-ts settings a caller may add to the kit's: display and prompt options for
 * the authorization request, request timeouts. Anything the kit's guard refuses
 * (`disablePKCE`, `automaticSilentRenew`, `offline_access`…) throws.
 *
 * @example
 * ```ts
 * const overrides: SsoSettingsOverrides = { prompt: 'login', ui_locales: 'de' };
 * ```
 */
export type SsoSettingsOverrides = Omit<
  Partial<UserManagerSettings>,
  | 'authority'
  | 'metadata'
  | 'metadataUrl'
  | 'metadataSeed'
  | 'client_id'
  | 'redirect_uri'
  | 'stateStore'
  | 'userStore'
  | 'response_mode'
>;

/**
 * What the settings are built from besides the profile.
 */
export interface SsoSettingsInput {
  /** Client ID at the provider when the profile names none (`as_client_id`). */
  readonly clientId?: string | undefined;
  /** Absolute, registered at the provider. */
  readonly redirectUri: string;
  readonly scope: string;
  /** Where the sign-in state waits for the callback. Default `sessionStorage`. */
  readonly stateStorage?: Storage | undefined;
  readonly overrides?: SsoSettingsOverrides | undefined;
}

/**
 * Builds the oidc-client-ts settings for a discovery profile: authorization code with PKCE
 * S256, the provider's endpoints taken from the profile's `as_metadata` (so the provider's
 * discovery document is never fetched), `client_id` = `as_client_id` ?? `clientId`, the
 * sign-in state in `sessionStorage` (never localStorage), the token only in memory
 * (OIDC-07), no silent renewal, session monitor or user-info call, and no refresh token.
 * Throws {@link VaultConfigError} when the profile cannot serve a browser sign-in.
 */
export function buildSsoSettings(
  profile: AuthProfile,
  input: SsoSettingsInput,
): UserManagerSettings {
  const metadata = profile.asMetadata;
  const issuer = metadata.issuer;
  if (issuer === undefined || issuer === '') {
    throw new VaultConfigError(
      `Profile "${profile.id}" names no issuer for its identity provider.`,
    );
  }
  const authorizationEndpoint = checkEndpoint(
    metadata.authorizationEndpoint,
    'authorization endpoint',
  );
  const tokenEndpoint = checkEndpoint(metadata.tokenEndpoint, 'token endpoint');
  const clientId = profile.asClientId ?? input.clientId;
  if (clientId === undefined || clientId === '') {
    throw new VaultConfigError(
      `Profile "${profile.id}" names no client ID at its identity provider; set the SSO clientId.`,
    );
  }
  const stateStorage = input.stateStorage ?? globalThis.sessionStorage;
  if (stateStorage === undefined) {
    throw new VaultConfigError('Single sign-on in the browser needs sessionStorage.');
  }
  if (isLocalStorage(stateStorage)) {
    throw new VaultConfigError('The sign-in state is never kept in localStorage.');
  }
  const overrides = assertSafeSsoSettings({ ...input.overrides });
  const scope = assertSafeSsoSettings({ scope: overrides.scope ?? input.scope }).scope;

  return {
    ...overrides,
    authority: issuer,
    metadata: {
      issuer,
      authorization_endpoint: authorizationEndpoint,
      token_endpoint: tokenEndpoint,
      ...(metadata.endSessionEndpoint === undefined
        ? {}
        : { end_session_endpoint: metadata.endSessionEndpoint }),
      ...(metadata.jwksUri === undefined ? {} : { jwks_uri: metadata.jwksUri }),
    },
    client_id: clientId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope,
    disablePKCE: false,
    stateStore: new WebStorageStateStore({ store: stateStorage, prefix: SSO_STATE_PREFIX }),
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: false,
    monitorSession: false,
    loadUserInfo: false,
    revokeTokensOnSignout: false,
    includeIdTokenInSilentRenew: false,
    filterProtocolClaims: true,
  };
}

function checkEndpoint(value: string | undefined, name: string): string {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new VaultConfigError(`The identity provider's ${name} is not an absolute URL.`);
  }
  const loopback =
    url.hostname === 'localhost' ||
    url.hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new VaultConfigError(
      `The identity provider's ${name} must use https: (plain http: only on a loopback host).`,
    );
  }
  return url.href;
}

function isLocalStorage(storage: Storage): boolean {
  try {
    return storage === globalThis.localStorage;
  } catch {
    // A page that forbids storage throws on the lookup; then this is not localStorage.
    return false;
  }
}
