import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Builds the benchmark page (production React, like the product) into dist/bench. */
export default defineConfig({
  root: 'tests/bench/page',
  plugins: [react()],
  logLevel: 'warn',
  // BENCH_MINIFY=0 keeps function names readable for tests/bench/profile.ts.
  build: { outDir: '../../../dist/bench', emptyOutDir: true, chunkSizeWarningLimit: 5000, minify: process.env.BENCH_MINIFY !== '0' },
});
