import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // clipanion ships .mjs files that import a folder, which Node's ESM loader refuses; plain
    // Node (and so the svc binary) loads its CommonJS entry, and tests must load the same.
    alias: { clipanion: require.resolve('clipanion') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/property-seed.ts', 'test/key-dir.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
