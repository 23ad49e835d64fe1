import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: node-side unit and integration tests (core, emulator, server), React
// tests in jsdom, and end-to-end tests that drive Debian's Chromium through Playwright.
// On CI, a jsdom or browser test that fails is run once more: those tests wait on focus
// and live-region updates that a loaded 2-core machine can delay past a wait's timeout.
// A real failure fails twice; a retried pass is still listed in the report.
const retry = process.env.CI ? 1 : 0;
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
          exclude: ['test/e2e/**'],
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
    ],
  },
});
