import type { EventTargetLike, ResolvedKeepAliveEnvironment } from '../resolveEnvironment';

/**
 * Listens for the page coming back: `focus`, `pageshow` (restored from the back/forward
 * cache), `online`, and `visibilitychange` to visible; and for `offline`. Returns the
 * function that removes every listener it added.
 */
export function listenForResume(
  env: Pick<ResolvedKeepAliveEnvironment, 'window' | 'document'>,
  onResume: () => void,
  onOffline: () => void,
): () => void {
  const doc = env.document;
  const removers: (() => void)[] = [];
  const on = (target: EventTargetLike | undefined, type: string, fn: () => void): void => {
    if (!target) return;
    try {
      target.addEventListener(type, fn);
      removers.push(() => target.removeEventListener(type, fn));
    } catch {
      // An exotic target that refuses listeners just provides no signal.
    }
  };
  on(env.window, 'online', onResume);
  on(env.window, 'offline', onOffline);
  on(env.window, 'focus', onResume);
  on(env.window, 'pageshow', onResume);
  on(doc, 'visibilitychange', () => {
    if (doc?.visibilityState === undefined || doc.visibilityState === 'visible') onResume();
  });
  return () => {
    for (const remove of removers) remove();
  };
}
