import { createDeferredKeepAlive } from '../keepAlive/createDeferredKeepAlive';
import { loadKeepAliveRun } from '../keepAlive/loadKeepAliveRun';
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
    (keepAliveOptions) => createDeferredKeepAlive(keepAliveOptions, loadKeepAliveRun),
    // Fetched while the user is still signing in; a failure is retried when it is needed.
    () => Promise.resolve(loadKeepAliveRun()).catch(() => {}),
  );
}
