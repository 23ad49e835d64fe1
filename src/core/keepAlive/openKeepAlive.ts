import { VaultAbortedError } from '../errors';
import { resolveEnvironment } from '../resolveEnvironment';
import { createKeepAliveStore } from './createKeepAliveStore';
import type { KeepAlive } from './KeepAlive';
import { type KeepAliveOptions, resolveKeepAliveOptions } from './KeepAliveOptions';
import type { KeepAliveRun, KeepAliveRunFactory } from './KeepAliveRun';

/**
 * The one front-end of every keep-alive: its snapshot and listeners, and the run that
 * `start()` makes with `createRun` (the scheduler itself, or one that loads it first, see
 * `deferKeepAliveRun`). Everything a restart resets lives in the run, so a run that was
 * stopped keeps refusing to act; this object only outlives runs.
 *
 * @example
 * ```ts
 * const keepAlive = openKeepAlive(options, createKeepAliveRun); // what createKeepAlive does
 * const lazy = openKeepAlive(options, deferKeepAliveRun(loadKeepAliveRun));
 * ```
 */
export function openKeepAlive(
  options: KeepAliveOptions,
  createRun: KeepAliveRunFactory,
): KeepAlive {
  const settings = resolveKeepAliveOptions(options);
  const store = createKeepAliveStore();
  let destroyed = false;
  let run: KeepAliveRun | undefined;

  return {
    start() {
      if (destroyed || run?.running()) return;
      // Resolved once here: the scheduler, its channel and its election see the same world.
      run = createRun(resolveEnvironment(options.environment), options, settings, store.publish);
      run.start();
    },
    stop: () => run?.stop(),
    notifyActivity: () => run?.notifyActivity(),
    confirm: () => run?.confirm(),
    extend: () => (run ? run.extend() : Promise.reject(new VaultAbortedError())),
    getSnapshot: store.get,
    subscribe: store.subscribe,
    destroy() {
      if (destroyed) return;
      run?.stop();
      destroyed = true;
      store.close();
    },
  };
}
