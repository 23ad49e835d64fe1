import { VaultConfigError } from '../errors';
import type { StorageAdapter } from './types';

/**
 * A storage adapter over `window.sessionStorage`: the session survives reloads of this tab
 * but not closing it, and other tabs do not see it (they join through the cross-tab
 * hand-off instead). `sessionStorage` is looked up on each call, so creating the adapter is
 * safe during server rendering; where it is missing or blocked, each call throws and the
 * session manager falls back to memory.
 *
 * Browsers copy sessionStorage into a duplicated tab and into windows opened with an
 * opener, so open links from an app using it with `rel="noopener"`.
 *
 * @example
 * ```ts
 * const manager = createSessionManager({ client, storage: sessionStorageAdapter() });
 * ```
 */
export function sessionStorageAdapter(): StorageAdapter {
  return {
    getItem: (key) => resolve().getItem(key),
    setItem: (key, value) => resolve().setItem(key, value),
    removeItem: (key) => resolve().removeItem(key),
  };
}

function resolve(): Storage {
  // Reading the property itself throws in sandboxed frames and with storage blocked.
  const storage = (globalThis as { sessionStorage?: Storage }).sessionStorage;
  if (!storage) throw new VaultConfigError('sessionStorage is not available here.');
  return storage;
}
