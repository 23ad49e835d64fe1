/**
 * Reports an error the way the platform reports one thrown by an event listener
 * (`reportError`, else `console.error`), so a throwing subscriber or callback is seen
 * without leaving the scheduler half-updated.
 */
export function reportUncaught(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else console.error(error);
}

/**
 * Calls `run` and reports what it throws instead of passing it on: a throwing callback of
 * the app must not leave the scheduler half-updated.
 */
export function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    reportUncaught(error);
  }
}
