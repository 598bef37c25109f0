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

/**
 * Every step prints at least once a minute (vitest a line per file, the longest file takes ~20 s;
 * Playwright a line per test, the longest ~2 min). A step silent for this long is stuck: once, a
 * CI run's vitest printed nothing more for 80 minutes after a file finished. It is stopped (its
 * whole process group) and run once more, and says so; the long-file reporter has named what ran.
 */
const stallMs = 6 * 60_000;

const steps: Array<[string, string, string[]]> = [
  ['format and lint', bin('biome'), ['check', '.']],
  ['types', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['server layers', process.execPath, [resolve(root, 'scripts/layers.ts'), '--check']],
  ['unit and data-layer tests', bin('vitest'), ['run']],
  ['console build', process.execPath, [resolve(root, 'scripts/build.ts')]],
  ['component tests', bin('web-test-runner'), []],
  ['end-to-end tests', bin('playwright'), ['test', '-c', 'tests/playwright.config.ts']],
];

interface StepResult {
  status: number;
  v8Aborted: boolean;
  stalled: boolean;
}

/** Runs a step in its own process group, its output shown as it comes. */
function run(command: string, args: string[]): Promise<StepResult> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      stdio: ['inherit', 'pipe', 'pipe'],
      cwd: root,
      env,
      detached: true,
    });
    let tail = '';
    let v8Aborted = false;
    let stalled = false;
    let lastOutput = Date.now();
    const show = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      lastOutput = Date.now();
      // The signature may straddle two chunks: look in what came last.
      tail = (tail + chunk.toString()).slice(-4096);
      v8Aborted ||= tail.includes(v8WasmAbort);
    };
    const stopGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const watchdog = setInterval(() => {
      if (stalled || Date.now() - lastOutput < stallMs) return;
      stalled = true;
      console.log(`\n=== no output for ${stallMs / 60_000} minutes: stopping the step ===`);
      stopGroup('SIGTERM');
      setTimeout(() => stopGroup('SIGKILL'), 10_000).unref();
    }, 15_000);
    const forward = () => stopGroup('SIGTERM');
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.stdout.on('data', show(process.stdout));
    child.stderr.on('data', show(process.stderr));
    child.on('close', (code) => {
      clearInterval(watchdog);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done({ status: stalled ? 1 : (code ?? 1), v8Aborted, stalled });
    });
  });
}

for (const [label, command, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  let result = await run(command, args);
  if (result.status !== 0 && (result.v8Aborted || result.stalled)) {
    const why = result.stalled ? 'it stalled' : 'V8 aborted a test process while freeing WebAssembly code';
    console.log(`\n=== ${label}: ${why}; running it once more ===`);
    result = await run(command, args);
  }
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status);
}
