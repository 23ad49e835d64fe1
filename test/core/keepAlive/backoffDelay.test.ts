import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src/core/keepAlive/backoffDelay';

const settings = { baseMs: 5_000, capMs: 300_000 };

describe('backoffDelay (B3: exponential backoff with full jitter)', () => {
  it('doubles the window with each attempt up to the cap', () => {
    const top = (attempt: number) => backoffDelay(attempt, { ...settings, random: () => 1 });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(top)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(top(10_000)).toBe(300_000);
  });

  it('draws uniformly inside the window', () => {
    expect(backoffDelay(3, { ...settings, random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { ...settings, random: () => 0.25 })).toBe(5_000);
    for (let i = 0; i < 200; i++) {
      const delay = backoffDelay(4, settings);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(40_000);
    }
  });

  it('applies the floor', () => {
    expect(backoffDelay(1, { ...settings, random: () => 0, minMs: 1_000 })).toBe(1_000);
  });

  it('survives a misbehaving random source and odd attempt numbers', () => {
    expect(backoffDelay(1, { ...settings, random: () => Number.NaN })).toBe(0);
    expect(backoffDelay(1, { ...settings, random: () => 7 })).toBe(5_000);
    expect(backoffDelay(0, { ...settings, random: () => 1 })).toBe(5_000);
    expect(backoffDelay(Number.NaN, { ...settings, random: () => 1 })).toBe(5_000);
  });

  it('rejects impossible settings', () => {
    expect(() => backoffDelay(1, { baseMs: 0, capMs: 10 })).toThrow(RangeError);
    expect(() => backoffDelay(1, { baseMs: 10, capMs: 5 })).toThrow(RangeError);
  });
});
