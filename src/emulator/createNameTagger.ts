import { randomBytes } from './randomToken';

/**
 * Turns what was typed as a user name into a short tag for the audit log: the same name
 * always gets the same tag from one emulator, so repeated attempts can be followed, but
 * the name cannot be read back from it. A password typed into the user-name field thus
 * never reaches a log line (PWD-09).
 */
export type NameTagger = (name: string) => Promise<string>;

/**
 * Creates a {@link NameTagger}: HMAC-SHA-256 of the lower-cased name under a random key
 * that never leaves this emulator, cut to 64 bits. Without the key nobody can test
 * guesses against a tag, so even a short password typed as a name stays unknown.
 */
export function createNameTagger(): NameTagger {
  let key: Promise<CryptoKey> | undefined;
  return async (name) => {
    key ??= globalThis.crypto.subtle.importKey(
      'raw',
      randomBytes(32) as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = await globalThis.crypto.subtle.sign(
      'HMAC',
      await key,
      new TextEncoder().encode(name.toLowerCase()),
    );
    let tag = '';
    for (const byte of new Uint8Array(mac, 0, 8)) tag += byte.toString(16).padStart(2, '0');
    return tag;
  };
}
