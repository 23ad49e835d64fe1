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
const LARGE_TRANSFERS = ['test/proxy/largeDownload.test.ts'];
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
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/packaging/**', ...LARGE_TRANSFERS],
        },
      },
      {
        // Hundreds of megabytes through a proxy process: on its own, so that the unit runs
        // neither wait for it nor share the machine with it.
        extends: true,
        test: {
          name: 'large',
          environment: 'node',
          include: LARGE_TRANSFERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/**/*.test.tsx'],
          exclude: ['test/e2e/**'],
          setupFiles: ['test/support/setupDom.ts'],
          retry,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
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
          include: [
            'test/e2e/sessionTabs.test.ts',
            'test/e2e/demo.test.ts',
            'test/e2e/bffSession.test.ts',
          ],
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
          include: ['test/packaging/**/*.test.ts'],
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
