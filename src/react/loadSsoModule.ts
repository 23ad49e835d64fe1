import { VaultConfigError } from '../core/errors';
import type { VaultSession, VaultSsoModule } from '../core/session/createVaultSession';

/**
 * The single sign-on code named by the session's `sso.load`, loaded on first use.
 *
 * @example
 * ```ts
 * const sso = await loadSsoModule(session);
 * await sso.startSsoRedirect(session, input);
 * ```
 */
export function loadSsoModule(session: VaultSession): Promise<VaultSsoModule> {
  const load = session.sso?.load;
  if (typeof load !== 'function') {
    return Promise.reject(
      new VaultConfigError(
        "This user signs in with single sign-on, but the app has not loaded single sign-on support: install oidc-client-ts and pass sso={{ load: () => import('vault-session-kit/sso') }} to SessionProvider.",
      ),
    );
  }
  return load();
}
