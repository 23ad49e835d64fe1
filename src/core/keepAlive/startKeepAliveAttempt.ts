import {
  isTransientError,
  normalizeError,
  VaultAbortedError,
  VaultApiError,
  type VaultError,
  VaultTimeoutError,
} from '../errors';
import type { ResolvedKeepAliveEnvironment } from '../resolveEnvironment';
import { backoffDelay, MIN_BACKOFF_MS } from './backoffDelay';

/**
 * One keep-alive call in flight.
 */
export interface KeepAliveAttempt {
  /** Settles once the scheduler has taken the outcome; rejects with a `VaultError`. */
  readonly promise: Promise<void>;
  /** Ends the attempt now and cancels its timeout; the first reason given is the one it fails with. */
  abort(reason: VaultError): void;
}

/**
 * Starts one keep-alive call, aborted with `VaultTimeoutError` after `timeoutMs`. The
 * attempt settles on its own abort too, so a `send` that ignores its signal can neither
 * hang the caller nor hold the schedule.
 *
 * `settle` hears the outcome first (`undefined` for success) and answers whether the
 * attempt still counts. One that no longer does (the scheduler stopped while it was in
 * flight) rejects with `VaultAbortedError`, its failure if any as the cause; one that does
 * resolves on success and rejects with its error on failure.
 */
export function startKeepAliveAttempt(options: {
  readonly send: (signal: AbortSignal) => Promise<void>;
  readonly timeoutMs: number;
  readonly environment: Pick<ResolvedKeepAliveEnvironment, 'setTimeout' | 'clearTimeout'>;
  readonly settle: (attempt: KeepAliveAttempt, error: VaultError | undefined) => boolean;
}): KeepAliveAttempt {
  const { environment: env, timeoutMs } = options;
  const controller = new AbortController();
  // Kept here as well as on the signal: older engines drop the reason passed to abort().
  let abortReason: VaultError | undefined;
  const abort = (reason: VaultError): void => {
    abortReason ??= reason;
    controller.abort(reason);
  };
  const settled = new Promise<void>((resolve, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => reject(abortReason ?? new VaultAbortedError()),
      {
        once: true,
      },
    );
    Promise.resolve()
      .then(() => options.send(controller.signal))
      .then(resolve, reject);
  });
  const timeoutHandle = env.setTimeout(() => abort(new VaultTimeoutError(timeoutMs)), timeoutMs);
  const attempt: KeepAliveAttempt = {
    promise: settled.then(
      () => {
        env.clearTimeout(timeoutHandle);
        options.settle(attempt, undefined);
      },
      (reason: unknown) => {
        env.clearTimeout(timeoutHandle);
        const error = normalizeError(reason);
        if (!options.settle(attempt, error)) {
          throw error instanceof VaultAbortedError
            ? error
            : new VaultAbortedError({ cause: error });
        }
        throw error;
      },
    ),
    abort(reason) {
      env.clearTimeout(timeoutHandle);
      abort(reason);
    },
  };
  return attempt;
}

/**
 * How long to wait before retrying after the `failures`-th failure in a row. Transient
 * faults back off exponentially with full jitter up to the interval; other unexpected
 * answers wait a full interval. A `Retry-After` from the service is honoured up to the
 * interval.
 */
export function retryDelay(
  error: VaultError,
  {
    failures,
    baseMs,
    intervalMs,
    random,
  }: {
    readonly failures: number;
    readonly baseMs: number;
    readonly intervalMs: number;
    readonly random: () => number;
  },
): number {
  let delay = isTransientError(error)
    ? backoffDelay(failures, { baseMs, capMs: intervalMs, random, minMs: MIN_BACKOFF_MS })
    : intervalMs;
  if (error instanceof VaultApiError && error.retryAfterSeconds !== undefined) {
    delay = Math.max(delay, Math.min(error.retryAfterSeconds * 1_000, intervalMs));
  }
  return delay;
}
