/**
 * Answers kept by key, the last `limit` of them (the oldest first out): for a reading the
 * proxy would otherwise repeat on every call with the same input (a content type, a request
 * target, a session ID's search table). An input that varies from call to call cannot grow
 * it past `limit`. `compute` runs for a key not kept; if it throws, nothing is kept.
 */
export function createMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const kept = new Map<string, V>();
  return (key, compute) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
    return value;
  };
}
