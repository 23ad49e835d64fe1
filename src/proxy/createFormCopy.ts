import { concatBytes } from './concatBytes';
import { MAX_KEPT_FORM_BYTES } from './createSessionRules';

/**
 * A copy of the first bytes of a request body as it streams past.
 */
export interface FormCopy {
  keep(chunk: Uint8Array): void;
  bytes(): Uint8Array<ArrayBuffer>;
}

/**
 * Keeps the start of a delegated login's form, which names whom the new session acts as:
 * two short fields, so only the first bytes are kept while the body streams on upstream.
 */
export function createFormCopy(): FormCopy {
  const chunks: Uint8Array[] = [];
  let length = 0;
  return {
    keep(chunk) {
      if (length >= MAX_KEPT_FORM_BYTES) return;
      const kept = chunk.slice(0, MAX_KEPT_FORM_BYTES - length);
      chunks.push(kept);
      length += kept.byteLength;
    },
    bytes: () => concatBytes(chunks, length),
  };
}
