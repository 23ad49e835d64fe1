import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Seven projects: node-side unit and integration tests (core, emulator, server), the large
// transfers, React tests in jsdom, end-to-end tests that drive Debian's Chromium through
// Playwright, the session and demo ones again in Debian's Firefox ESR, the
// packaging checks on the packed tarball, and type tests of the public types (tsc, no run).
// On CI, a jsdom or browser test that fails is run once more: those tests wait on focus
// and live-region updates that a loaded 2-core machine can delay past a wait's timeout.
// A real failure fails twice; a retried pass is still listed in the report.
const retry = process.env.CI ? 1 : 0;

// A test's folder decides where it runs, never its file extension: React and page tests in
// jsdom; browser, packaging and large-transfer tests in projects of their own; everything
// else in Node (server rendering too, in test/ssr, where `window` must not exist).
// `npx tsx scripts/checkTestProjects.ts` checks that every test file lands in one project.
const DOM_FOLDERS = ['test/components', 'test/react', 'test/oidc/browser'];
const OWN_FOLDERS = ['test/e2e', 'test/packaging', 'test/large'];
const testsIn = (folder: string): string => `${folder}/**/*.test.{ts,tsx}`;
// The session and demo browser tests run a second time, in Firefox (below).
const FIREFOX_FILES = [
  'test/e2e/sessionTabs.test.ts',
  'test/e2e/demo.test.ts',
  'test/e2e/bffSession.test.ts',
];
export default defineConfig({
  plugins: [react()],
  test: {
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [testsIn('test')],
          exclude: [...DOM_FOLDERS, ...OWN_FOLDERS].map((folder) => `${folder}/**`),
        },
      },
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
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: DOM_FOLDERS.map(testsIn),
          setupFiles: ['test/support/setupDom.ts'],
          // A whole form walked with axe at each step takes about 3 s alone; on a loaded
          // 2-core machine twice that.
          testTimeout: 15_000,
          retry,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: [testsIn('test/e2e')],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry,
        },
      },
      {
        // The session, tab, keep-alive, demo and BFF-cookie browser tests again, in a second engine:
        // Debian's Firefox ESR over WebDriver BiDi (test/e2e/support/launchFirefox.ts).
        extends: true,
        test: {
          name: 'e2e-firefox',
          environment: 'node',
          include: FIREFOX_FILES,
          env: { E2E_BROWSER: 'firefox' },
          // After the other projects, so the two browsers never compete for the CPU.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          retry,
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
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        // What apps write against the public types: checked by tsc with the repo's settings.
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
