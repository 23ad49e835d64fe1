/**
 * The least delay of the keep-alive's retries (its calls and the fetch of its code), so
 * that a draw near zero never hits a failing service twice in the same instant.
 */
export const MIN_BACKOFF_MS = 1_000;

/**
 * Settings of {@link backoffDelay}.
 *
 * @example
 * ```ts
 * const options: BackoffOptions = { baseMs: 5_000, capMs: 300_000, random: Math.random };
 * ```
 */
export interface BackoffOptions {
  /** Upper bound of the first retry's delay. */
  baseMs: number;
  /** The exponential ceiling never grows past this. */
  capMs: number;
  /** A uniform random number in [0, 1). Default `Math.random`. */
  random?: () => number;
  /**
   * Lower bound of the result. Full jitter can draw a delay near zero, and a floor keeps a
   * failing service from being hit twice in the same instant. Default 0.
   */
  minMs?: number;
}

/**
 * Delay before retry number `attempt` (1 for the first retry), exponential with full
 * jitter: a uniform draw from `[0, min(capMs, baseMs * 2^(attempt - 1)))`, raised to
 * `minMs`. Full jitter spreads the retries of many clients that failed together (a
 * restarted service, a network that came back) instead of letting them return in step.
 *
 * @example
 * ```ts
 * backoffDelay(1, { baseMs: 5_000, capMs: 300_000, random: () => 0.5 }); // 2_500
 * backoffDelay(3, { baseMs: 5_000, capMs: 300_000, random: () => 0.5 }); // 10_000
 * ```
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const { baseMs, capMs } = options;
  const minMs = options.minMs ?? 0;
  if (!Number.isFinite(baseMs) || baseMs <= 0) {
    throw new RangeError(`baseMs must be a positive number, got ${baseMs}.`);
  }
  if (!Number.isFinite(capMs) || capMs < baseMs) {
    throw new RangeError(`capMs must be a number of at least baseMs (${baseMs}), got ${capMs}.`);
  }
  const step = Math.max(1, Math.floor(Number.isFinite(attempt) ? attempt : 1));
  // 2^(step - 1) overflows to Infinity for huge attempt counts; min() keeps it at the cap.
  const ceiling = Math.min(capMs, baseMs * 2 ** (step - 1));
  const draw = (options.random ?? Math.random)();
  const unit = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0;
  return Math.min(capMs, Math.max(minMs, Math.floor(unit * ceiling)));
}
