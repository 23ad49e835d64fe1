/**
 * A set of listeners called with the same arguments. Listeners are called in the order
 * they were added; one added twice is called once.
 */
export interface Emitter<Args extends unknown[] = []> {
  /** Adds a listener; returns the function that removes it again. */
  on(listener: (...args: Args) => void): () => void;
  /**
   * Calls every listener present when the call starts, so one that unsubscribes (itself or
   * another) during the call does not make the loop skip or repeat anyone.
   */
  emit(...args: Args): void;
  /** Removes every listener. */
  clear(): void;
}

/**
 * Creates an {@link Emitter}. Without `onError`, a listener that throws stops the call and
 * the error reaches the caller of `emit`; with it, the error goes to `onError` and the
 * remaining listeners still run.
 */
export function createEmitter<Args extends unknown[] = []>(
  onError?: (error: unknown) => void,
): Emitter<Args> {
  const listeners = new Set<(...args: Args) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(...args) {
      for (const listener of [...listeners]) {
        try {
          listener(...args);
        } catch (error) {
          if (!onError) throw error;
          onError(error);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
