import { createEmitter } from '../createEmitter';
import { type KeepAliveSnapshot, STOPPED_KEEP_ALIVE } from './KeepAlive';
import { reportUncaught } from './reportUncaught';

/**
 * The snapshot a keep-alive shows and the listeners it tells, shared by the keep-alive that
 * has its scheduler at hand and the one that loads it first.
 *
 * @example
 * ```ts
 * const store = createKeepAliveStore();
 * store.publish({ status: 'idle' }); // listeners run only when a field changed
 * ```
 */
export interface KeepAliveStore {
  get(): KeepAliveSnapshot;
  /** Merges `fields` into a new frozen snapshot and tells the listeners, if anything changed. */
  publish(fields: Partial<KeepAliveSnapshot>): void;
  /** Adds a listener; once the store is closed, adding one does nothing. */
  subscribe(listener: () => void): () => void;
  /** Drops every listener for good. */
  close(): void;
}

/**
 * Creates a {@link KeepAliveStore} that starts `stopped`. A listener that throws is
 * reported and does not keep the others from running.
 *
 * @example
 * ```ts
 * const store = createKeepAliveStore();
 * const off = store.subscribe(() => render(store.get()));
 * ```
 */
export function createKeepAliveStore(): KeepAliveStore {
  let snapshot: KeepAliveSnapshot = STOPPED_KEEP_ALIVE;
  const changed = createEmitter(reportUncaught);
  let closed = false;
  return {
    get: () => snapshot,
    publish(fields) {
      const next: KeepAliveSnapshot = { ...snapshot, ...fields };
      for (const key of Object.keys(next) as (keyof KeepAliveSnapshot)[]) {
        if (next[key] !== snapshot[key]) {
          snapshot = Object.freeze(next);
          changed.emit();
          return;
        }
      }
    },
    subscribe: (listener) => (closed ? () => {} : changed.on(listener)),
    close() {
      closed = true;
      changed.clear();
    },
  };
}
