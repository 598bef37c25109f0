// `npm start`: builds the console when dist/ is missing or stale, then starts every server role.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleBuildIsStale } from './console-build-state.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (consoleBuildIsStale(root)) {
  console.log('building the console (dist/ is missing or older than its sources) ...');
  const result = spawnSync(process.execPath, [resolve(root, 'scripts/build.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../server/src/main.ts');
