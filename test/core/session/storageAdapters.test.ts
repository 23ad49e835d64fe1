import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VaultConfigError } from '../../../src/core/errors';
import { assertNotLocalStorage } from '../../../src/core/session/assertNotLocalStorage';
import { createSessionManager } from '../../../src/core/session/createSessionManager';
import { memoryStorageAdapter } from '../../../src/core/session/memoryStorageAdapter';
import type {
  SessionManager,
  SessionManagerOptions,
} from '../../../src/core/session/SessionManager';
import { sessionStorageAdapter } from '../../../src/core/session/sessionStorageAdapter';
import type { StorageAdapter } from '../../../src/core/session/types';
import { live, tokenIdOf } from '../../support/sessionReferences';
import { OLIVIA, type SessionBackend, startSessionBackend } from './startSessionBackend';

const KEY = 'vault-session-kit.session';

/** An in-process Web Storage, standing in for the browser's where Node has none. */
class TestWebStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  clear(): void {
    this.#items.clear();
  }
}

let backend: SessionBackend;
const managers: SessionManager[] = [];

function manager(options: Partial<SessionManagerOptions> = {}): SessionManager {
  const created = createSessionManager({
    client: backend.client,
    BroadcastChannel: null,
    ...options,
  });
  managers.push(created);
  return created;
}

beforeEach(async () => {
  backend = await startSessionBackend();
});

afterEach(async () => {
  for (const created of managers.splice(0)) created.destroy();
  vi.unstubAllGlobals();
  await backend.close();
});

describe('memory storage (the default, STO-01)', () => {
  it('keeps the session in this instance only: a reload starts signed out', async () => {
    const webStorage = new TestWebStorage();
    vi.stubGlobal('sessionStorage', webStorage);
    vi.stubGlobal('localStorage', new TestWebStorage());
    const first = manager();
    await first.signIn(OLIVIA);
    expect(webStorage.length).toBe(0);
    expect((globalThis.localStorage as Storage).length).toBe(0);
    first.destroy();
    expect(manager().getSnapshot().status).toBe('signed-out');
  });

  it('memoryStorageAdapter stores and removes values', () => {
    const storage = memoryStorageAdapter();
    storage.setItem('a', '1');
    expect(storage.getItem('a')).toBe('1');
    storage.removeItem('a');
    expect(storage.getItem('a')).toBeNull();
  });
});

describe('sessionStorageAdapter (opt-in)', () => {
  it('restores the session on reload of the same tab without a new login', async () => {
    const webStorage = new TestWebStorage();
    vi.stubGlobal('sessionStorage', webStorage);
    const first = manager({ storage: sessionStorageAdapter() });
    await first.signIn(OLIVIA);
    const id = first.getSession();
    const stored = webStorage.getItem(KEY) ?? '';
    expect(JSON.parse(stored)).toMatchObject({
      sessionId: tokenIdOf(id),
      username: OLIVIA.username,
    });
    // What is stored never includes the password.
    expect(stored).not.toContain(OLIVIA.password);
    first.destroy();

    const reloaded = manager({ storage: sessionStorageAdapter() });
    expect(reloaded.getSnapshot()).toMatchObject({
      status: 'active',
      user: { username: OLIVIA.username },
      deadline: first.getSnapshot().deadline,
    });
    expect(reloaded.getSession()).toEqual(id);
    expect(backend.emulator.sessionCount()).toBe(1);

    await reloaded.signOut();
    expect(webStorage.getItem(KEY)).toBeNull();
  });

  it('clears the stored record on INVALID_SESSION_ID', async () => {
    const webStorage = new TestWebStorage();
    vi.stubGlobal('sessionStorage', webStorage);
    const session = manager({ storage: sessionStorageAdapter() });
    await session.signIn(OLIVIA);
    const id = live(session.getSession());
    await backend.client.endSession(id);
    session.reportError(await backend.client.keepAlive(id).catch((e: unknown) => e));
    expect(webStorage.getItem(KEY)).toBeNull();
  });

  it('restores a stored session past its deadline as expired, keeping the user name', async () => {
    const webStorage = new TestWebStorage();
    vi.stubGlobal('sessionStorage', webStorage);
    let now = Date.now();
    const first = manager({ storage: sessionStorageAdapter(), now: () => now });
    await first.signIn(OLIVIA);
    first.destroy();
    now += 49 * 3_600_000;
    const reloaded = manager({ storage: sessionStorageAdapter(), now: () => now });
    expect(reloaded.getSnapshot()).toMatchObject({
      status: 'expired',
      endReason: 'expired',
      lastUsername: OLIVIA.username,
    });
    expect(reloaded.getSession()).toBeUndefined();
    expect(webStorage.getItem(KEY)).toBeNull();
  });

  it('discards a malformed stored record', () => {
    const webStorage = new TestWebStorage();
    webStorage.setItem(KEY, '{"v":1,"sessionId":"abc\\r\\nX: y"}');
    vi.stubGlobal('sessionStorage', webStorage);
    const session = manager({ storage: sessionStorageAdapter() });
    expect(session.getSnapshot().status).toBe('signed-out');
    expect(webStorage.getItem(KEY)).toBeNull();
  });

  it('falls back to memory where sessionStorage is absent (server rendering)', async () => {
    expect('sessionStorage' in globalThis).toBe(false);
    const session = manager({ storage: sessionStorageAdapter() });
    await session.signIn(OLIVIA);
    expect(session.getSnapshot().status).toBe('active');
  });
});

describe('localStorage is refused (STO-01)', () => {
  it('throws VaultConfigError for window.localStorage itself', () => {
    vi.stubGlobal('localStorage', new TestWebStorage());
    expect(() => manager({ storage: globalThis.localStorage as Storage })).toThrow(
      VaultConfigError,
    );
    expect(() => manager({ storage: globalThis.localStorage as Storage })).toThrow(/localStorage/);
  });

  it('throws for an adapter that writes through to localStorage', () => {
    const local = new TestWebStorage();
    vi.stubGlobal('localStorage', local);
    const wrapper: StorageAdapter = {
      getItem: (key) => local.getItem(`app:${key}`),
      setItem: (key, value) => local.setItem(`app:${key}`, value),
      removeItem: (key) => local.removeItem(`app:${key}`),
    };
    expect(() => manager({ storage: wrapper })).toThrow(VaultConfigError);
    // The probe cleaned up after itself.
    expect(local.length).toBe(0);
  });

  it('throws for a Web Storage object other than sessionStorage', () => {
    vi.stubGlobal('Storage', TestWebStorage);
    vi.stubGlobal('sessionStorage', new TestWebStorage());
    expect(() => assertNotLocalStorage(new TestWebStorage())).toThrow(VaultConfigError);
    expect(() => assertNotLocalStorage(globalThis.sessionStorage as Storage)).not.toThrow();
  });

  it('throws for an adapter that writes to document.cookie', () => {
    const jar = { cookie: '' };
    vi.stubGlobal('document', jar);
    const cookieAdapter: StorageAdapter = {
      getItem: () => null,
      setItem: (key, value) => {
        jar.cookie = `${key}=${value}`;
      },
      removeItem: () => {
        jar.cookie = '';
      },
    };
    expect(() => assertNotLocalStorage(cookieAdapter)).toThrow(VaultConfigError);
  });

  it('accepts sessionStorage and custom adapters while localStorage exists', async () => {
    vi.stubGlobal('localStorage', new TestWebStorage());
    vi.stubGlobal('sessionStorage', new TestWebStorage());
    expect(() => manager({ storage: sessionStorageAdapter() })).not.toThrow();
    const session = manager({ storage: memoryStorageAdapter() });
    await session.signIn(OLIVIA);
    expect((globalThis.localStorage as Storage).length).toBe(0);
  });
});

describe('storage that throws (STO-08, B15)', () => {
  it('falls back to memory on a quota error without an uncaught error', async () => {
    const attempts: string[] = [];
    const full: StorageAdapter = {
      getItem: () => null,
      setItem: (key) => {
        attempts.push(key);
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const session = manager({ storage: full });
    await session.signIn(OLIVIA);
    expect(session.getSnapshot().status).toBe('active');
    expect(attempts).toContain(KEY);
    await session.startDelegation({ vaultId: 1002, delegatorUserId: '61002' });
    expect(session.getSnapshot().status).toBe('delegated');
    await session.signOut();
    expect(session.getSnapshot().status).toBe('ended');
  });

  it('starts normally when reading the storage throws (blocked storage)', async () => {
    const blocked: StorageAdapter = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const session = manager({ storage: blocked });
    expect(session.getSnapshot().status).toBe('signed-out');
    await session.signIn(OLIVIA);
    expect(session.getSnapshot().status).toBe('active');
    await session.signOut();
    expect(session.getSnapshot().status).toBe('ended');
  });

  it('removes the stale record from a storage that starts failing mid-session', async () => {
    const webStorage = new TestWebStorage();
    let failWrites = false;
    const flaky: StorageAdapter = {
      getItem: (key) => webStorage.getItem(key),
      setItem: (key, value) => {
        if (failWrites) throw new DOMException('full', 'QuotaExceededError');
        webStorage.setItem(key, value);
      },
      removeItem: (key) => webStorage.removeItem(key),
    };
    const session = manager({ storage: flaky });
    await session.signIn(OLIVIA);
    expect(webStorage.getItem(KEY)).not.toBeNull();
    failWrites = true;
    await session.startDelegation({ vaultId: 1002, delegatorUserId: '61002' });
    // The old record (without the delegation) must not come back on reload.
    expect(webStorage.getItem(KEY)).toBeNull();
    expect(session.getSnapshot().status).toBe('delegated');
  });
});
