import { hashPassword, type PasswordHash } from './hashPassword';
import type { EmulatorIndex, IndexedUser } from './indexEmulatorData';
import { randomBytes } from './randomToken';

/**
 * The emulator's password verifiers. Every directory password, and a decoy that no
 * password matches, is hashed when the store is made and the plain text is then
 * forgotten, so no login ever pays for hashing a directory password: a known name and an
 * unknown one each cost exactly one key derivation, on the first attempt as on every
 * other (ENUM-01).
 */
export interface CredentialStore {
  /**
   * Settles once every verifier made at start-up exists; a login waits for it before it
   * checks a password, whatever name it is for.
   */
  readonly ready: Promise<void>;
  /** The user's verifier; `undefined` when the user has no password. */
  credentialFor(user: IndexedUser): Promise<PasswordHash> | undefined;
  /** A verifier no password matches, so unknown names cost the same work as real ones. */
  decoy(): Promise<PasswordHash>;
  /** The verifier stored for a user, once it exists. */
  stored(userId: number): PasswordHash | undefined;
  /** Hashes and stores a new password for a user (the vault's password page). */
  replace(userId: number, password: string): Promise<void>;
}

/**
 * Creates a {@link CredentialStore} over the indexed directory and starts hashing its
 * plain-text passwords at once.
 */
export function createCredentialStore(options: {
  index: EmulatorIndex;
  iterations: number;
}): CredentialStore {
  const { index, iterations } = options;
  const credentials = new Map<number, PasswordHash>(index.presetHashes);
  const hashing = new Map<number, Promise<PasswordHash>>();
  // Plain text stays only until its hash exists; the index keeps none of it.
  const pending = new Map(index.pendingPasswords);
  index.pendingPasswords.clear();

  function hash(userId: number, password: string): Promise<PasswordHash> {
    const promise = hashPassword(password, { iterations }).then(
      (made) => {
        credentials.set(userId, made);
        pending.delete(userId);
        hashing.delete(userId);
        return made;
      },
      (error: unknown) => {
        // The next login of this user tries again rather than the account being lost.
        hashing.delete(userId);
        throw error;
      },
    );
    hashing.set(userId, promise);
    return promise;
  }

  function makeDecoy(): Promise<PasswordHash> {
    const made = hashPassword(String.fromCharCode(...randomBytes(24)), { iterations });
    made.catch(() => {
      if (decoy === made) decoy = undefined;
    });
    return made;
  }

  for (const [userId, password] of pending) hash(userId, password).catch(() => {});
  let decoy: Promise<PasswordHash> | undefined = makeDecoy();
  const ready = Promise.allSettled([decoy, ...hashing.values()]).then(() => {});

  return {
    ready,
    credentialFor(user) {
      const stored = credentials.get(user.id);
      if (stored) return Promise.resolve(stored);
      const running = hashing.get(user.id);
      if (running) return running;
      const password = pending.get(user.id);
      return password === undefined ? undefined : hash(user.id, password);
    },
    decoy() {
      decoy ??= makeDecoy();
      return decoy;
    },
    stored(userId) {
      return credentials.get(userId);
    },
    async replace(userId, password) {
      const hash = await hashPassword(password, { iterations });
      index.pendingPasswords.delete(userId);
      hashing.delete(userId);
      credentials.set(userId, hash);
    },
  };
}
