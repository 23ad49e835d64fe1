import type { VaultClient } from '../client/types';
import type { LockManagerLike } from '../resolveEnvironment';
import type { SessionManager } from './SessionManager';
import { isLiveStatus } from './sessionReducer';

/**
 * What {@link renewSsoSession} renews with.
 */
export interface SsoRenewalParts {
  readonly manager: Pick<SessionManager, 'getSnapshot' | 'getOwnSession' | 'establish'>;
  readonly client: Pick<VaultClient, 'renewProxySso' | 'getProxySessions' | 'endSession'>;
  readonly now: () => number;
  /** Web Locks, so that one tab of the browser renews; without them each tab checks first. */
  readonly locks?: LockManagerLike | undefined;
}

const LOCK = 'vault-session-kit.sso-renewal';

/**
 * Replaces a single sign-on session near its 48-hour cap with a new one, without a form
 * (BFF mode: the proxy asks the identity provider with the refresh token it keeps sealed,
 * opens the new vault session and ends the old one). The new session goes to every tab
 * through the manager's hand-off. One tab renews: the others wait for the lock, see from
 * the proxy that the session was replaced, and take the new one from the hand-off.
 * Resolves `true` once the new session is in use, `false` when there was nothing to renew
 * (no single sign-on session, or none near its cap: status `expiring`);
 * rejects with the client's `VaultError` when the provider refused (`SSO_RENEWAL_REFUSED`)
 * or could not be asked.
 */
export async function renewSsoSession(parts: SsoRenewalParts): Promise<boolean> {
  const { manager, client, now, locks } = parts;
  const run = async (): Promise<boolean> => {
    const before = manager.getSnapshot();
    const username = before.user?.username;
    // Only a session near its cap: one renewed a moment ago (by another tab) is left alone.
    if (before.status !== 'expiring' || before.renewal !== 'sso' || username === undefined) {
      return false;
    }
    // Another tab may have renewed while this one waited: the proxy's cookie says.
    const own = manager.getOwnSession();
    const held = await client.getProxySessions();
    if (own?.kind !== 'proxy' || held.own?.sessionTag !== own.tag) return false;
    const startedAt = now();
    const result = await client.renewProxySso();
    const after = manager.getSnapshot();
    if (!isLiveStatus(after.status) || after.user?.username !== username) {
      // Signed out (or another user signed in) meanwhile: the new session is not wanted.
      await client
        .endSession(result.session, { vaultDns: result.vault?.dns })
        .catch(() => undefined);
      return false;
    }
    manager.establish(result, { username, startedAt });
    return true;
  };
  return locks === undefined
    ? run()
    : (locks.request(LOCK, { mode: 'exclusive' }, run) as Promise<boolean>);
}
