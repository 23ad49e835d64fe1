import { describe, expect, it } from 'vitest';
import { createChunkLoader } from '../../../src/core/keepAlive/createChunkLoader';

// The keep-alive chunk is imported lazily. These tests stand in for the browser's module
// map: Firefox keeps a failed fetch there and fails every later import of that URL without
// a request (seen in Firefox ESR 153; Chromium fetches again). The loader must get the code
// after a transient failure in both.

const CHUNK = 'https://app.example/assets/createKeepAliveRun-B2x9.js';
const DEPENDENCY = 'https://app.example/assets/errors-Q1w2.js';
const factory = (): string => 'the scheduler';
type Factory = typeof factory;

/** A module map over a network that fails the URLs in `down` until they are taken out. */
function browser(engine: 'firefox' | 'chromium', words: (url: string) => string) {
  const requests: string[] = [];
  const down = new Set<string>();
  const failed = new Set<string>();
  const modules = new Map<string, unknown>();
  return {
    requests,
    down,
    import(url: string): Promise<unknown> {
      const cached = modules.get(url);
      if (cached) return Promise.resolve(cached);
      if (engine === 'firefox' && failed.has(url)) return Promise.reject(new TypeError(words(url)));
      requests.push(url);
      const path = new URL(url).pathname;
      const broken = [...down].find((name) => new URL(name).pathname === path);
      if (broken !== undefined) {
        failed.add(url);
        // The engine names the module that failed, which may be a dependency of the chunk.
        return Promise.reject(new TypeError(words(broken)));
      }
      const module = path.includes('createKeepAliveRun')
        ? { createKeepAliveRun: factory }
        : { other: true };
      modules.set(url, module);
      return Promise.resolve(module);
    },
  };
}

const firefoxWords = (url: string) => `error loading dynamically imported module: ${url}`;
const chromiumWords = (url: string) => `Failed to fetch dynamically imported module: ${url}`;

function loaderFor(page: ReturnType<typeof browser>, chunkSpecifier = CHUNK) {
  return createChunkLoader<Factory>(
    () => page.import(chunkSpecifier),
    (url) => page.import(url),
    (module) => (module as { createKeepAliveRun?: Factory }).createKeepAliveRun,
  );
}

describe('createChunkLoader: the keep-alive code after a failed fetch', () => {
  it('in Firefox, which keeps the failure, fetches the chunk again under a retry query', async () => {
    const page = browser('firefox', firefoxWords);
    page.down.add(CHUNK);
    const load = loaderFor(page);

    await expect(load()).rejects.toThrow(CHUNK);
    page.down.clear();
    // The same URL again fails without a request in this engine: the reason for the query.
    await expect(page.import(CHUNK)).rejects.toThrow(TypeError);
    expect(page.requests).toEqual([CHUNK]);

    await expect(load()).resolves.toBe(factory);
    expect(page.requests).toEqual([CHUNK, `${CHUNK}?retry=1`]);
    // Once there, it answers at once, without a promise or another request.
    expect(load()).toBe(factory);
    expect(page.requests).toHaveLength(2);
  });

  it('keeps trying with a new query each time while the network stays down', async () => {
    const page = browser('firefox', firefoxWords);
    page.down.add(CHUNK);
    const load = loaderFor(page);
    for (let attempt = 0; attempt < 3; attempt++) await expect(load()).rejects.toThrow(TypeError);
    page.down.clear();
    await expect(load()).resolves.toBe(factory);
    expect(page.requests).toEqual([
      CHUNK,
      `${CHUNK}?retry=1`,
      `${CHUNK}?retry=2`,
      `${CHUNK}?retry=3`,
    ]);
  });

  it('in Chromium, which fetches again anyway, gets the chunk on the next try', async () => {
    const page = browser('chromium', chromiumWords);
    page.down.add(CHUNK);
    const load = loaderFor(page);
    await expect(load()).rejects.toThrow(TypeError);
    page.down.clear();
    await expect(load()).resolves.toBe(factory);
  });

  it('with an error that names no URL (Safari), imports the chunk as the bundler wrote it', async () => {
    const page = browser('chromium', () => 'Importing a module script failed.');
    page.down.add(CHUNK);
    const load = loaderFor(page);
    await expect(load()).rejects.toThrow(TypeError);
    page.down.clear();
    await expect(load()).resolves.toBe(factory);
    expect(page.requests).toEqual([CHUNK, CHUNK]);
  });

  it('when the URL named was a dependency of the chunk, goes back to importing the chunk', async () => {
    const page = browser('chromium', chromiumWords);
    page.down.add(DEPENDENCY);
    // The chunk itself is fetched fine but its dependency is not: the engine names the latter.
    const load = createChunkLoader<Factory>(
      () => page.import(DEPENDENCY).then(() => page.import(CHUNK)),
      (url) => page.import(url),
      (module) => (module as { createKeepAliveRun?: Factory }).createKeepAliveRun,
    );
    await expect(load()).rejects.toThrow(DEPENDENCY);
    page.down.clear();
    // The retry of the named URL brings the dependency, not the scheduler...
    await expect(load()).rejects.toThrow('expected export');
    // ...so the next one imports the chunk the bundler's way.
    await expect(load()).resolves.toBe(factory);
  });

  it('never imports a URL that is not http(s) from an error message', async () => {
    const imported: string[] = [];
    let fail = true;
    const load = createChunkLoader<Factory>(
      () =>
        fail
          ? Promise.reject(
              new TypeError(
                'error loading dynamically imported module: data:text/javascript,alert(1)',
              ),
            )
          : Promise.resolve({ createKeepAliveRun: factory }),
      (url) => {
        imported.push(url);
        return Promise.reject(new TypeError('unreachable'));
      },
      (module) => (module as { createKeepAliveRun?: Factory }).createKeepAliveRun,
    );
    await expect(load()).rejects.toThrow(TypeError);
    fail = false;
    await expect(load()).resolves.toBe(factory);
    expect(imported).toEqual([]);
  });

  it('lets calls made while a fetch is under way share it', async () => {
    const page = browser('chromium', chromiumWords);
    const load = loaderFor(page);
    const first = load();
    const second = load();
    expect(second).toBe(first);
    await expect(first).resolves.toBe(factory);
    expect(page.requests).toHaveLength(1);
  });
});
