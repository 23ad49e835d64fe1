// token68 (RFC 9110 section 11.2): what may follow `Authorization:` without quoting. Real
// session IDs are long hex or base64url strings; anything else (spaces, CR/LF, quotes,
// non-ASCII) would either break the header or smuggle a second one in.
const SESSION_ID_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
const MIN_LENGTH = 16;
const MAX_LENGTH = 2_048;

/**
 * True when `value` has the shape of a session ID that is safe to send as an
 * `Authorization` header value and to keep: 16 to 2048 token68 characters. It says nothing
 * about whether the service still accepts the session.
 *
 * @example
 * ```ts
 * isValidSessionId('q3Zb7wN1x0m2Yc9LkQe4Rf8Tg6Uh5Vj3Wk1Xl0Zm2Ab'); // true
 * isValidSessionId('abc\r\nX-Injected: 1'); // false
 * ```
 */
export function isValidSessionId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= MIN_LENGTH &&
    value.length <= MAX_LENGTH &&
    SESSION_ID_PATTERN.test(value)
  );
}
