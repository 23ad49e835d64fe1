import { createMemo } from './createMemo';

/**
 * Reads an answer's bytes as they pass and tells when a credential begins in them; see
 * {@link createCredentialScanner}.
 */
export interface CredentialScanner {
  /**
   * Reads the next bytes; true once a credential field or value has begun (in these bytes or
   * before). A chunk for which it answers true must not be passed on.
   */
  scan(chunk: Uint8Array): boolean;
  /**
   * How many of the last bytes read begin a known session ID without completing its first
   * 16 characters yet (spelled as they are or with JSON escapes, an escape cut short
   * included): held back from the page until the next bytes say whether it is one.
   */
  pending(): number;
}

// Field names as they are compared: lower case, letters and digits only, so `sessionId`,
// `delegated_sessionid`, `session_id` and `vaultSessionId` all end in `sessionid`.
const SUFFIX_BYTES = asciiBytes('sessionid');
const NAME_BYTES = ['accesstoken', 'refreshtoken', 'idtoken', 'tokensys'].map(asciiBytes);
// The service's API access tokens, whatever field carries them.
const TOKEN_PREFIX = 'veeva-vault-';
const TOKEN_FIRST = TOKEN_PREFIX.charCodeAt(0);
// Long enough for every name above (a power of two, for the ring); a longer name keeps only
// its last characters.
const NAME_WINDOW = 16;
// Each byte's letter or digit, lower-cased, or 0: what a name is compared by.
const LOWER_NAME_CHAR = Uint8Array.from({ length: 256 }, (_, code) => {
  if (code >= 0x41 && code <= 0x5a) return code + 32;
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) ? code : 0;
});
// Where a plain run in a JSON string ends, in the table that also gives its letters: no
// letter or digit has this code.
const RUN_ENDS = 1;
// A session ID the proxy knows is found by its first characters: 16 of them are at least
// 96 random bits, which no other text repeats by chance, and fewer than that reveal nothing
// that helps to guess the rest.
const KNOWN_PREFIX = 16;

const OUTSIDE = 0;
const IN_STRING = 1;
const ESCAPE = 2;
const UNICODE = 3;
const AFTER_STRING = 4;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const LESS_THAN = 0x3c;
// What an XML name may hold besides letters and digits (a namespace prefix's colon included);
// never compared.
const NAME_PUNCTUATION = new Set([0x3a, 0x5f, 0x2d, 0x2e]);
const SIMPLE_ESCAPES: Readonly<Record<number, number>> = {
  110: 10,
  116: 9,
  114: 13,
  98: 8,
  102: 12,
};

/**
 * A streaming check of an answer for credentials, independent of which call it answers:
 * any JSON object key or XML element name whose name (lower-cased, letters and digits only)
 * ends in `sessionid` or is `accesstoken`, `refreshtoken`, `idtoken` or `tokensys` (the
 * service's `token__sys`), and any JSON string starting with `veeva-vault-` (an API access
 * token), and anywhere in the bytes the `known` session IDs (those the call was made with).
 * Escapes in JSON strings are decoded before names are compared and before a known ID is
 * looked for in the string (as well as in its bytes), and state carries from
 * chunk to chunk, so no spelling or split of the answer hides a field. A key is found at its
 * colon and an element at the end of its name, before any byte of the value; a token after
 * its prefix; a known ID by its first 16 characters. It reads each byte once and allocates
 * nothing per byte, so it can watch a streamed answer as it goes.
 */
export function createCredentialScanner(known: readonly string[] = []): CredentialScanner {
  const tables = knownTables(known);
  const { begins, stops, inString } = tables;
  const count = tables.patterns.length;
  // Made at the first byte that may begin a known ID, which many answers never hold: making
  // it costs more than scanning most of them.
  let progress: KnownProgress | undefined;
  // The current JSON string's letters and digits, lower-cased: its last NAME_WINDOW, as a ring.
  const key = new Uint8Array(NAME_WINDOW);
  // An XML element's name, read whatever the JSON reading of the same bytes is (made at the
  // first `<`).
  let element: Uint8Array | undefined;
  // Carried from chunk to chunk; read into locals for each chunk, where the loop runs fast.
  const saved = {
    state: OUTSIDE,
    keyLength: 0,
    elementLength: -1,
    // How many characters of TOKEN_PREFIX the current string has matched; -1 once it differs.
    prefixMatched: 0,
    unicode: 0,
    unicodeDigits: 0,
    partly: 0,
    partlyInString: 0,
    // Characters of the current string looked at for a known ID (see `charStarts`).
    charCount: 0,
    // Where the escape under way began, and how many bytes came before this chunk.
    escapeStart: 0,
    consumed: 0,
    found: false,
  };

  return {
    pending() {
      let longest = 0;
      const { consumed, charCount, state, escapeStart } = saved;
      if (progress !== undefined) {
        const { matched, matchedInString, charStarts } = progress;
        for (const count of matched) longest = Math.max(longest, count);
        let inString = 0;
        for (const count of matchedInString) inString = Math.max(inString, count);
        if (inString > 0) {
          const start = charStarts[(charCount - inString) & (KNOWN_PREFIX - 1)] as number;
          longest = Math.max(longest, consumed - start);
        }
      }
      // An escape cut by the chunk's end may be a known ID's first character.
      if (state === ESCAPE || state === UNICODE)
        longest = Math.max(longest, consumed - escapeStart);
      return longest;
    },
    scan(chunk) {
      let { state, keyLength, elementLength, prefixMatched, unicode, unicodeDigits, partly } =
        saved;
      let { found, partlyInString, charCount, escapeStart } = saved;
      const { consumed } = saved;
      const end = chunk.length;
      for (let index = 0; index < end && !found; index++) {
        // Most bytes are plain: between strings, or in a string past any token prefix, with no
        // element name or known ID under way. Such a run needs no look but the key's letters.
        if (partly === 0 && partlyInString === 0 && elementLength < 0) {
          if (state === OUTSIDE) {
            while (index < end && stops[chunk[index] as number] === 0) index++;
          } else if (state === IN_STRING && prefixMatched <= 0) {
            // A string's first character tells whether it may be a token: any plain one but
            // the prefix's first letter ends that look, as it would below.
            if (prefixMatched === 0) {
              const first = chunk[index] as number;
              const look = inString[first] as number;
              if (look !== RUN_ENDS && (look || first) !== TOKEN_FIRST) prefixMatched = -1;
            }
            for (; prefixMatched < 0 && index < end; index++) {
              const lower = inString[chunk[index] as number] as number;
              if (lower === RUN_ENDS) break;
              if (lower !== 0) {
                key[keyLength & (NAME_WINDOW - 1)] = lower;
                keyLength++;
              }
            }
          }
          if (index === end) break;
        }
        const byte = chunk[index] as number;
        if (partly > 0 || begins[byte] === 1) {
          progress ??= startProgress(count);
          partly = advance(tables, progress.matched, byte, partly);
          if (partly < 0) found = true;
        }
        // -1: not in an element's name.
        if (byte === LESS_THAN) {
          element ??= new Uint8Array(NAME_WINDOW);
          elementLength = 0;
        } else if (element !== undefined && elementLength >= 0) {
          const lower = LOWER_NAME_CHAR[byte] as number;
          if (lower !== 0) {
            element[elementLength & (NAME_WINDOW - 1)] = lower;
            elementLength++;
          } else if (!NAME_PUNCTUATION.has(byte)) {
            if (isCredentialName(element, elementLength)) found = true;
            elementLength = -1;
          }
        }
        // One character of a JSON string, escapes decoded, or -1; `escaped` when it was one.
        let char = -1;
        let escaped = false;
        switch (state) {
          case IN_STRING:
            if (byte === QUOTE) {
              state = AFTER_STRING;
              // An ID is not spelled across two strings.
              if (partlyInString > 0) progress?.matchedInString.fill(0);
              partlyInString = 0;
            } else if (byte === BACKSLASH) {
              state = ESCAPE;
              escapeStart = consumed + index;
            } else char = byte;
            break;
          case ESCAPE:
            if (byte === 0x75) {
              state = UNICODE;
              unicode = 0;
              unicodeDigits = 0;
            } else {
              char = SIMPLE_ESCAPES[byte] ?? byte;
              escaped = true;
              state = IN_STRING;
            }
            break;
          case UNICODE: {
            const digit = hexValue(byte);
            // A broken escape ends the escape; the string reads on.
            unicode = digit < 0 ? 0 : unicode * 16 + digit;
            unicodeDigits = digit < 0 ? 4 : unicodeDigits + 1;
            if (unicodeDigits === 4) {
              if (digit >= 0) char = unicode;
              escaped = true;
              state = IN_STRING;
            }
            break;
          }
          case AFTER_STRING:
            if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) break;
            if (byte === COLON && isCredentialName(key, keyLength)) {
              found = true;
              break;
            }
            state = byte === QUOTE ? IN_STRING : OUTSIDE;
            keyLength = 0;
            prefixMatched = 0;
            break;
          default:
            if (byte === QUOTE) {
              state = IN_STRING;
              keyLength = 0;
              prefixMatched = 0;
            }
        }
        if (char < 0) continue;
        if (partlyInString > 0 || (char < 256 && begins[char] === 1)) {
          progress ??= startProgress(count);
          progress.charStarts[charCount & (KNOWN_PREFIX - 1)] = escaped
            ? escapeStart
            : consumed + index;
          charCount++;
          partlyInString = advance(tables, progress.matchedInString, char, partlyInString);
          if (partlyInString < 0) found = true;
        }
        const lower = char < 256 ? (LOWER_NAME_CHAR[char] as number) : 0;
        if (prefixMatched >= 0 && prefixMatched < TOKEN_PREFIX.length) {
          if ((lower === 0 ? char : lower) === TOKEN_PREFIX.charCodeAt(prefixMatched)) {
            prefixMatched++;
            if (prefixMatched === TOKEN_PREFIX.length) found = true;
          } else {
            prefixMatched = -1;
          }
        }
        if (lower !== 0) {
          key[keyLength & (NAME_WINDOW - 1)] = lower;
          keyLength++;
        }
      }
      // Field by field: an object made and copied here would cost more than most scans.
      saved.state = state;
      saved.keyLength = keyLength;
      saved.elementLength = elementLength;
      saved.prefixMatched = prefixMatched;
      saved.unicode = unicode;
      saved.unicodeDigits = unicodeDigits;
      saved.partly = partly;
      saved.partlyInString = partlyInString;
      saved.charCount = charCount;
      saved.escapeStart = escapeStart;
      saved.consumed = consumed + end;
      saved.found = found;
      return found;
    },
  };
}

// How far each known ID's first characters are matched.
interface KnownProgress {
  // How many bytes of each prefix the last bytes read match. While none matches in part
  // (`partly`), only a byte that begins one needs a look at them.
  readonly matched: Int32Array;
  // The same for the current JSON string's characters, escapes decoded (`\u0043` is `C`), as
  // a parser of the answer reads them; `charStarts` keeps where each of its last characters
  // began in the bytes (a ring), so that the bytes of a match under way can be held back.
  readonly matchedInString: Int32Array;
  // A plain array: a typed array of this size lives outside the heap, which costs more.
  readonly charStarts: number[];
}

function startProgress(count: number): KnownProgress {
  return {
    matched: new Int32Array(count),
    matchedInString: new Int32Array(count),
    charStarts: new Array(KNOWN_PREFIX).fill(0),
  };
}

// One more byte (or character) for each known ID's match in `progress`, by Knuth–Morris–
// Pratt: how many matches are under way after it (`under` before it), or -1 once one is
// whole.
function advance(tables: KnownTables, progress: Int32Array, unit: number, under: number): number {
  let partly = under;
  let whole = false;
  for (let at = 0; at < progress.length; at++) {
    const pattern = tables.patterns[at] as Uint8Array;
    const fallback = tables.fallbacks[at] as Int32Array;
    const before = progress[at] as number;
    let length = before;
    while (length > 0 && unit !== pattern[length]) length = fallback[length - 1] as number;
    if (unit === pattern[length]) length++;
    if (length === pattern.length) {
      whole = true;
      length = fallback[length - 1] as number;
    }
    progress[at] = length;
    partly += (length > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
  }
  return whole ? -1 : partly;
}

// What scanning for a set of known IDs needs besides its state: each ID's first
// KNOWN_PREFIX bytes and their Knuth–Morris–Pratt fall-back table, so that they are found in
// a row wherever the answer splits them; by byte, 1 where one of them begins (`begins`) and
// where a run of plain bytes ends (`stops`: a quote, an XML element's start, such a byte);
// and for a run inside a JSON string, one look per byte: RUN_ENDS where it ends (a stop or a
// backslash), else the byte's LOWER_NAME_CHAR (`inString`).
interface KnownTables {
  readonly patterns: readonly Uint8Array[];
  readonly fallbacks: readonly Int32Array[];
  readonly begins: Uint8Array;
  readonly stops: Uint8Array;
  readonly inString: Uint8Array;
}

// A browser sends the same session with every call: its tables are built once, filed under
// the ID's first characters only (the memo keeps no whole ID). Bounded like the proxy's cache
// of opened cookies. A list of several has a memo of its own, under a key no single ID's
// start can spell.
const tablesOfOne = createMemo<KnownTables>(1000);
const tablesOfSeveral = createMemo<KnownTables>(1000);

function knownTables(known: readonly string[]): KnownTables {
  const only = known.length === 1 ? (known[0] as string) : '';
  if (only !== '') {
    const start = only.slice(0, KNOWN_PREFIX);
    return tablesOfOne(start, () => tablesOf([start]));
  }
  const starts = known.filter((id) => id !== '').map((id) => id.slice(0, KNOWN_PREFIX));
  return tablesOfSeveral(JSON.stringify(starts), () => tablesOf(starts));
}

function tablesOf(starts: readonly string[]): KnownTables {
  const patterns = starts.map((start) =>
    Uint8Array.from(start, (char) => char.charCodeAt(0) & 0xff),
  );
  const begins = new Uint8Array(256);
  for (const pattern of patterns) begins[pattern[0] as number] = 1;
  const stops = begins.slice();
  stops[QUOTE] = 1;
  stops[LESS_THAN] = 1;
  const inString = LOWER_NAME_CHAR.map((lower, byte) =>
    stops[byte] === 1 || byte === BACKSLASH ? RUN_ENDS : lower,
  );
  return { patterns, fallbacks: patterns.map(fallbackOf), begins, stops, inString };
}

// For each length of a match, the longest proper prefix of the pattern that is also a suffix
// of what matched: where the search goes on after a mismatch.
function fallbackOf(pattern: Uint8Array): Int32Array {
  const fallback = new Int32Array(pattern.length);
  for (let index = 1, count = 0; index < pattern.length; index++) {
    while (count > 0 && pattern[index] !== pattern[count]) count = fallback[count - 1] as number;
    if (pattern[index] === pattern[count]) count++;
    fallback[index] = count;
  }
  return fallback;
}

// Compared byte by byte in the ring, with no string made: a name ends at every key's colon.
function isCredentialName(ring: Uint8Array, length: number): boolean {
  if (endsWith(ring, length, SUFFIX_BYTES)) return true;
  if (length > NAME_WINDOW) return false;
  for (const name of NAME_BYTES) {
    if (name.length === length && endsWith(ring, length, name)) return true;
  }
  return false;
}

function endsWith(ring: Uint8Array, length: number, word: Uint8Array): boolean {
  if (length < word.length) return false;
  for (let back = 1; back <= word.length; back++) {
    if (ring[(length - back) & (NAME_WINDOW - 1)] !== word[word.length - back]) return false;
  }
  return true;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
