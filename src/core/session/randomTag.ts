/**
 * A random, non-secret 128-bit tag in hex, for naming tabs and sessions between tabs.
 */
export function randomTag(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
