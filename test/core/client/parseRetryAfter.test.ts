import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/core/client/parseRetryAfter';

// THR-04 / B5: both forms of Retry-After, clamped to [1 s, 1 h], garbage ignored.
describe('parseRetryAfter', () => {
  const now = () => Date.parse('2026-03-01T12:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('30', null, now)).toBe(30);
    expect(parseRetryAfter(' 7 ', null, now)).toBe(7);
  });

  it('clamps to one second and one hour', () => {
    expect(parseRetryAfter('0', null, now)).toBe(1);
    expect(parseRetryAfter('86400', null, now)).toBe(3600);
  });

  it('measures an HTTP-date against the response Date header, not the local clock', () => {
    const skewedLocal = () => Date.parse('2026-03-04T00:00:00Z');
    expect(
      parseRetryAfter(
        'Sun, 01 Mar 2026 12:01:00 GMT',
        'Sun, 01 Mar 2026 12:00:15 GMT',
        skewedLocal,
      ),
    ).toBe(45);
  });

  it('falls back to the local clock when the response has no usable Date', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:20 GMT', null, now)).toBe(20);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:20 GMT', 'yesterday', now)).toBe(20);
  });

  it('an HTTP-date in the past waits the minimum', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', null, now)).toBe(1);
  });

  it('gives undefined for missing or unreadable values', () => {
    for (const value of [null, '', 'banana', '-5', '1e3', '3.5', 'soon', '2026-03-01']) {
      expect(parseRetryAfter(value, null, now)).toBeUndefined();
    }
  });
});
