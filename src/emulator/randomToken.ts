import { encodeBase64Url } from './encodeBase64Url';

/**
 * `byteLength` bytes from the platform CSPRNG (`crypto.getRandomValues`), as unpadded
 * base64url. 32 bytes give the 256-bit session IDs (SES-01).
 */
export function randomToken(byteLength: number): string {
  return encodeBase64Url(randomBytes(byteLength));
}

/**
 * `byteLength` bytes from the platform CSPRNG.
 */
export function randomBytes(byteLength: number): Uint8Array {
  const bytes = new Uint8Array(byteLength);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}
