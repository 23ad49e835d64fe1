import { isSameSession } from '../client/SessionReference';
import type { VaultInfo } from '../client/types';
import {
  normalizeError,
  VaultAbortedError,
  VaultConfigError,
  VaultDnsMismatchError,
} from '../errors';
import { endSessionQuietly } from './endSessionQuietly';
import { isLiveStatus } from './sessionReducer';
import type { VaultSession } from './VaultSession';

/**
 * Moves a password user's session to another of their vaults: acting for someone ends
 * first, then a new session is asked for at `vault` while the old one stays in use, so a
 * wrong password or a fault leaves the user where they were. Once the new session is
 * there it replaces the old one in every tab and the old one is ended at its vault.
 *
 * The switch lands in the vault chosen or nowhere: a session the service put in another
 * vault (auth defaulting) is ended and the switch fails with `VaultDnsMismatchError`,
 * whatever `validateDns` says, because the user asked for that vault by name. Behind the
 * kit's proxy in BFF mode the new login has already replaced the old session there, so
 * that failure signs the user out rather than leave a tab on a session the proxy let go.
 */
export async function switchVault(
  session: VaultSession,
  { vault, password }: { readonly vault: VaultInfo; readonly password: string },
): Promise<void> {
  const { manager, client } = session;
  const snapshot = manager.getSnapshot();
  const user = snapshot.user;
  if (!user || !isLiveStatus(snapshot.status) || !user.vaults.some((v) => v.id === vault.id)) {
    throw new VaultConfigError('Sign in first, and switch only to one of your own vaults.');
  }
  if (snapshot.delegation) await manager.stopDelegation();
  const before = manager.getOwnSession();
  const startedAt = session.now();
  const result = await client
    .login({ username: user.username, password, vaultDns: vault.dns })
    .catch((error: unknown) => {
      const failure = normalizeError(error);
      if (failure instanceof VaultDnsMismatchError && client.config.credentials === 'proxy') {
        void manager.signOut();
      }
      throw failure;
    });
  const landed = result.vault?.dns;
  if (landed?.toLowerCase() !== vault.dns.toLowerCase()) {
    void endSessionQuietly(client, result.session, landed);
    if (client.config.credentials === 'proxy') void manager.signOut();
    throw new VaultDnsMismatchError(vault.dns, landed, result.vault?.name || undefined);
  }
  // Signed out, or moved on in another tab, while the login was on the wire: nobody will
  // use this session.
  if (!before || !isSameSession(before, manager.getOwnSession())) {
    void endSessionQuietly(client, result.session, landed);
    throw new VaultAbortedError();
  }
  manager.establish(result, { username: user.username, startedAt });
}
