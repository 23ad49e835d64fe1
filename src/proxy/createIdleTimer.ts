/**
 * A watch on a body that moves: {@link IdleTimer.touch} on every chunk, and `onIdle` runs
 * once no chunk came for `limitMs`.
 */
export interface IdleTimer {
  /** Starts (or restarts) watching, counting from now. */
  start(): void;
  /** A chunk moved. */
  touch(): void;
  stop(): void;
}

/**
 * Creates an {@link IdleTimer}. A chunk only records the time: one timer runs per period,
 * not one per chunk, so a large download costs no timer churn.
 */
export function createIdleTimer(limitMs: number, onIdle: () => void): IdleTimer {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    const idle = Date.now() - last;
    if (idle >= limitMs) {
      timer = undefined;
      onIdle();
    } else {
      timer = setTimeout(check, limitMs - idle);
    }
  };
  return {
    start() {
      last = Date.now();
      timer ??= setTimeout(check, limitMs);
    },
    touch() {
      last = Date.now();
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
