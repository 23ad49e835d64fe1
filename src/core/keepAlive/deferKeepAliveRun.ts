import {
  VaultAbortedError,
  type VaultError,
  VaultNetworkError,
  VaultUnexpectedError,
} from '../errors';
import { backoffDelay, MIN_BACKOFF_MS } from './backoffDelay';
import { STOPPED_KEEP_ALIVE } from './KeepAlive';
import type { KeepAliveRun, KeepAliveRunFactory } from './KeepAliveRun';
import { reportUncaught } from './reportUncaught';

// Failed fetches of the code (a minute or two of back-off) after which an
// online page stops calling it a connection fault: the chunk is missing (a deploy removed
// it) or the engine will not load it, and only a reload helps.
const FAILURES_BEFORE_ASKING_FOR_A_RELOAD = 5;

/**
 * Where a keep-alive gets its scheduler: the function itself once it is at hand, else a
 * promise of it (the scheduler's code still loading).
 */
export type KeepAliveRunLoader = () => KeepAliveRunFactory | PromiseLike<KeepAliveRunFactory>;

/**
 * A {@link KeepAliveRunFactory} whose runs get the scheduler from `loadRun`. When the
 * loader answers at once, everything happens as it is called. When it answers with a
 * promise, `start()` starts the scheduler as soon as the code is there, with the start
 * time of the run, and activity, confirmations and `extend()` in between are handed on to
 * it. A loader that fails does not end anything: the keep-alive shows `backoff` with the
 * error, and tries again after the keep-alive's own back-off ({@link backoffDelay}: full
 * jitter under a ceiling that doubles up to the interval), until it loads or is stopped. The error is a transient {@link VaultNetworkError} for the first few
 * failures; from the fifth on, while the browser says it is online, a
 * {@link VaultUnexpectedError} asking for a reload, reported once to the console per
 * factory, so the page stops saying the connection is unreliable (and the idle sign-out
 * works again) when the code will not come.
 */
export function deferKeepAliveRun(loadRun: KeepAliveRunLoader): KeepAliveRunFactory {
  // The advice to reload is reported once per keep-alive, however often it is restarted.
  let reported = false;

  return (runOptions) => {
    const { env, settings, publish } = runOptions;
    const { now } = env;
    let run: KeepAliveRun | undefined;
    // Set from start() until the scheduler exists: the start time, and what to hand on to it.
    let wanted: { at: number; activity?: boolean; confirmed?: boolean } | undefined;
    let loading: PromiseLike<unknown> | undefined;
    let retry: unknown;
    let failures = 0;

    function begin(factory: KeepAliveRunFactory): void {
      const request = wanted;
      if (request === undefined) return;
      wanted = undefined;
      failures = 0;
      run = factory({ ...runOptions, startedAt: request.at });
      run.start();
      if (request.activity) run.notifyActivity();
      if (request.confirmed) run.confirm();
    }

    function cancelRetry(): void {
      if (retry !== undefined) env.clearTimeout(retry);
      retry = undefined;
    }

    function load(): PromiseLike<unknown> | undefined {
      if (wanted === undefined || loading) return loading;
      cancelRetry();
      const loaded = loadRun();
      if (typeof loaded === 'function') {
        begin(loaded);
        return undefined;
      }
      const current = loaded.then(
        (factory) => {
          if (loading === current) loading = undefined;
          begin(factory);
        },
        (cause: unknown) => {
          if (loading !== current) return;
          loading = undefined;
          if (wanted === undefined) return;
          failures += 1;
          const delay = backoffDelay(failures, {
            baseMs: settings.backoffBaseMs,
            capMs: settings.intervalMs,
            random: env.random,
            minMs: MIN_BACKOFF_MS,
          });
          retry = env.setTimeout(() => {
            retry = undefined;
            load()?.then(undefined, ignore);
          }, delay);
          const error = loadError(cause);
          publish({
            status: 'backoff',
            nextDueAt: now() + delay,
            // Nothing has kept the session alive since the start, so the idle warning can
            // still come in time, and its "Stay signed in" tries the fetch again at once.
            idleExpiresAt: wanted.at + settings.idleTimeoutMs,
            consecutiveFailures: failures,
            lastError: error,
          });
          throw error;
        },
      );
      loading = current;
      return current;
    }

    function loadError(cause: unknown): VaultError {
      if (failures < FAILURES_BEFORE_ASKING_FOR_A_RELOAD || env.navigator?.onLine === false) {
        return new VaultNetworkError('The keep-alive could not be loaded.', { cause });
      }
      const error = new VaultUnexpectedError(
        `The keep-alive code could not be loaded in ${failures} tries; reload the page to keep the session alive.`,
        { cause },
      );
      if (!reported) reportUncaught(error);
      reported = true;
      return error;
    }

    return {
      running: () => wanted !== undefined || run?.running() === true,
      start() {
        wanted = { at: runOptions.startedAt ?? now() };
        load()?.then(undefined, ignore);
      },
      stop() {
        const waiting = wanted !== undefined;
        wanted = undefined;
        loading = undefined;
        cancelRetry();
        if (run?.running()) run.stop();
        // A stop while the code was still awaited also clears what a failed fetch showed.
        else if (waiting) publish(STOPPED_KEEP_ALIVE);
      },
      notifyActivity() {
        if (wanted) wanted.activity = true;
        else run?.notifyActivity();
      },
      confirm() {
        if (wanted) wanted.confirmed = true;
        else run?.confirm();
      },
      async extend() {
        if (wanted) await load();
        if (!run?.running()) throw new VaultAbortedError();
        return run.extend();
      },
    };
  };
}

function ignore(): void {}
