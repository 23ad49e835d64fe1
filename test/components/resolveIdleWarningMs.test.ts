import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveIdleWarningMs } from '../../src/components/resolveIdleWarningMs';
import { VaultConfigError } from '../../src/core/errors';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

describe('resolveIdleWarningMs', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('left out: 2 minutes of a long timeout, half of a short one', () => {
    expect(resolveIdleWarningMs(undefined, 30 * MINUTE)).toBe(2 * MINUTE);
    expect(resolveIdleWarningMs(undefined, 2 * MINUTE)).toBe(MINUTE);
    expect(resolveIdleWarningMs(undefined, undefined)).toBe(2 * MINUTE);
  });

  it('given: kept below the timeout, and never under 20 seconds (WCAG 2.2.1)', () => {
    expect(resolveIdleWarningMs(90 * SECOND, 2 * MINUTE)).toBe(90 * SECOND);
    expect(resolveIdleWarningMs(5 * SECOND, 2 * MINUTE)).toBe(20 * SECOND);
    // 20 seconds would be the whole timeout: half of it instead.
    expect(resolveIdleWarningMs(5 * SECOND, 20 * SECOND)).toBe(10 * SECOND);
  });

  it('refuses a warning as long as the timeout in development, naming both numbers', () => {
    expect(() => resolveIdleWarningMs(2 * MINUTE, 2 * MINUTE)).toThrow(VaultConfigError);
    expect(() => resolveIdleWarningMs(3 * MINUTE, 2 * MINUTE)).toThrow(
      'SessionExpiryDialog: idleWarningMs (180000 ms) must be shorter than the idle timeout (keepAlive.idleTimeoutMs = 120000 ms), or the warning opens at sign-in and "Stay signed in" cannot close it. Leave idleWarningMs out to get 60000 ms.',
    );
    expect(() => resolveIdleWarningMs(Number.NaN, 2 * MINUTE)).toThrow(
      'idleWarningMs must be a finite number of milliseconds of 0 or more, got NaN.',
    );
    expect(() => resolveIdleWarningMs(-1, undefined)).toThrow(VaultConfigError);
  });

  it('refuses the same settings in production, with a short message', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => resolveIdleWarningMs(3 * MINUTE, 2 * MINUTE)).toThrow(
      new VaultConfigError('SessionExpiryDialog: idleWarningMs is not valid.'),
    );
    expect(() => resolveIdleWarningMs(Number.POSITIVE_INFINITY, 30 * MINUTE)).toThrow(
      VaultConfigError,
    );
    expect(resolveIdleWarningMs(90 * SECOND, 2 * MINUTE)).toBe(90 * SECOND);
  });
});
