import type { StorageAdapter } from './types';

/**
 * A storage adapter that keeps values in this JavaScript realm only: the session is gone on
 * reload and never touches disk. The default of {@link createSessionManager}.
 *
 * @example
 * ```ts
 * const manager = createSessionManager({ client, storage: memoryStorageAdapter() });
 * ```
 */
export function memoryStorageAdapter(): StorageAdapter {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
