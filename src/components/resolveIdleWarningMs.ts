import { configError } from '../core/explainInDevelopment';

const SECOND = 1_000;
/** WCAG 2.2.1: the user gets at least 20 seconds to respond to a timeout warning. */
const MIN_RESPONSE_MS = 20 * SECOND;
const DEFAULT_WARNING_MS = 2 * 60 * SECOND;

/**
 * How long before the idle timeout the warning opens, from the `idleWarningMs` asked for and
 * the idle timeout the keep-alive counts with (`keepAlive.idleTimeoutMs`, unknown until a
 * session runs).
 *
 * - Left out: 2 minutes, but never more than half the idle timeout (1 minute of a
 *   2-minute timeout), so a short timeout still leaves time before the warning.
 * - Given: at least 20 seconds (WCAG 2.2.1), and below the idle timeout.
 * - A warning as long as the timeout or longer would open at sign-in and come back after
 *   every "Stay signed in": it is refused with a `VaultConfigError`, in every build, as is a
 *   value that is not a finite, non-negative number. Development builds name both numbers.
 */
export function resolveIdleWarningMs(
  requested: number | undefined,
  idleTimeoutMs: number | undefined,
): number {
  const fallback = defaultWarningMs(idleTimeoutMs);
  if (requested === undefined) return fallback;
  const nonsense = !Number.isFinite(requested) || requested < 0;
  if (nonsense || (idleTimeoutMs !== undefined && requested >= idleTimeoutMs)) {
    throw configError('SessionExpiryDialog: idleWarningMs is not valid.', () =>
      process.env.NODE_ENV === 'production'
        ? undefined
        : nonsense
          ? `SessionExpiryDialog: idleWarningMs must be a finite number of milliseconds of 0 or more, got ${requested}.`
          : `SessionExpiryDialog: idleWarningMs (${requested} ms) must be shorter than the idle timeout (keepAlive.idleTimeoutMs = ${idleTimeoutMs} ms), or the warning opens at sign-in and "Stay signed in" cannot close it. Leave idleWarningMs out to get ${fallback} ms.`,
    );
  }
  const atLeast = Math.max(MIN_RESPONSE_MS, requested);
  return idleTimeoutMs === undefined || atLeast < idleTimeoutMs ? atLeast : fallback;
}

function defaultWarningMs(idleTimeoutMs: number | undefined): number {
  if (idleTimeoutMs === undefined) return DEFAULT_WARNING_MS;
  return Math.min(DEFAULT_WARNING_MS, idleTimeoutMs / 2);
}
