import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import SlowFilesFirst from './tests/support/slowFilesFirst.js';
import { precompress } from './scripts/precompress.js';

/**
 * One file for the web app build and the test projects: logic (pure functions, in node), unit and unit-mocked
 * (components, in happy-dom), api (the real server on the embedded database, and on PostgreSQL when
 * TEST_DATABASE_URL is set). Logic and api run first, two files at a time; then the component projects, two at a
 * time; then e2e (Debian's headless Chromium driving the built app), three files at a time. Why each setting:
 * decisions 194, 198, 199, 200, 213 and 215.
 */
export default defineConfig({
  root: 'src/app/client',
  // Static files served as they are (the user manual that the demo external-link menu embeds).
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../../dist/client',
    emptyOutDir: true,
    // vite's default size warning (500 kB) stands: no chunk is allowed past it (issue 34).
    rollupOptions: {
      output: {
        // What every route runs and what changes only with an upgrade — React, the router, the request and language
        // libraries, the store — is one chunk of its own: it stays in the browser's cache across the app's releases,
        // and keeps the entry chunk under the size warning. antd is left to the routes' own chunks: a route loads
        // only the components it shows.
        manualChunks: (id) => (/\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|axios|i18next|react-i18next|valtio|proxy-compare)\//.test(id) ? 'foundation' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 30000}`, ws: true } },
  },
  test: {
    root: '.',
    // A clean clone (CI) has no file timings: the files known to be long start first (tests/support/slowFilesFirst.ts).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        // Pure logic needs no DOM: node starts in a fraction of a DOM's time. Its files share a worker's modules
        // (isolate: false; nothing of theirs keeps state between files, and a stub or fake timer is put back after
        // each test): importing the shared code once per worker instead of once per file halved the project's time.
        test: { name: 'logic', root: '.', include: ['tests/*/unit/**/*.test.ts'], environment: 'node', pool: 'threads', isolate: false, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // After the API suites rather than beside them: some component tests still give React a few milliseconds
        // to settle, which a core busy with PGlite does not always leave them. happy-dom rather than jsdom: the
        // same tests, a DOM made in a third of the time (37 s → 14 s of the project's environment set-up); worker
        // threads rather than processes start faster too. The files share their worker's modules (isolate: false):
        // importing antd, Formily and the registry once per worker instead of once per file (1.5–3 s of a core a
        // file) took the project's twelve files from 45 s to 32 s.
        test: { name: 'unit', root: '.', include: ['tests/*/unit/**/*.test.tsx'], exclude: ['**/*.mocked.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/support/unit/setup.ts'], pool: 'threads', isolate: false, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        // Component files that replace a module with vi.mock get modules of their own: in a shared module graph the
        // module would already be loaded, unmocked, by an earlier file, or stay mocked for the next. They are named
        // *.mocked.test.tsx (tests/kernel/unit/testProjects.test.ts checks it). Two are left (a language pack that
        // fails to load, the import dialog's download): the files that script the server put their fake in the
        // request layer's place instead (replaceRequest, tests/support/unit/fakeRequest.ts) and share the 'unit'
        // project's modules, which took the component projects from 69 s to 45 s.
        test: { name: 'unit-mocked', root: '.', include: ['tests/*/unit/**/*.mocked.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/support/unit/setup.ts'], pool: 'threads', maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['tests/*/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One seeded database per engine, copied by each suite.
          globalSetup: ['tests/support/serverBundle.ts', 'tests/support/templateDatabases.ts'],
          // Suites share their worker's modules: importing the whole server anew for each file cost 3–4 s a file.
          // Each suite builds its own app on its own database, so nothing of one reaches another.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/*/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A condition polled in the browser (a badge's count, a line in the server's log) can take seconds to come
          // true while the other worker's browser has the cores: polls wait up to 15 s, as locators do up to 30 s.
          expect: { poll: { timeout: 15_000 } },
          // Three files at a time, after the other projects, each worker with its own browser. A file leaves a core
          // idle about a fifth of its time (waiting on the server, on frames, on its own steps): with two workers the
          // 2-core machine was 22% idle through the project. Measured on it (PostgreSQL, decision 213): two workers
          // 227 s, three 188 s, four 183 s; with a busy loop taking one core's share, two 270 s and three 238 s.
          fileParallelism: true,
          maxWorkers: 3,
          // The worker's files share its modules, so they share its browser (tests/support/e2e/browser.ts).
          isolate: false,
          sequence: { groupOrder: 2 },
          // The server bundled and a seeded database made once, copied by each file.
          globalSetup: ['tests/support/serverBundle.ts', 'tests/support/e2eTemplate.ts'],
        },
      },
    ],
  },
});
