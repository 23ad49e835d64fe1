import { deferKeepAliveRun } from '../keepAlive/deferKeepAliveRun';
import { loadKeepAliveRun } from '../keepAlive/loadKeepAliveRun';
import { openKeepAlive } from '../keepAlive/openKeepAlive';
import { assembleVaultSession } from './assembleVaultSession';
import type { VaultSession, VaultSessionOptions } from './VaultSession';

/**
 * `createVaultSession` with the keep-alive scheduler in a chunk of its own, for pages that
 * sign users in before anything needs it: the chunk is fetched when the session connects,
 * and the scheduler starts as soon as it is there (normally long before a sign-in ends).
 * `SessionProvider` creates its sessions this way.
 *
 * @example
 * ```ts
 * const session = createLazyVaultSession({ client });
 * const disconnect = session.connect(); // fetches the keep-alive chunk
 * ```
 */
export function createLazyVaultSession(options: VaultSessionOptions): VaultSession {
  return assembleVaultSession(
    options,
    (keepAliveOptions) => openKeepAlive(keepAliveOptions, deferKeepAliveRun(loadKeepAliveRun)),
    // Fetched while the user is still signing in; a failure is retried when it is needed.
    () => Promise.resolve(loadKeepAliveRun()).catch(() => {}),
  );
}
