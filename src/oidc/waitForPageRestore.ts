/**
 * Resolves when the page comes back from the back-forward cache after navigating away
 * (the user pressed Back on the identity provider's page), or rejects with the signal's
 * reason. A redirect that leaves the page for good never settles it, which is the point:
 * a "Continue" button stays busy until the page is gone.
 *
 * @example
 * ```ts
 * // Busy until the identity provider's page replaces this one, or Back brings it back.
 * window.location.assign('https://idp.example/authorize');
 * await waitForPageRestore(controller.signal);
 * console.info('The user came back with Back: the form is usable again.');
 * ```
 */
export function waitForPageRestore(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (typeof window === 'undefined') return;
    const onShow = (event: PageTransitionEvent): void => {
      if (!event.persisted) return;
      done();
      resolve();
    };
    const onAbort = (): void => {
      done();
      reject(signal?.reason);
    };
    const done = (): void => {
      window.removeEventListener('pageshow', onShow);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    window.addEventListener('pageshow', onShow);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
