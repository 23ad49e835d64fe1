import { createEmitter } from '../createEmitter';
import type { TabHub } from '../createTabHub';
import { VaultAbortedError } from '../errors';
import { resolveEnvironment } from '../resolveEnvironment';
import { type KeepAlive, type KeepAliveSnapshot, STOPPED_KEEP_ALIVE } from './KeepAlive';
import { type KeepAliveOptions, resolveKeepAliveOptions } from './KeepAliveOptions';
import type { KeepAliveRun, KeepAliveRunFactory } from './KeepAliveRun';
import { reportUncaught } from './reportUncaught';

/**
 * A keep-alive's settings and the collaborators its front works with.
 */
export interface KeepAliveFrontOptions extends KeepAliveOptions {
  /**
   * Makes the run each `start()` begins: `createKeepAliveRun` itself, or a stand-in that
   * loads its chunk first (`deferKeepAliveRun`).
   */
  readonly createRun: KeepAliveRunFactory;
  /**
   * The session's channel to the other tabs: the keep-alive's messages travel on it as a
   * topic (unless the environment names another BroadcastChannel). Without it, a run opens
   * a channel of its own.
   */
  readonly tabs?: TabHub | undefined;
}

/**
 * The one front-end of every keep-alive: its snapshot and listeners, and the run that
 * `start()` makes with `createRun`. Everything a restart resets lives in the run, so a run
 * that was stopped keeps refusing to act; this object only outlives runs. Nothing is
 * opened before `start()`.
 */
export function createKeepAliveFront(options: KeepAliveFrontOptions): KeepAlive {
  const { createRun, tabs } = options;
  const settings = resolveKeepAliveOptions(options);
  let snapshot: KeepAliveSnapshot = STOPPED_KEEP_ALIVE;
  // A listener that throws is reported and does not keep the others from running.
  const changed = createEmitter(reportUncaught);
  let destroyed = false;
  let run: KeepAliveRun | undefined;

  // Merges the run's fields into a new frozen snapshot, and tells the listeners if anything
  // changed.
  function publish(fields: Partial<KeepAliveSnapshot>): void {
    const next: KeepAliveSnapshot = { ...snapshot, ...fields };
    for (const key of Object.keys(next) as (keyof KeepAliveSnapshot)[]) {
      if (next[key] !== snapshot[key]) {
        snapshot = Object.freeze(next);
        changed.emit();
        return;
      }
    }
  }

  return {
    start() {
      if (destroyed || run?.running()) return;
      // Resolved once here: the scheduler, its channel and its election see the same world.
      run = createRun({
        env: { ...resolveEnvironment(options.environment), tabs },
        options,
        settings,
        publish,
      });
      run.start();
    },
    stop: () => run?.stop(),
    notifyActivity: () => run?.notifyActivity(),
    confirm: () => run?.confirm(),
    extend: () => (run ? run.extend() : Promise.reject(new VaultAbortedError())),
    getSnapshot: () => snapshot,
    // Once destroyed, a listener added is never called.
    subscribe: (listener) => (destroyed ? () => {} : changed.on(listener)),
    destroy() {
      if (destroyed) return;
      run?.stop();
      destroyed = true;
      changed.clear();
    },
  };
}
