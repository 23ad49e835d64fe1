import type { VaultConfigError } from '../errors';
import { configError } from '../explainInDevelopment';
import { randomTag } from './randomTag';
import type { StorageAdapter } from './types';

const PROBE_KEY = 'vault-session-kit.storage-probe';

/**
 * Throws {@link VaultConfigError} when `storage` is, or visibly writes through to,
 * `localStorage` or `document.cookie`: those keep the session ID beyond the tab, on disk and
 * readable by every script of the origin. It checks identity with `globalThis.localStorage`,
 * any Web Storage object other than `sessionStorage`, and finally writes a random probe
 * through the adapter and looks for it in localStorage and cookies. A storage that throws
 * passes; the manager falls back to memory for it.
 *
 * @example
 * ```ts
 * assertNotLocalStorage(sessionStorageAdapter()); // fine
 * assertNotLocalStorage(window.localStorage); // throws VaultConfigError
 * ```
 */
export function assertNotLocalStorage(storage: StorageAdapter): void {
  const local = readGlobal<Storage>('localStorage');
  if (local !== undefined && (storage as unknown) === local) throw refusal();
  const StorageClass = readGlobal<unknown>('Storage');
  if (
    typeof StorageClass === 'function' &&
    storage instanceof StorageClass &&
    (storage as unknown) !== readGlobal<Storage>('sessionStorage')
  ) {
    throw refusal();
  }

  const cookieDocument = readGlobal<{ cookie?: unknown }>('document');
  if (local === undefined && typeof cookieDocument?.cookie !== 'string') return;
  const token = `probe-${randomTag()}`;
  try {
    storage.setItem(PROBE_KEY, token);
  } catch {
    return;
  }
  let leaked = false;
  try {
    leaked = storageContains(local, token) || cookieContains(cookieDocument, token);
  } finally {
    try {
      storage.removeItem(PROBE_KEY);
    } catch {
      // The adapter already failed once it matters; the manager copes with that.
    }
  }
  if (leaked) throw refusal();
}

function refusal(): VaultConfigError {
  return configError('storage cannot be localStorage or a cookie.', () =>
    process.env.NODE_ENV === 'production'
      ? undefined
      : 'localStorage (or a cookie) cannot hold the session: it outlives the tab and is readable by every script of the origin. Use the default memory storage or sessionStorageAdapter().',
  );
}

function readGlobal<T>(name: string): T | undefined {
  try {
    return (globalThis as Record<string, unknown>)[name] as T | undefined;
  } catch {
    return undefined;
  }
}

function storageContains(storage: Storage | undefined, token: string): boolean {
  if (!storage) return false;
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null && storage.getItem(key)?.includes(token)) return true;
    }
  } catch {
    return false;
  }
  return false;
}

function cookieContains(doc: { cookie?: unknown } | undefined, token: string): boolean {
  try {
    return typeof doc?.cookie === 'string' && doc.cookie.includes(token);
  } catch {
    return false;
  }
}
