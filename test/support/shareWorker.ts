import { afterAll, vi } from 'vitest';

// The node and dom projects run a worker's files one after another in one process
// (isolate: false, see unitProjects in vitest.config.ts), sharing the packages they load
// from node_modules. Each file still imports the kit's own modules afresh, so no module
// state of one file (a cache, a registry) reaches the next; and it hands the next file a
// real clock, whatever its tests left behind.
vi.resetModules();

afterAll(() => {
  vi.useRealTimers();
});
