import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Seven projects: node-side unit and integration tests (core, emulator, server), the large
// transfers, React tests in jsdom, end-to-end tests that drive Debian's Chromium through
// Playwright, the session and demo ones again in Debian's Firefox ESR, the packaging checks
// on the packed tarball, and type tests of the public types (tsc, no run). The node and
// jsdom ones get an `-isolated` twin for files that mock modules (see unitProjects).
// No test is retried: one that fails on a loaded machine waits on the wrong thing.

// A test's folder decides where it runs, never its file extension: React and page tests in
// jsdom; browser, packaging and large-transfer tests in projects of their own; everything
// else in Node (server rendering too, in test/ssr, where `window` must not exist).
// `npx tsx scripts/checkTestProjects.ts` checks that every test file lands in one project.
const DOM_FOLDERS = ['test/components', 'test/react', 'test/oidc/browser'];
const OWN_FOLDERS = ['test/e2e', 'test/packaging', 'test/large'];
const testsIn = (folder: string): string => `${folder}/**/*.test.{ts,tsx}`;
const UNIT_EXCLUDE = [...DOM_FOLDERS, ...OWN_FOLDERS].map((folder) => `${folder}/**`);
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The test files under `folders`, outside `except`, that replace a module with vi.mock. */
function filesMocking(folders: readonly string[], except: readonly string[] = []): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file}`)
      .filter((file) => !except.some((other) => file.startsWith(`${other}/`)))
      .filter((file) => /\bvi\.(?:do)?mock\(/.test(readFileSync(join(ROOT, file), 'utf8'))),
  );
}

/**
 * A unit project (node or jsdom) as two: its files share a worker, one file after another,
 * and with it the packages they load from node_modules (and jsdom's window), instead of a
 * new process that loads them again for each file, a third of the time of these projects.
 * test/support/shareWorker.ts gives each file fresh modules of the kit and a real clock.
 * A module mock would outlive its file in a shared worker, so files that use vi.mock run
 * in `{name}-isolated`, a worker of their own each.
 */
function unitProjects(
  name: string,
  include: readonly string[],
  exclude: readonly string[],
  mocking: readonly string[],
  test: NonNullable<TestProjectInlineConfiguration['test']>,
): TestProjectInlineConfiguration[] {
  const project = (isolated: boolean): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      ...test,
      name: isolated ? `${name}-isolated` : name,
      include: isolated ? [...mocking] : [...include],
      exclude: isolated ? [] : [...exclude, ...mocking],
      setupFiles: ['test/support/shareWorker.ts', ...[test.setupFiles ?? []].flat()],
      isolate: isolated,
      // A global or variable stubbed in a test is put back after it.
      unstubGlobals: true,
      unstubEnvs: true,
    },
  });
  return mocking.length > 0 ? [project(false), project(true)] : [project(false)];
}

// The session and demo browser tests run a second time, in Firefox (below).
const FIREFOX_FILES = [
  'test/e2e/sessionTabs.test.ts',
  'test/e2e/demo.test.ts',
  'test/e2e/bffSession.test.ts',
  'test/e2e/demoSwitchVault.test.ts',
  'test/e2e/demoWebTab.test.ts',
  'test/e2e/demoSsoBff.test.ts',
];
// The demo and the test apps, built once per run for the browser tests that load them as a
// bundle (`prebuilt: true` in test/e2e/support/startDevServer.ts).
const PREBUILT_APPS_SETUP = 'test/e2e/support/buildPrebuiltApps.ts';
export default defineConfig({
  plugins: [react()],
  test: {
    restoreMocks: true,
    // A worker per core. Vitest's default keeps one core for itself, which on two cores
    // runs the unit files one at a time while most of them wait on loopback sockets.
    maxWorkers: '100%',
    projects: [
      ...unitProjects(
        'node',
        [testsIn('test')],
        UNIT_EXCLUDE,
        filesMocking(['test'], [...DOM_FOLDERS, ...OWN_FOLDERS]),
        {
          environment: 'node',
          // Some tests build bundles with esbuild or start a command in a child process: 2 s
          // on a quiet machine, more than Vitest's default 5 s on a loaded one. No test
          // waits for a timeout to pass, so this only decides how soon a hang is reported.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      ),
      {
        // Hundreds of megabytes through a proxy process: on its own, so that the unit runs
        // neither wait for it nor share the machine with it.
        extends: true,
        test: {
          name: 'large',
          environment: 'node',
          include: [testsIn('test/large')],
        },
      },
      ...unitProjects('dom', DOM_FOLDERS.map(testsIn), [], filesMocking(DOM_FOLDERS), {
        environment: 'jsdom',
        setupFiles: ['test/support/setupDom.ts'],
        // A whole form walked with axe at each step takes about 3 s alone; on a loaded
        // 2-core machine twice that. A file's hook may start a provider process (tsx, then
        // oidc-provider), which a loaded machine can take well over ten seconds to bring up.
        testTimeout: 15_000,
        hookTimeout: 60_000,
      }),
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: [testsIn('test/e2e')],
          globalSetup: [PREBUILT_APPS_SETUP],
          // One worker, unlike the unit projects: a group of its own, after them.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker runs the files one after another and loads Vite, Playwright and the
          // dev stack once, instead of a new process per file: a third of the project's time.
          // Each file still starts its own server and browser (setUpBrowserAndDevServer).
          isolate: false,
        },
      },
      {
        // The session, tab, keep-alive, demo, BFF-cookie and BFF single sign-on browser tests again, in a second engine:
        // Debian's Firefox ESR over WebDriver BiDi (test/e2e/support/launchFirefox.ts).
        extends: true,
        test: {
          name: 'e2e-firefox',
          environment: 'node',
          include: FIREFOX_FILES,
          env: { E2E_BROWSER: 'firefox' },
          globalSetup: [PREBUILT_APPS_SETUP],
          // After the other projects, so the two browsers never compete for the CPU.
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The package as users install it: build and pack once, lint, fresh apps and the
        // examples from the tarball, one file at a time (their builds take both cores).
        extends: true,
        test: {
          name: 'packaging',
          environment: 'node',
          include: [testsIn('test/packaging')],
          globalSetup: ['test/packaging/support/packTarball.ts'],
          // One file at a time, in the same group as the Chromium tests (one worker each).
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        // What apps write against the public types: checked by tsc with the repo's settings.
        // `npm test` skips this project: its typecheck step (tsc over test/ too) has checked
        // these files already, and a second tsc run costs a minute. Run it alone with
        // `npx vitest run --project types` to see the checks by name.
        extends: true,
        test: {
          name: 'types',
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: 'tsconfig.json',
          },
        },
      },
    ],
  },
});
