import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/*
 * A worker per core for the unit, web and API projects: vitest's default (one core fewer) kept a
 * core of this two-core machine idle, while the main process has little to do (web and shared:
 * 13.0 -> 7.8 min; the API on PGlite: about 12 -> 6.9 min, measured). Each API test file has its
 * own database and Redis prefix, and a test that starts a server of its own takes a free port.
 * The browser tests run after them (`sequence.groupOrder`), one file at a time.
 */
const workerPerCore = availableParallelism();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          maxWorkers: workerPerCore,
          include: [
            'packages/shared/src/**/*.test.ts',
            'packages/rtb/src/**/*.test.ts',
            'apps/simulator/src/**/*.test.ts',
            'packages/operations/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          maxWorkers: workerPerCore,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./apps/web/src/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
          // As the API's: a worker's files share its modules and its jsdom (setting both up again
          // for each file took four fifths of the project's time: 455 -> 92 s, measured). A file
          // must not mock modules (scripts/architecture/module-mocks.test.ts); the DOM is
          // cleaned after each test (test/setup.ts).
          isolate: false,
          // A page driven through a whole form takes seconds when the machine is loaded.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          maxWorkers: workerPerCore,
          include: [
            'packages/db/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/bidder/src/**/*.test.ts',
            'apps/all-in-one/src/**/*.test.ts',
          ],
          globalSetup: ['./vitest.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share its modules: importing the app anew for each file took
          // a third of the project's time. Each file still builds its own app on its own database;
          // a file must not mock modules (vi.mock) or leave global state behind.
          isolate: false,
        },
      },
      {
        // Real Chromium against the real API (own PGlite per file) serving apps/web/dist: one
        // browser and one server per file, a fresh browser context per test. After the other
        // projects, one file at a time (two cores: the server and Chromium share them).
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./vitest.global-setup.ts', './apps/web/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          maxWorkers: 1,
          // The API and the test helpers imported once for every file (141 -> 107 s on six files).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
