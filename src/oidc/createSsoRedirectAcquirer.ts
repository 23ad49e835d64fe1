import { VaultAbortedError } from '../core/errors';
import type { AcquireAccessToken } from '../core/flows/loginWithDiscovery';
import type { SsoSessionTarget } from './resolveSsoSettingsInput';
import { type StartSsoRedirectOptions, startSsoRedirect } from './startSsoRedirect';
import { waitForPageRestore } from './waitForPageRestore';

/**
 * Options of {@link createSsoRedirectAcquirer}.
 *
 * @example
 * ```ts
 * const options: SsoRedirectAcquirerOptions = { returnTo: '/documents' };
 * ```
 */
export interface SsoRedirectAcquirerOptions extends StartSsoRedirectOptions {
  /** Same-origin path to show once the sign-in is complete. */
  readonly returnTo?: string | undefined;
}

/**
 * The browser's `acquireAccessToken` for `loginWithDiscovery`: instead of the headless
 * password grant it sends an SSO user to the profile's identity provider. The page leaves,
 * so the returned promise never yields a token; the sign-in is completed on the redirect
 * URI by `handleSsoCallback` (the provider does it by itself). It rejects with
 * `VaultAbortedError` if the user comes back with the Back button or `signal` aborts.
 *
 * @example
 * ```ts
 * // Discovery first; an SSO user leaves for the identity provider, a password user signs in.
 * await loginWithDiscovery(
 *   session.client,
 *   { username, password },
 *   { acquireAccessToken: createSsoRedirectAcquirer(session, { returnTo: '/documents' }) },
 * );
 * ```
 */
export function createSsoRedirectAcquirer(
  session: SsoSessionTarget,
  options: SsoRedirectAcquirerOptions = {},
): AcquireAccessToken {
  return async (profile, context) => {
    await startSsoRedirect(
      session,
      {
        profile,
        username: context.username,
        vaultDns: context.vaultDns,
        returnTo: options.returnTo,
        loginHint: context.idpUserName,
      },
      options,
    );
    try {
      await waitForPageRestore(context.signal);
    } catch (error) {
      throw new VaultAbortedError({ cause: error });
    }
    throw new VaultAbortedError();
  };
}
