import { memoryStorageAdapter } from './memoryStorageAdapter';
import type { StorageAdapter } from './types';

/**
 * A storage that never throws: the first failure of `storage` (quota, private mode, a
 * sandboxed frame, storage missing during server rendering) switches it to memory for the
 * rest of its life, after a best-effort removal of what the failing storage may still hold,
 * so a stale record cannot come back on the next load.
 */
export function createFallbackStorage(storage: StorageAdapter): StorageAdapter & {
  /** True once the storage failed and memory took over. */
  readonly fellBack: boolean;
} {
  let active = storage;
  let fellBack = false;

  function fallBack(key: string): void {
    if (fellBack) return;
    fellBack = true;
    try {
      storage.removeItem(key);
    } catch {
      // Nothing more can be done about a storage that refuses even this.
    }
    active = memoryStorageAdapter();
  }

  return {
    get fellBack() {
      return fellBack;
    },
    getItem(key) {
      try {
        return active.getItem(key);
      } catch {
        fallBack(key);
        return null;
      }
    },
    setItem(key, value) {
      try {
        active.setItem(key, value);
      } catch {
        fallBack(key);
        active.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        active.removeItem(key);
      } catch {
        fallBack(key);
      }
    },
  };
}
