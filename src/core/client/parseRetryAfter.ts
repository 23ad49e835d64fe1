const MIN_SECONDS = 1;
const MAX_SECONDS = 3_600;

/**
 * Reads a `Retry-After` header (RFC 9110 section 10.2.3) as whole seconds, clamped to
 * [1, 3600] so that neither a zero nor a huge value can make a caller hammer or give up.
 * An HTTP-date is measured against the response's own `Date` header, so the local clock's
 * skew does not matter; only when the response has no usable `Date` does the local clock
 * stand in. A missing or unreadable value gives `undefined`.
 *
 * @example
 * ```ts
 * parseRetryAfter('30', null); // 30
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', 'Wed, 21 Oct 2026 07:28:00 GMT'); // 30
 * parseRetryAfter('banana', null); // undefined
 * ```
 */
export function parseRetryAfter(
  retryAfter: string | null,
  dateHeader: string | null,
  now: () => number = Date.now,
): number | undefined {
  if (retryAfter === null) return undefined;
  const value = retryAfter.trim();
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return clamp(Number(value));

  // Date.parse accepts far more than IMF-fixdate; insist on the RFC 9110 shapes' letters
  // so that stray numbers such as "-5" or "1e3" are not read as dates.
  if (!/^[A-Za-z]{3},? /.test(value) && !/^[A-Za-z]{6,9}, /.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  const serverNow = dateHeader === null ? Number.NaN : Date.parse(dateHeader);
  const reference = Number.isNaN(serverNow) ? now() : serverNow;
  return clamp(Math.ceil((at - reference) / 1000));
}

function clamp(seconds: number): number {
  return Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, seconds));
}
