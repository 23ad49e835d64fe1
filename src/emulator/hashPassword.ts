import { decodeBase64Url, encodeBase64Url } from './encodeBase64Url';
import { randomBytes } from './randomToken';

/**
 * A stored password verifier: PBKDF2 with SHA-256 and a per-user random salt. The
 * emulator keeps only these, never the password itself.
 *
 * @example
 * ```ts
 * const stored: PasswordHash = await hashPassword('Sunrise-Demo-1', { iterations: 100_000 });
 * stored.algorithm; // 'PBKDF2-SHA-256'
 * ```
 */
export interface PasswordHash {
  readonly algorithm: 'PBKDF2-SHA-256';
  readonly iterations: number;
  /** 16 random bytes, base64url. */
  readonly salt: string;
  /** 32 derived bytes, base64url. */
  readonly hash: string;
}

/**
 * Default PBKDF2 iteration count: slow enough for offline guessing to hurt, and tests can
 * lower it through the emulator's `passwordHashIterations` option.
 *
 * @example
 * ```ts
 * await hashPassword(password, { iterations: DEFAULT_PASSWORD_HASH_ITERATIONS });
 * ```
 */
export const DEFAULT_PASSWORD_HASH_ITERATIONS = 100_000;

const SALT_BYTES = 16;
const HASH_BITS = 256;

/**
 * Derives a {@link PasswordHash} with WebCrypto (`crypto.subtle.deriveBits`). The password
 * is hashed exactly as given: no trimming, case folding or Unicode normalisation (PWD-04).
 *
 * @example
 * ```ts
 * const stored = await hashPassword('correct horse', { iterations: 1_000 });
 * await verifyPassword('correct horse', stored); // true
 * ```
 */
export async function hashPassword(
  password: string,
  options: { iterations?: number; salt?: Uint8Array<ArrayBuffer> } = {},
): Promise<PasswordHash> {
  const iterations = options.iterations ?? DEFAULT_PASSWORD_HASH_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new RangeError(`PBKDF2 iterations must be a positive integer, got ${iterations}.`);
  }
  const salt = options.salt ?? (randomBytes(SALT_BYTES) as Uint8Array<ArrayBuffer>);
  const derived = await derive(password, salt, iterations);
  return {
    algorithm: 'PBKDF2-SHA-256',
    iterations,
    salt: encodeBase64Url(salt),
    hash: encodeBase64Url(derived),
  };
}

/**
 * Checks a password against a stored {@link PasswordHash}, comparing in constant time.
 *
 * @example
 * ```ts
 * const stored = await hashPassword('Sunrise-Demo-1');
 * await verifyPassword('Sunrise-Demo-1', stored); // true
 * await verifyPassword('sunrise-demo-1', stored); // false: compared exactly as typed
 * ```
 */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const salt = decodeBase64Url(stored.salt) as Uint8Array<ArrayBuffer>;
  const expected = decodeBase64Url(stored.hash);
  const actual = await derive(password, salt, stored.iterations);
  return constantTimeEqual(actual, expected);
}

/**
 * Compares two byte strings in time that depends only on their lengths, so a mismatch
 * position cannot be learned by timing.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}
