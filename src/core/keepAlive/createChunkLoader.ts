/**
 * A loader of one export of a lazily imported chunk that can try again after a failed
 * fetch. Firefox (ESR 153 still) keeps a failed `import()` in its module map: importing the
 * same URL again fails at once without a request, so a plain retry never recovers from a
 * dropped connection. The engines name the URL that failed in the error ("error loading
 * dynamically imported module: https://…/chunk.js"), whatever a bundler called the chunk;
 * a retry imports that URL with a `retry` query, which is a new entry of the module map and
 * so a real request. The chunk's own imports resolve to the modules already loaded, so the
 * app still has one copy of them. An error without a URL, or a URL that turns out not to
 * be the chunk (a dependency of it failed), is retried with `importChunk` again, which is
 * enough where failures are not kept (Chromium, bundlers that load chunks by script tag).
 *
 * Answers with the export itself once it has arrived, else with a promise of it; a call
 * while a fetch is under way joins it.
 */
export function createChunkLoader<T>(
  importChunk: () => Promise<unknown>,
  importUrl: (url: string) => Promise<unknown>,
  pick: (module: unknown) => T | undefined,
): () => T | Promise<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  let failures = 0;
  // The chunk's URL, as named by the engine in the first failure that named one.
  let chunkUrl: string | undefined;
  let urlIsChunk = true;

  function attempt(): Promise<T> {
    const url = urlIsChunk ? chunkUrl : undefined;
    const fetched = url === undefined ? importChunk() : importUrl(withRetryQuery(url, failures));
    return fetched.then((module) => {
      const value = pick(module);
      if (value !== undefined) return value;
      // The URL named a module the chunk imports, not the chunk: from now on, import the chunk.
      if (url !== undefined) urlIsChunk = false;
      throw new TypeError('The loaded module does not have the expected export.');
    });
  }

  return () => {
    if (loaded !== undefined) return loaded;
    loading ??= attempt().then(
      (value) => {
        loaded = value;
        loading = undefined;
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        failures += 1;
        chunkUrl ??= urlNamedIn(error);
        throw error;
      },
    );
    return loading;
  };
}

function urlNamedIn(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : undefined;
  const named = message?.match(/\b(https?:\/\/\S+)$/)?.[1];
  if (named === undefined) return undefined;
  try {
    const url = new URL(named);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function withRetryQuery(href: string, attempt: number): string {
  const url = new URL(href);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}
