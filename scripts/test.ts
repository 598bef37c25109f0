// `npm test`: format, lint and types, unit and data-layer tests (vitest), then the console build, component tests in
// Chromium (web-test-runner) and end-to-end tests (Playwright) against a real server.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, CHROME_PATH: ensureChromium() };
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);

/**
 * V8 in Node 24 now and then aborts a vitest process while it frees WebAssembly code (PGlite's):
 * "Check failed: jit_page_->allocations_.erase(addr) == 1", seen once in several full runs, in no
 * test of ours. A step that dies of exactly that is run once more, and says so; any other failure
 * fails at once.
 */
const v8WasmAbort = 'Check failed: jit_page_->allocations_.erase(addr) == 1';

const steps: Array<[string, string, string[]]> = [
  ['format and lint', bin('biome'), ['check', '.']],
  ['types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['server layers', process.execPath, [resolve(root, 'scripts/layers.ts'), '--check']],
  ['unit and data-layer tests', bin('vitest'), ['run']],
  ['console build', process.execPath, [resolve(root, 'scripts/build.ts')]],
  ['component tests', bin('web-test-runner'), []],
  ['end-to-end tests', bin('playwright'), ['test', '-c', 'tests/playwright.config.ts']],
];

/** Runs a step, its output shown as it comes; resolves with its exit code and whether V8 aborted. */
function run(command: string, args: string[]): Promise<{ status: number; v8Aborted: boolean }> {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], cwd: root, env });
    let tail = '';
    let v8Aborted = false;
    const show = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      // The signature may straddle two chunks: look in what came last.
      tail = (tail + chunk.toString()).slice(-4096);
      v8Aborted ||= tail.includes(v8WasmAbort);
    };
    child.stdout.on('data', show(process.stdout));
    child.stderr.on('data', show(process.stderr));
    child.on('close', (code) => done({ status: code ?? 1, v8Aborted }));
  });
}

for (const [label, command, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  let result = await run(command, args);
  if (result.status !== 0 && result.v8Aborted) {
    console.log(
      `\n=== ${label}: V8 aborted a test process while freeing WebAssembly code; running it once more ===`,
    );
    result = await run(command, args);
  }
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status);
}
