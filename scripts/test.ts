// `npm test`: format, lint and types, unit and data-layer tests (vitest), then the console build, component tests in
// Chromium (web-test-runner) and end-to-end tests (Playwright) against a real server.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, CHROME_PATH: ensureChromium() };
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);

const steps: Array<[string, string, string[]]> = [
  ['format and lint', bin('biome'), ['check', '.']],
  ['types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['server layers', process.execPath, [resolve(root, 'scripts/layers.ts'), '--check']],
  ['unit and data-layer tests', bin('vitest'), ['run']],
  ['console build', process.execPath, [resolve(root, 'scripts/build.ts')]],
  ['component tests', bin('web-test-runner'), []],
  ['end-to-end tests', bin('playwright'), ['test', '-c', 'tests/playwright.config.ts']],
];

for (const [label, command, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
