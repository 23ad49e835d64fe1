// The scanner BFF mode runs over every answer it does not seal: whatever the answer's shape,
// escapes and chunking, a credential is found before any byte of its value would pass, and
// an answer without one passes whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnswerGuard } from '../../src/proxy/createAnswerGuard';
import { createCredentialScanner } from '../../src/proxy/createCredentialScanner';

const encoder = new TextEncoder();
const SESSION_ID = 'F3A9C1D2E4B5A6978812ABCDEF0123456789';

// The names the service puts credentials under, and spellings of them the scanner must see.
const CREDENTIAL_KEYS = [
  'sessionId',
  'delegated_sessionid',
  'session_id',
  'vaultSessionId',
  'SESSIONID',
  'session-Id',
  'token__sys',
  'access_token',
  'refresh_token',
  'id_token',
  'accessToken',
];

// Keys a vault answer really carries, none a credential.
const ORDINARY_KEYS = fc.constantFrom(
  'responseStatus',
  'userId',
  'vaultId',
  'vaultIds',
  'name',
  'url',
  'delegated_vaults',
  'delegator_userid',
  'session',
  'sessionTag',
  'sessionDeadline',
  'token',
  'tokens',
  'data',
  'errors',
  'type',
  'message',
);

const ordinaryValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(ORDINARY_KEYS, tie('value'), { maxKeys: 4 }),
  ),
})).value;

// Writes each key character as a \u escape where `escaped` says so.
function escapeKey(key: string, escaped: readonly boolean[]): string {
  return [...key]
    .map((char, index) =>
      escaped[index] ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : char,
    )
    .join('');
}

// Feeds `bytes` in the chunks `cuts` make; the bytes passed on before the scanner said stop.
function passedBeforeFound(bytes: Uint8Array, cuts: readonly number[], known: string[] = []) {
  const scanner = createCredentialScanner(known);
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let passed = 0;
  let start = 0;
  for (const end of [...points, bytes.length]) {
    if (end <= start) continue;
    if (scanner.scan(bytes.subarray(start, end))) return { found: true, passed };
    passed = end;
    start = end;
  }
  return { found: false, passed };
}

describe('createCredentialScanner', () => {
  it('passes an ordinary answer whole, however it is chunked', () => {
    fc.assert(
      fc.property(ordinaryValue, fc.array(fc.nat()), (value, cuts) => {
        const bytes = encoder.encode(JSON.stringify({ responseStatus: 'SUCCESS', data: value }));
        expect(passedBeforeFound(bytes, cuts, [SESSION_ID])).toEqual({
          found: false,
          passed: bytes.length,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('finds a credential key anywhere, escaped or spaced, before any byte of its value passes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CREDENTIAL_KEYS),
        fc.array(fc.boolean(), { maxLength: 24 }),
        fc.constantFrom('', ' ', '\n\t '),
        ordinaryValue,
        fc.nat(4),
        fc.array(fc.nat()),
        (key, escaped, space, around, depth, cuts) => {
          const marker = '"VALUE-MARKER"';
          let inner = `{"${escapeKey(key, escaped)}"${space}:${space}${marker}}`;
          for (let level = 0; level < depth; level++) {
            inner = `{"data":[${JSON.stringify(around)},${inner}]}`;
          }
          const text = `{"responseStatus":"SUCCESS","before":${JSON.stringify(around)},"x":${inner}}`;
          const bytes = encoder.encode(text);
          const result = passedBeforeFound(bytes, cuts);
          expect(result.found).toBe(true);
          expect(result.passed).toBeLessThanOrEqual(text.indexOf(marker));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds an API access token by its prefix, and a known session ID by its first characters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(`veeva-vault-${'k'.repeat(40)}`, `Veeva-Vault-${'k'.repeat(40)}`),
        ordinaryValue,
        fc.array(fc.nat()),
        (token, around, cuts) => {
          const text = JSON.stringify({ a: around, data: { name__v: token } });
          const result = passedBeforeFound(encoder.encode(text), cuts);
          expect(result.found).toBe(true);
          // The public prefix may pass; nothing of what follows it.
          expect(result.passed).toBeLessThanOrEqual(text.indexOf(token) + 'veeva-vault-'.length);
        },
      ),
      { numRuns: 100 },
    );
    // Its letters written as JSON escapes, the first one included, in either case.
    fc.assert(
      fc.property(
        fc.constantFrom('veeva-vault-', 'Veeva-Vault-'),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        ordinaryValue,
        fc.array(fc.nat()),
        (prefix, escaped, around, cuts) => {
          const token = `${escapeKey(prefix, escaped)}${'k'.repeat(40)}`;
          const text = JSON.stringify({ a: around, data: { name__v: 'TOKEN' } }).replace(
            '"TOKEN"',
            `"${token}"`,
          );
          const result = passedBeforeFound(encoder.encode(text), cuts);
          expect(result.found).toBe(true);
          expect(result.passed).toBeLessThanOrEqual(
            text.indexOf(token) + escapeKey(prefix, escaped).length,
          );
        },
      ),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(ordinaryValue, fc.array(fc.nat()), (around, cuts) => {
        const text = `${JSON.stringify({ a: around })} echo: ${SESSION_ID}`;
        const result = passedBeforeFound(encoder.encode(text), cuts, [SESSION_ID]);
        expect(result.found).toBe(true);
        expect(result.passed).toBeLessThan(text.indexOf(SESSION_ID) + 16);
      }),
      { numRuns: 100 },
    );
  });

  it('looks for the IDs this call knows, whichever IDs scans before it knew', () => {
    const ID = fc.stringMatching(/^[0-9A-F]{32}$/);
    fc.assert(
      fc.property(
        fc.array(fc.array(ID, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        (calls) => {
          const seen = new Set<string>();
          for (const known of calls) {
            // Each ID of this call is found where it stands; one only an earlier call knew
            // is text like any other.
            for (const id of known) {
              const text = `{"responseStatus":"SUCCESS","data":{"note":"${id}"}}`;
              expect(passedBeforeFound(encoder.encode(text), [], known).found).toBe(true);
            }
            for (const id of seen) {
              if (known.some((other) => other.slice(0, 16) === id.slice(0, 16))) continue;
              const text = `{"responseStatus":"SUCCESS","data":{"note":"${id}"}}`;
              expect(passedBeforeFound(encoder.encode(text), [], known).found).toBe(false);
            }
            for (const id of known) seen.add(id);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads XML element names too, namespaced or not, but not text that merely mentions one', () => {
    const found = (text: string) => createCredentialScanner().scan(encoder.encode(text));
    expect(
      found('<?xml version="1.0"?><r><responseStatus>SUCCESS</responseStatus><sessionId>'),
    ).toBe(true);
    expect(found('<r><v:session_id xmlns:v="x">')).toBe(true);
    expect(found('<r><name>sessionId</name><session>1</session></r>')).toBe(false);
    expect(found('{"name":"sessionId","value":"the sessionId: none"}')).toBe(false);
  });
});

// Feeds `text` through a guard in the chunks `cuts` make: what reached the page, and whether
// the answer was cut.
function throughGuard(text: string, cuts: readonly number[]) {
  const bytes = encoder.encode(text);
  const guard = createAnswerGuard([SESSION_ID]);
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const passed: number[] = [];
  let start = 0;
  for (const end of [...points, bytes.length]) {
    if (end <= start) continue;
    const safe = guard.pass(bytes.subarray(start, end));
    if (safe === undefined)
      return { text: new TextDecoder().decode(Uint8Array.from(passed)), cut: true };
    passed.push(...safe);
    start = end;
  }
  passed.push(...guard.end());
  return { text: new TextDecoder().decode(Uint8Array.from(passed)), cut: false };
}

describe('createAnswerGuard', () => {
  it('never lets the start of a known session ID through, however the answer is cut', () => {
    fc.assert(
      fc.property(ordinaryValue, fc.array(fc.nat(), { maxLength: 40 }), (around, cuts) => {
        const text = `${JSON.stringify({ a: around })}{"echo":"${SESSION_ID}"}`;
        const result = throughGuard(text, cuts);
        expect(result.cut).toBe(true);
        // What passed is the answer's start, ending before the ID's first character.
        expect(text.startsWith(result.text)).toBe(true);
        expect(result.text.length).toBeLessThanOrEqual(text.indexOf(SESSION_ID));
      }),
      { numRuns: 200 },
    );
  });

  it('never lets the start of a known session ID through when JSON escapes spell it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('plain', 'lower', 'upper'), {
          minLength: SESSION_ID.length,
          maxLength: SESSION_ID.length,
        }),
        ordinaryValue,
        fc.array(fc.nat(), { maxLength: 40 }),
        (spelling, around, cuts) => {
          // Each character of the ID as it is, or as a \u escape in either case of hex.
          const spelled = [...SESSION_ID]
            .map((char, index) => {
              if (spelling[index] === 'plain') return char;
              const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
              return `\\u${spelling[index] === 'upper' ? hex.toUpperCase() : hex}`;
            })
            .join('');
          const before = `${JSON.stringify({ a: around })}{"echo":"`;
          const text = `${before}${spelled}"}`;
          // What a page's JSON.parse reads is the ID.
          expect(JSON.parse(text.slice(JSON.stringify({ a: around }).length)).echo).toBe(
            SESSION_ID,
          );
          const result = throughGuard(text, cuts);
          expect(result.cut).toBe(true);
          expect(text.startsWith(result.text)).toBe(true);
          expect(result.text.length).toBeLessThanOrEqual(before.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('passes every byte, in order, of an answer that only begins like a known ID', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        ordinaryValue,
        fc.array(fc.nat(), { maxLength: 40 }),
        (prefix, around, cuts) => {
          const text = `{"a":${JSON.stringify(around)},"b":"${SESSION_ID.slice(0, prefix)}~","c":"${SESSION_ID.slice(0, prefix)}`;
          expect(throughGuard(text, cuts)).toEqual({ text, cut: false });
          // The same start spelled with escapes, the ID's next character in another string.
          const escaped = [...SESSION_ID.slice(0, prefix)]
            .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
            .join('');
          const split = `{"b":"${escaped}","c":"${SESSION_ID.slice(prefix)}\\u0041`;
          expect(throughGuard(split, cuts)).toEqual({ text: split, cut: false });
        },
      ),
      { numRuns: 200 },
    );
  });
});
