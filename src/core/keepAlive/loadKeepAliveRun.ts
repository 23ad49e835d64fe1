import type { createKeepAliveRun } from './createKeepAliveRun';

let loaded: typeof createKeepAliveRun | undefined;
let loading: Promise<typeof createKeepAliveRun> | undefined;

/**
 * The keep-alive scheduler's code, from a chunk of its own: a page that only signs users
 * in does not wait for it, and it is fetched (once per page) when a session connects, so it
 * is normally there before anyone has signed in. Answers with the function itself once it
 * has arrived. A failed fetch is forgotten, so the next call tries again.
 *
 * @example
 * ```ts
 * const keepAlive = createDeferredKeepAlive(options, loadKeepAliveRun);
 * ```
 */
export function loadKeepAliveRun(): typeof createKeepAliveRun | Promise<typeof createKeepAliveRun> {
  if (loaded) return loaded;
  loading ??= import('./createKeepAliveRun').then(
    (module) => {
      loaded = module.createKeepAliveRun;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
