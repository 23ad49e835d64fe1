import { concatBytes } from './concatBytes';
import { createCredentialScanner } from './createCredentialScanner';

/**
 * Watches a streamed answer on its way to the page; see {@link createAnswerGuard}.
 */
export interface AnswerGuard {
  /**
   * The bytes that may go to the page now: this chunk's, with any held back before, less
   * those that may begin a session ID the call knows. `undefined` once a credential has
   * begun: from then on nothing may pass.
   */
  pass(chunk: Uint8Array): Uint8Array | undefined;
  /** At the answer's end, the bytes still held back (they began no session ID after all). */
  end(): Uint8Array;
}

const NOTHING = new Uint8Array(0);

/**
 * The credential scanner (see `createCredentialScanner`) placed in a stream: no chunk in
 * which a credential begins is passed on, nor any byte that may be the start of one of the
 * `known` session IDs until the bytes after it show it is not. Holding back costs a copy
 * only in the rare chunk that ends like the start of a known ID.
 */
export function createAnswerGuard(known: readonly string[]): AnswerGuard {
  const scanner = createCredentialScanner(known);
  let held: Uint8Array = NOTHING;
  return {
    pass(chunk) {
      if (scanner.scan(chunk)) return undefined;
      const all =
        held.length === 0 ? chunk : concatBytes([held, chunk], held.length + chunk.length);
      const keep = Math.min(scanner.pending(), all.length);
      held = keep === 0 ? NOTHING : all.slice(all.length - keep);
      return keep === 0 ? all : all.subarray(0, all.length - keep);
    },
    end() {
      const rest = held;
      held = NOTHING;
      return rest;
    },
  };
}
