import { OidcClient } from 'oidc-client-ts';
import type { AuthProfile } from '../core/client/types';
import { VaultConfigError } from '../core/errors';
import { buildSsoSettings } from './buildSsoSettings';
import {
  resolveSsoSettingsInput,
  type SsoRuntimeOptions,
  type SsoSessionTarget,
} from './resolveSsoSettingsInput';
import { sanitizeReturnTo } from './sanitizeReturnTo';
import type { SsoStateData } from './ssoStateData';

/**
 * Who is being sent to which identity provider, and where to land afterwards.
 *
 * @example
 * ```ts
 * const input: SsoRedirectInput = { profile, username: 'sam@harbor.example', returnTo: '/documents' };
 * ```
 */
export interface SsoRedirectInput {
  /** The discovery profile the user chose. */
  readonly profile: AuthProfile;
  /** The vault user name as typed; also the provider's `login_hint` unless `loginHint` is set. */
  readonly username: string;
  /** Sign in to this vault rather than the user's default one. */
  readonly vaultDns?: string | undefined;
  /** Same-origin path to show after the sign-in; anything else becomes `/` (OIDC-05). */
  readonly returnTo?: string | undefined;
  /** The `login_hint` for the provider when it differs from `username`. */
  readonly loginHint?: string | undefined;
}

/**
 * Options of {@link startSsoRedirect}.
 *
 * @example
 * ```ts
 * const options: StartSsoRedirectOptions = { navigate: (url) => window.location.assign(url) };
 * ```
 */
export interface StartSsoRedirectOptions extends SsoRuntimeOptions {
  /** Leaves for the provider. Default `window.location.assign`. */
  readonly navigate?: ((url: string) => void) | undefined;
}

/**
 * Sends the user to the identity provider of a discovery profile: builds an authorization
 * code request with PKCE S256 and a one-time `state` (oidc-client-ts), keeps the state in
 * session storage with what the callback needs (profile, user name, vault DNS, a sanitised
 * `returnTo`), and navigates. Resolves with the authorization URL once navigation was asked
 * for. Only a user action should call it (OIDC-08).
 *
 * @example
 * ```ts
 * await startSsoRedirect(session, { profile, username: 'sam@harbor.example' });
 * ```
 */
export async function startSsoRedirect(
  session: SsoSessionTarget,
  input: SsoRedirectInput,
  options: StartSsoRedirectOptions = {},
): Promise<string> {
  const username = typeof input.username === 'string' ? input.username.trim() : '';
  if (username === '') throw new VaultConfigError('Single sign-on needs the user name.');
  const settings = buildSsoSettings(input.profile, resolveSsoSettingsInput(session, options));
  const data: SsoStateData = {
    v: 1,
    profileId: input.profile.id,
    username,
    ...(input.vaultDns === undefined ? {} : { vaultDns: input.vaultDns }),
    returnTo: sanitizeReturnTo(input.returnTo, {
      ...(options.origin === undefined ? {} : { origin: options.origin }),
    }),
  };
  const request = await new OidcClient(settings).createSigninRequest({
    state: data,
    login_hint: input.loginHint ?? username,
    request_type: 'si:r',
  });
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  navigate(request.url);
  return request.url;
}
