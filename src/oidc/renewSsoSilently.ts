import {
  ErrorResponse,
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
} from 'oidc-client-ts';
import { isSameSession } from '../core/client/SessionReference';
import { VaultConfigError, VaultError } from '../core/errors';
import type { LockManagerLike } from '../core/resolveEnvironment';
import type { SessionManager } from '../core/session/SessionManager';
import { isLiveStatus } from '../core/session/sessionReducer';
import { buildSsoSettings } from './buildSsoSettings';
import { createSsoError } from './createSsoError';
import { resolveSsoRedirectUri } from './resolveSsoRedirectUri';
import { resolveSsoSettingsInput, type SsoSessionTarget } from './resolveSsoSettingsInput';

/**
 * The session a silent renewal replaces: the client and SSO settings, the manager that
 * adopts the new session, and the session's clock.
 *
 * @example
 * ```ts
 * const target: SsoRenewalTarget = session; // a VaultSession
 * ```
 */
export interface SsoRenewalTarget extends SsoSessionTarget {
  readonly manager: Pick<SessionManager, 'getSnapshot' | 'getOwnSession' | 'establish'>;
  now(): number;
}

/**
 * Options of {@link renewSsoSilently}.
 *
 * @example
 * ```ts
 * const options: RenewSsoSilentlyOptions = { locks: navigator.locks };
 * ```
 */
export interface RenewSsoSilentlyOptions {
  /** Web Locks, so that one tab of the browser renews. Default `navigator.locks`. */
  readonly locks?: LockManagerLike | undefined;
  /** The application's origin. Default: the page's. */
  readonly origin?: string | undefined;
}

const LOCK = 'vault-session-kit.sso-renewal';
// The provider's answers that mean "not without the user": each becomes its own reason.
const SIGNED_OUT = new Set([
  'login_required',
  'interaction_required',
  'account_selection_required',
]);

/**
 * Token mode's renewal at the 48-hour cap: asks the identity provider for a new access token
 * without a form (oidc-client-ts' silent sign-in, `prompt=none` in a hidden frame that
 * returns to `sso.silentRedirectUri`), opens a new vault session with it as at sign-in, and
 * hands it to the manager, which ends the old one and gives the new one to every tab. The
 * page does not load: the user keeps their place and their input. The token is dropped once
 * the vault session exists, and the sign-in state lives in memory only.
 *
 * Resolves `true` once the new session is in use, `false` when there was nothing to renew
 * (not a single sign-on session near its cap, or another tab renewed meanwhile). Rejects
 * with a `VaultOAuthError`: `sso_login_required` when the provider no longer knows the user,
 * `sso_consent_required` when their consent was withdrawn, `sso_failed` otherwise; or with
 * the client's error for discovery and the session call.
 *
 * @example
 * ```ts
 * await renewSsoSilently(session);
 * ```
 */
export async function renewSsoSilently(
  session: SsoRenewalTarget,
  options: RenewSsoSilentlyOptions = {},
): Promise<boolean> {
  const { manager, client } = session;
  const before = manager.getOwnSession();
  const run = async (): Promise<boolean> => {
    const snapshot = manager.getSnapshot();
    const username = snapshot.user?.username;
    const own = manager.getOwnSession();
    // Only a session near its cap, and not one another tab replaced while this one waited.
    if (
      snapshot.status !== 'expiring' ||
      snapshot.renewal !== 'sso' ||
      username === undefined ||
      own === undefined ||
      before === undefined ||
      !isSameSession(own, before)
    ) {
      return false;
    }
    const silentRedirectUri = session.sso?.silentRedirectUri;
    if (silentRedirectUri === undefined) {
      throw new VaultConfigError('A silent sign-in needs sso.silentRedirectUri.');
    }
    const discovery = await client.discover({ username });
    const profile = discovery.authType === 'sso' ? discovery.profiles[0] : undefined;
    if (!profile) throw createSsoError('sso_failed');
    const settings = buildSsoSettings(profile, resolveSsoSettingsInput(session, options));
    const accessToken = await signInSilently({
      ...settings,
      silent_redirect_uri: resolveSsoRedirectUri(silentRedirectUri, options.origin),
      // The answer comes back to this page: its state never needs to outlive it.
      stateStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
      login_hint: client.config.idpUserName ?? username,
    });
    const startedAt = session.now();
    const result = await client.loginWithAccessToken({
      profileId: profile.id,
      accessToken,
      vaultDns: snapshot.vault?.dns,
    });
    const after = manager.getOwnSession();
    const moved =
      !isLiveStatus(manager.getSnapshot().status) || !after || !isSameSession(after, own);
    // Someone else signed in at the provider in this browser: not this user's session.
    const stranger = result.userId !== snapshot.user?.userId;
    if (moved || stranger) {
      // Signed out, or moved on, while the provider answered: nobody will use this session.
      await client
        .endSession(result.session, { vaultDns: result.vault?.dns })
        .catch(() => undefined);
      if (stranger && !moved) throw createSsoError('sso_login_required');
      return false;
    }
    manager.establish({ ...result, renewal: 'sso' }, { username, startedAt });
    return true;
  };
  const locks =
    options.locks ?? (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks === undefined
    ? run()
    : (locks.request(LOCK, { mode: 'exclusive' }, run) as Promise<boolean>);
}

async function signInSilently(
  settings: ConstructorParameters<typeof UserManager>[0] & { readonly login_hint: string },
): Promise<string> {
  const { login_hint, ...rest } = settings;
  const userManager = new UserManager(rest);
  try {
    const user = await userManager.signinSilent({ login_hint });
    if (!user) throw createSsoError('sso_failed');
    return user.access_token;
  } catch (error) {
    if (error instanceof VaultError) throw error;
    if (error instanceof ErrorResponse && error.error !== null) {
      if (SIGNED_OUT.has(error.error)) throw createSsoError('sso_login_required', { cause: error });
      if (error.error === 'consent_required') {
        throw createSsoError('sso_consent_required', { cause: error });
      }
    }
    throw createSsoError('sso_failed', { cause: error });
  } finally {
    await userManager.removeUser();
  }
}
