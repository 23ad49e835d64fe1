import { createChunkLoader } from './createChunkLoader';
import type { KeepAliveRunFactory } from './KeepAliveRun';

/**
 * The keep-alive scheduler's code, from a chunk of its own: a page that only signs users
 * in does not wait for it, and it is fetched (once per page) when a session connects, so it
 * is normally there before anyone has signed in. Answers with the function itself once it
 * has arrived. A failed fetch is forgotten, so the next call tries again, with a new
 * request even in Firefox, which keeps failed imports (see `createChunkLoader`).
 */
export const loadKeepAliveRun: () => KeepAliveRunFactory | Promise<KeepAliveRunFactory> =
  /* @__PURE__ */ createChunkLoader<KeepAliveRunFactory>(
    () => import('./createKeepAliveRun'),
    // A URL the engine named, fetched as it is: bundlers must leave this import alone.
    (url) => import(/* @vite-ignore */ /* webpackIgnore: true */ url),
    (module) => {
      const factory = (module as { createKeepAliveRun?: unknown } | null)?.createKeepAliveRun;
      return typeof factory === 'function' ? (factory as KeepAliveRunFactory) : undefined;
    },
  );
