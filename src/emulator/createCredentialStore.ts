import { hashPassword, type PasswordHash } from './hashPassword';
import type { EmulatorIndex, IndexedUser } from './indexEmulatorData';
import { randomBytes } from './randomToken';

/**
 * The emulator's password verifiers: directory passwords are hashed on first use and the
 * plain text is then forgotten.
 *
 * @example
 * ```ts
 * const credential = user ? credentials.credentialFor(user) : undefined;
 * const matches = await verifyPassword(password, await (credential ?? credentials.decoy()));
 * ```
 */
export interface CredentialStore {
  /** The user's verifier, hashed now if need be; `undefined` when the user has no password. */
  credentialFor(user: IndexedUser): Promise<PasswordHash> | undefined;
  /** A verifier no password matches, so unknown names cost the same work as real ones. */
  decoy(): Promise<PasswordHash>;
  /** The verifier stored for a user, once one exists. */
  stored(userId: number): PasswordHash | undefined;
  /** Hashes and stores a new password for a user (the vault's password page). */
  replace(userId: number, password: string): Promise<void>;
}

/**
 * Creates a {@link CredentialStore} over the indexed directory.
 *
 * @example
 * ```ts
 * const credentials = createCredentialStore({ index, iterations: 100_000 });
 * ```
 */
export function createCredentialStore(options: {
  index: EmulatorIndex;
  iterations: number;
}): CredentialStore {
  const { index, iterations } = options;
  const credentials = new Map<number, PasswordHash>(index.presetHashes);
  const hashing = new Map<number, Promise<PasswordHash>>();
  let decoy: Promise<PasswordHash> | undefined;

  return {
    credentialFor(user) {
      const stored = credentials.get(user.id);
      if (stored) return Promise.resolve(stored);
      const running = hashing.get(user.id);
      if (running) return running;
      const password = index.pendingPasswords.get(user.id);
      if (password === undefined) return undefined;
      const promise = hashPassword(password, { iterations }).then(
        (hash) => {
          credentials.set(user.id, hash);
          index.pendingPasswords.delete(user.id);
          hashing.delete(user.id);
          return hash;
        },
        (error: unknown) => {
          // Let the next attempt try again instead of caching the failure.
          hashing.delete(user.id);
          throw error;
        },
      );
      hashing.set(user.id, promise);
      return promise;
    },
    decoy() {
      if (!decoy) {
        decoy = hashPassword(String.fromCharCode(...randomBytes(24)), { iterations });
        decoy.catch(() => {
          decoy = undefined;
        });
      }
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
