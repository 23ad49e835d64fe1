import { ProxyRefusal } from './ProxyRefusal';

/**
 * A request target in the one form every rule of the proxy reads and the upstream receives.
 */
export interface CanonicalTarget {
  /** Starts with `/`; no empty, `.` or `..` segment; no trailing slash (but the root). */
  readonly path: string;
  /** `''` or `?` and the query as sent (printable ASCII). */
  readonly query: string;
}

const UNRESERVED = /^[A-Za-z0-9._~-]$/;
// What a segment may hold literally besides unreserved characters; `;` is left out on purpose.
const SUB_DELIMS = /^[!$&'()*+,=:@]$/;
// Where a server would read an encoded byte as a separator, an escape or the end of the
// path, or would decode twice: no single reading of such a path can be vouched for.
// A path is read against it; no rule ever reads its host.
const PLACEHOLDER_ORIGIN = 'http://proxy.invalid';
const REFUSED_ENCODED: Readonly<Record<number, string>> = {
  47: 'an encoded slash (%2F)',
  92: 'an encoded backslash (%5C)',
  59: 'an encoded semicolon (%3B)',
  37: 'an encoded percent sign (%25)',
};

/**
 * Brings a request target — a path as a Node server receives it, or the URL of a fetch
 * `Request` — to its one canonical form: percent-encodings of unreserved characters decoded,
 * every other encoding kept with upper-case hex, other characters that must be encoded
 * encoded, dot segments resolved, repeated and trailing slashes dropped, any fragment
 * dropped (after the URL standard's own reading, which turns backslashes into slashes). Decoding goes one step only and the result is canonical again, so no spelling of
 * a path reaches a rule, or the upstream, in a form the rule did not read. A target that has
 * no single safe reading is refused (`PROXY_BAD_PATH`, 400) with the reason: an encoded
 * `/`, `\`, `;` or `%`, an encoded control byte, a path parameter (`;`), a malformed escape,
 * or `..` above the root.
 */
export function canonicalizeTarget(target: string): CanonicalTarget {
  // The URL standard's reading first, for every adapter alike: a Node server's raw path and a
  // fetch Request's URL then start from the same form (backslashes as slashes, raw non-ASCII
  // percent-encoded). Only the path and query are read, never a host.
  let raw: string;
  try {
    // Joined, not resolved: `//host/…` stays a path instead of naming a host.
    const url = new URL(target.startsWith('/') ? `${PLACEHOLDER_ORIGIN}${target}` : target);
    raw = `${url.pathname}${url.search}`;
  } catch {
    throw refuse('is not a path');
  }
  const mark = raw.indexOf('?');
  const rawPath = mark === -1 ? raw : raw.slice(0, mark);
  const query = mark === -1 ? '' : raw.slice(mark);
  if (!/^[\x21-\x7e]*$/.test(query))
    throw refuse('has a query with a raw byte outside printable ASCII');
  const segments: string[] = [];
  for (const piece of rawPath.split('/').slice(1)) {
    const segment = canonicalSegment(piece);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) throw refuse('climbs above the root with ..');
      continue;
    }
    segments.push(segment);
  }
  return { path: `/${segments.join('/')}`, query: query === '?' ? '' : query };
}

function canonicalSegment(piece: string): string {
  let segment = '';
  for (let index = 0; index < piece.length; index++) {
    const char = piece[index] as string;
    const code = char.charCodeAt(0);
    if (char === '%') {
      const hex = piece.slice(index + 1, index + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw refuse('holds a malformed percent-encoding');
      const byte = Number.parseInt(hex, 16);
      index += 2;
      const decoded = String.fromCharCode(byte);
      if (UNRESERVED.test(decoded)) {
        segment += decoded;
        continue;
      }
      const reason = REFUSED_ENCODED[byte];
      if (reason !== undefined) throw refuse(`holds ${reason}`);
      if (byte < 0x20 || byte === 0x7f) throw refuse('holds an encoded control byte');
      segment += `%${hex.toUpperCase()}`;
    } else if (UNRESERVED.test(char) || SUB_DELIMS.test(char)) {
      segment += char;
    } else if (char === ';') {
      throw refuse('holds a path parameter (;), which the vault would read differently');
    } else if (code > 0x20 && code < 0x7f) {
      segment += `%${code.toString(16).toUpperCase()}`;
    } else {
      throw refuse('holds a raw byte outside printable ASCII: percent-encode it');
    }
  }
  return segment;
}

function refuse(why: string): ProxyRefusal {
  return new ProxyRefusal(400, 'PROXY_BAD_PATH', `The request target ${why}.`);
}
