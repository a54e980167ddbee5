import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One file for the web app build and the three test projects:
 * unit (pure logic and the client request layer), api (the real server on the embedded database, and on
 * PostgreSQL when TEST_DATABASE_URL is set), e2e (Debian's Chromium driving the built app).
 */
export default defineConfig({
  root: 'src/client',
  // Static files served as they are (the user manual that the demo external-link menu embeds).
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 30000}`, ws: true } },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: { name: 'unit', root: '.', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/unit/setup.ts'] },
      },
      {
        extends: true,
        test: { name: 'api', root: '.', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser at a time: two cores are shared with the server under test.
          fileParallelism: false,
        },
      },
    ],
  },
});
