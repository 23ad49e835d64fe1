'use client';
import { type UseMutationResult, useMutation } from '@tanstack/react-query';
import type { AuthProfile } from '../core/client/types';
import { normalizeError, type VaultError } from '../core/errors';
import type { VaultSession } from '../core/session/VaultSession';
import { loadSsoModule } from '../oidc/loadSsoModule';
import { rememberProxySsoUsername } from '../oidc/readProxySsoOutcome';
import { resolveSsoRedirectUri } from '../oidc/resolveSsoRedirectUri';
import { waitForPageRestore } from '../oidc/waitForPageRestore';
import { useVaultSession } from './VaultSessionContext';
import { withActions } from './withActions';

/**
 * What {@link useSsoLogin}'s `startSso` takes.
 *
 * @example
 * ```ts
 * const { startSso } = useSsoLogin();
 * const input: SsoLoginInput = { profile, username: 'sam@harbor.example', returnTo: '/documents' };
 * await startSso(input); // the page leaves for the identity provider
 * ```
 */
export interface SsoLoginInput {
  /** The discovery profile of the button the user pressed. */
  profile: AuthProfile;
  /** The user name as typed; the provider gets it as `login_hint`. */
  username: string;
  /** Sign in to this vault (by DNS) rather than the user's default one. */
  vaultDns?: string;
  /**
   * Same-origin path to show after the sign-in (`useSsoCallback().returnTo`). Default: the
   * current page. Anything else (another origin, `//host`, `javascript:`) becomes `/`.
   */
  returnTo?: string;
}

/**
 * What {@link useSsoLogin} returns: TanStack's mutation result (its `mutate` takes the
 * {@link SsoLoginInput}) and `startSso`.
 *
 * @example
 * ```ts
 * const { startSso, isPending, error, reset }: UseSsoLoginResult = useSsoLogin();
 * ```
 */
export type UseSsoLoginResult = UseMutationResult<void, VaultError, SsoLoginInput> & {
  /**
   * Sends the user to the profile's identity provider. The page navigates away, so the
   * promise stays pending (and `isPending` true) until then; it resolves only if the user
   * comes back with the Back button, and rejects with the `VaultError` also in `error`.
   */
  startSso: (input: SsoLoginInput) => Promise<void>;
};

/**
 * Starts a single sign-on from a user action (a button per discovery profile): an
 * authorization code request with PKCE to the profile's identity provider, with the typed
 * user name as `login_hint`. In token mode the OIDC code is loaded only here, on first use,
 * through the session's `sso.load`, so password users never download it, and the sign-in
 * finishes on the redirect URI (`useSsoCallback`). In BFF mode (`credentials: 'proxy'`) the
 * kit's proxy builds the request and receives the provider's answer, so the page holds no
 * token and loads no OIDC code; a failure comes back to the page as `useSsoCallback`'s error.
 *
 * @example
 * ```tsx
 * const { startSso, isPending, error } = useSsoLogin();
 * <button type="button" disabled={isPending} onClick={() => startSso({ profile, username }).catch(() => {})}>
 *   Continue with {profile.label}
 * </button>
 * ```
 */
export function useSsoLogin(): UseSsoLoginResult {
  const session = useVaultSession();
  const mutation = useMutation<void, VaultError, SsoLoginInput>({
    // A retry would start a second redirect with a second state.
    retry: false,
    mutationFn: async (input) => {
      try {
        if (session.client.config.credentials === 'proxy') {
          // BFF mode: the proxy builds the request and receives the answer; no token, and
          // no OIDC code, ever reaches this page.
          const url = await session.client.startProxySso({
            profileId: input.profile.id,
            username: input.username,
            vaultDns: input.vaultDns,
            returnTo: input.returnTo ?? here(session),
            ...(session.sso?.scope === undefined ? {} : { scope: session.sso.scope }),
          });
          rememberProxySsoUsername(input.username.trim());
          window.location.assign(url);
          await waitForPageRestore();
          return;
        }
        const oidc = await loadSsoModule(session);
        await oidc.startSsoRedirect(session, {
          ...input,
          returnTo: input.returnTo ?? here(session),
        });
        await oidc.waitForPageRestore();
      } catch (error) {
        throw normalizeError(error);
      }
    },
  });
  return withActions(mutation, { startSso: mutation.mutateAsync });
}

/** The current page, unless it is the redirect URI itself (then the default, `/`). */
function here(session: VaultSession): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const { pathname, search, hash } = window.location;
  const callbackPath = new URL(resolveSsoRedirectUri(session.sso?.redirectUri)).pathname;
  return pathname === callbackPath ? undefined : `${pathname}${search}${hash}`;
}
