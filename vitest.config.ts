import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The files that replace a module with `vi.mock`: each runs in a fresh module graph. Every other
 * file shares its worker's modules with the files before it (`isolate: false`): importing the server
 * anew for each of ~280 files cost more than the tests themselves (the marketing files: 119 s
 * isolated, 64 s shared). A file must therefore leave no module state behind that another could
 * trip on.
 */
const mockingFiles = [
  'server/src/content/embed-tokens/embed-tokens.test.ts',
  'server/src/content/generators/generators-busy.test.ts',
  'server/src/content/media/media.test.ts',
];

/** What both projects run with. */
const project = {
  esbuild: { jsx: 'automatic' },
  test: { testTimeout: 20000, hookTimeout: 60000, pool: 'forks' },
} as const;

// Unit and data-layer tests. Component tests (*.wc.test.ts) run in Chromium under web-test-runner,
// end-to-end tests (tests/e2e) under Playwright.
export default defineConfig({
  test: {
    // Vitest's default is one fork fewer than the cores: one fork on a 2-core machine. Most files wait on
    // a database, a child server or a socket much of the time, so two forks finish sooner there: the
    // whole suite took 887 s against 1,000–1,050 s on 2 cores, PostgreSQL suite included.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    minWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './scripts/vitest-long-file-reporter.ts'],
    projects: [
      { ...project, test: { ...project.test, name: 'isolated', include: mockingFiles, isolate: true } },
      {
        ...project,
        test: {
          ...project.test,
          name: 'shared',
          include: ['{contract,shared,root-config,mf-*,server,tests}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.wc.test.ts', 'tests/e2e/**', 'dist/**', ...mockingFiles],
          isolate: false,
        },
      },
    ],
  },
});
