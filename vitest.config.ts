import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and data-layer tests. Component tests (*.wc.test.ts) run in Chromium under web-test-runner,
// end-to-end tests (tests/e2e) under Playwright.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['{contract,shared,root-config,mf-*,server,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/*.wc.test.ts', 'tests/e2e/**', 'dist/**'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one fork on a 2-core machine. Most files wait on
    // a database, a child server or a socket much of the time, so two forks finish sooner there: the
    // whole suite took 887 s against 1,000–1,050 s on 2 cores, PostgreSQL suite included.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/vitest-long-file-reporter.ts'],
  },
});
