import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sourceRoots = [
  'root-config',
  'contract/src',
  'shared/src',
  'mf-account/src',
  'mf-console/src',
  'mf-marketing/src',
  'mf-editor/src',
];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist/ is missing or older than any console source, so `npm start` must build first. */
export function consoleBuildIsStale(root: string): boolean {
  const marker = join(root, 'dist', 'importmap.json');
  if (!existsSync(marker)) return true;
  const builtAt = statSync(marker).mtimeMs;
  const sources = [...sourceRoots.map((dir) => join(root, dir)), join(root, 'importmap.json')];
  return sources.some((path) => existsSync(path) && newestMtime(path) > builtAt);
}
