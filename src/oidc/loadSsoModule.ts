import { configError } from '../core/explainInDevelopment';
import type { VaultSession, VaultSsoModule } from '../core/session/VaultSession';

/**
 * The single sign-on code named by the session's `sso.load`, loaded on first use.
 */
export function loadSsoModule(session: VaultSession): Promise<VaultSsoModule> {
  const load = session.sso?.load;
  if (typeof load !== 'function') {
    return Promise.reject(
      configError('Single sign-on is not loaded (sso.load).', () =>
        process.env.NODE_ENV === 'production'
          ? undefined
          : "This user signs in with single sign-on, but the app has not loaded single sign-on support: install oidc-client-ts and pass sso={{ load: () => import('vault-session-kit/sso') }} to SessionProvider.",
      ),
    );
  }
  return load();
}
