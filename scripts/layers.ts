// The server's layering rules, checked from the code's own imports: `npm run layers` lists every import that runs against
// them (a "back-arrow"); `--check` (run by `npm test` and `npm run lint`) fails when there are more than `ceiling`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = join(root, 'server/src');

/** Where a file sits in the server; the rules below speak of these places. */
type Place = 'composition' | 'transport' | 'routes' | 'domain' | 'platform';

function placeOf(file: string): Place {
  const path = relative(serverSrc, file);
  if (
    /^(main|app|workers)\.ts$/.test(path) ||
    path === 'engine/create-engine.ts' ||
    path.startsWith('cli/')
  ) {
    return 'composition';
  }
  if (path.startsWith('http/')) return 'transport';
  if (/^(accounts|engine|marketing)\//.test(path)) return /routes\.ts$/.test(path) ? 'routes' : 'domain';
  return 'platform';
}

/** What each place may import. Routes are the console/API adapters; domain code knows no transport. */
const allowed: Record<Place, Place[]> = {
  composition: ['composition', 'transport', 'routes', 'domain', 'platform'],
  routes: ['transport', 'routes', 'domain', 'platform'],
  transport: ['transport', 'platform'],
  domain: ['domain', 'platform'],
  platform: ['platform'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

const importPattern = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

export function backArrows(): string[] {
  return sourceFiles(serverSrc).flatMap((file) => {
    const from = placeOf(file);
    return [...readFileSync(file, 'utf8').matchAll(importPattern)].flatMap(([, specifier = '']) => {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(serverSrc)) return [];
      const to = placeOf(target);
      return allowed[from].includes(to)
        ? []
        : [`${relative(root, file)} (${from}) -> ${relative(root, target)} (${to})`];
    });
  });
}

/** Back-arrows allowed: none. Keep the ceiling at zero; a new one means the code belongs elsewhere. */
const ceiling = 0;

const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
const arrows = backArrows();
if (!values.check) for (const arrow of arrows) console.log(arrow);
console.log(`${arrows.length} import(s) against the server's layers (ceiling ${ceiling})`);
if (values.check && arrows.length > ceiling) {
  console.error('layer the new code instead of adding back-arrows: `npm run layers` lists them');
  process.exit(1);
}
