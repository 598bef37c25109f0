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
    reporters: ['default', './scripts/vitest-long-file-reporter.ts'],
  },
});
