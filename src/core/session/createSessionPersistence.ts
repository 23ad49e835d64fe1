import { assertNotLocalStorage } from './assertNotLocalStorage';
import { createFallbackStorage } from './createFallbackStorage';
import { memoryStorageAdapter } from './memoryStorageAdapter';
import { parseSessionRecord, toStoredRecord } from './parseSessionRecord';
import type { SessionRecord, StorageAdapter } from './types';

/**
 * Where one tab keeps its session record between reloads.
 */
export interface SessionPersistence {
  /** The stored record; unreadable text found under the key is removed. */
  load(): SessionRecord | undefined;
  /** Stores a record, or removes the stored one for `undefined`. */
  save(record: SessionRecord | undefined): void;
  clear(): void;
}

/**
 * Keeps session records in `storage` (memory by default) under `key`. Refuses a
 * localStorage-backed adapter with `VaultConfigError` (STO-01), and falls back to memory
 * when the adapter fails.
 */
export function createSessionPersistence(
  adapter: StorageAdapter | undefined,
  key: string,
): SessionPersistence {
  if (adapter) assertNotLocalStorage(adapter);
  const storage = createFallbackStorage(adapter ?? memoryStorageAdapter());
  return {
    load() {
      const text = storage.getItem(key);
      const record = typeof text === 'string' ? parseStored(text) : undefined;
      if (!record && text !== null) storage.removeItem(key);
      return record;
    },
    save(record) {
      if (record) storage.setItem(key, JSON.stringify(toStoredRecord(record)));
      else storage.removeItem(key);
    },
    clear() {
      storage.removeItem(key);
    },
  };
}

function parseStored(text: string): SessionRecord | undefined {
  try {
    return parseSessionRecord(JSON.parse(text));
  } catch {
    return undefined;
  }
}
