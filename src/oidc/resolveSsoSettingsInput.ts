import type { VaultClient } from '../core/client/types';
import type { VaultSsoSettings } from '../core/session/VaultSession';
import type { SsoSettingsInput, SsoSettingsOverrides } from './buildSsoSettings';
import { resolveSsoRedirectUri } from './resolveSsoRedirectUri';

/**
 * The part of a `VaultSession` the single sign-on reads: the client and the SSO settings.
 *
 * @example
 * ```ts
 * const target: SsoSessionTarget = { client, sso: { redirectUri: '/sso/callback' } };
 * ```
 */
export interface SsoSessionTarget {
  readonly client: VaultClient;
  readonly sso?: VaultSsoSettings | undefined;
}

/**
 * Options shared by the redirect and the callback.
 *
 * @example
 * ```ts
 * const options: SsoRuntimeOptions = { oidcSettings: { prompt: 'login' } };
 * ```
 */
export interface SsoRuntimeOptions {
  /** Extra oidc-client-ts settings; what would weaken the flow is refused. */
  readonly oidcSettings?: SsoSettingsOverrides | undefined;
  /** Where the sign-in state waits. Default `sessionStorage`. */
  readonly stateStorage?: Storage | undefined;
  /** The application's origin. Default: the page's. */
  readonly origin?: string | undefined;
}

/**
 * The settings input both ends of the redirect must agree on: redirect URI
 * (`sso.redirectUri`, default `{origin}/sso/callback`), client ID (`sso.clientId` ??
 * `client.config.clientId`, used when the profile names none) and scope (`sso.scope` ??
 * `client.config.idpOAuthScope`).
 */
export function resolveSsoSettingsInput(
  session: SsoSessionTarget,
  options: SsoRuntimeOptions = {},
): SsoSettingsInput {
  const { sso, client } = session;
  return {
    clientId: sso?.clientId ?? client.config.clientId,
    redirectUri: resolveSsoRedirectUri(sso?.redirectUri, options.origin),
    scope: sso?.scope ?? client.config.idpOAuthScope,
    stateStorage: options.stateStorage,
    overrides: options.oidcSettings,
  };
}
