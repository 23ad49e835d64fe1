/**
 * A new object for a hook to return: every field of TanStack's `result`, read through on
 * access, plus the hook's named `actions`. TanStack hands out a tracked result that its
 * observer keeps; writing into it would change the observer's own copy, and spreading it
 * would read every field and so re-render on changes the caller never looks at.
 */
export function withActions<TResult extends object, TActions extends object>(
  result: TResult,
  actions: TActions,
): TResult & TActions {
  const fresh = { ...actions };
  for (const key of Object.keys(result)) {
    if (!(key in actions)) {
      Object.defineProperty(fresh, key, {
        enumerable: true,
        get: () => result[key as keyof TResult],
      });
    }
  }
  return fresh as TResult & TActions;
}
