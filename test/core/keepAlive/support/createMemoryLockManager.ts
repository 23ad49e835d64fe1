import type { LockManagerLike } from '../../../../src/core/resolveEnvironment';

/**
 * An in-process stand-in for `navigator.locks` (Node 20 has no Web Locks): exclusive locks
 * granted in request order, held until the callback's promise settles, and abortable
 * while waiting, like the browser's.
 *
 * @example
 * ```ts
 * const locks = createMemoryLockManager();
 * await locks.request('x', {}, async () => work());
 * ```
 */
export interface MemoryLockManager extends LockManagerLike {
  /** How many requests for `name` are waiting. */
  waiting(name: string): number;
  /** Whether `name` is held. */
  isHeld(name: string): boolean;
}

/**
 * Creates a {@link MemoryLockManager} shared by all "tabs" of a test.
 *
 * @example
 * ```ts
 * const locks = createMemoryLockManager();
 * const tabA = createFakeTab({ locks, ... });
 * ```
 */
export function createMemoryLockManager(): MemoryLockManager {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();

  function next(name: string): void {
    if (held.has(name)) return;
    const grant = queues.get(name)?.shift();
    grant?.();
  }

  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const { signal } = options;
        if (signal?.aborted) {
          reject(new DOMException('The request was aborted.', 'AbortError'));
          return;
        }
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        const onAbort = (): void => {
          const index = queue.indexOf(grant);
          if (index >= 0) queue.splice(index, 1);
          reject(new DOMException('The request was aborted.', 'AbortError'));
        };
        function grant(): void {
          signal?.removeEventListener('abort', onAbort);
          held.add(name);
          // Granted asynchronously, as in the browser.
          Promise.resolve()
            .then(() => callback({ name, mode: options.mode ?? 'exclusive' }))
            .then(
              (value) => {
                held.delete(name);
                resolve(value);
                next(name);
              },
              (error: unknown) => {
                held.delete(name);
                reject(error);
                next(name);
              },
            );
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(grant);
        next(name);
      });
    },
    waiting: (name) => queues.get(name)?.length ?? 0,
    isHeld: (name) => held.has(name),
  };
}
