// The code's layering rules, checked from its own imports: `npm run layers` lists every import that runs against
// them (a "back-arrow"); `--check` (run by `npm test` and `npm run lint`) fails when there are more than `ceiling`.
// Three sets: the server's places (transport, routes, domain...), its products (the engine never imports
// marketing; marketing reaches the engine only through engine/interfaces.ts), and the workspaces of the
// product (no app, package or the server imports another's files by path, as tests and scripts may; the
// contract, which browsers load too, imports no package but zod; the server no browser package).
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
    path === 'marketing/create-marketing.ts' ||
    path.startsWith('cli/')
  ) {
    return 'composition';
  }
  if (path.startsWith('http/')) return 'transport';
  if (/^(accounts|content|engine|marketing)\//.test(path))
    return /routes\.ts$/.test(path) ? 'routes' : 'domain';
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

/** The server's product code: no tests, no test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Every TypeScript file of a workspace, tests included. */
function everyFile(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : everyFile(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. */
const importPattern =
  /^\s*(?:import|export)\b[^;']*?\bfrom\s+'([^']+)'|^\s*import\s+'([^']+)'|(?<![.\w])import\(\s*'([^']+)'\s*\)/gm;

/** Every import specifier of `file`. */
const specifiersOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(importPattern)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? '',
  );

/** The server's product of a file: the engine, marketing, or neither. */
const productOf = (file: string) => /^(engine|marketing)\//.exec(relative(serverSrc, file))?.[1];

/** Marketing's one door into the engine: the narrow interfaces the engine offers it. */
const engineInterfaces = join(serverSrc, 'engine/interfaces.ts');

function serverArrows(): string[] {
  return sourceFiles(serverSrc).flatMap((file) => {
    const from = placeOf(file);
    return specifiersOf(file).flatMap((specifier) => {
      if (!specifier.startsWith('.')) return [];
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(serverSrc)) return [];
      const to = placeOf(target);
      const arrow = `${relative(root, file)} (${from}) -> ${relative(root, target)} (${to})`;
      if (!allowed[from].includes(to)) return [arrow];
      const [fromProduct, toProduct] = [productOf(file), productOf(target)];
      if (fromProduct === 'engine' && toProduct === 'marketing')
        return [`${arrow}: the engine never imports marketing`];
      if (fromProduct === 'marketing' && toProduct === 'engine' && target !== engineInterfaces)
        return [`${arrow}: marketing reaches the engine only through engine/interfaces.ts`];
      return [];
    });
  });
}

/** The workspaces whose sources are checked, and the packages each may not import. */
const workspaces: Record<string, RegExp | undefined> = {
  contract: /^(?!(zod|vitest)$)(?![./])/,
  shared: undefined,
  'root-config': undefined,
  'mf-account': undefined,
  'mf-console': undefined,
  'mf-marketing': undefined,
  'mf-editor': undefined,
  server:
    /^(react|react-dom|@app\/shared|@app\/mf-|@app\/root-config|@shoelace-style|nanostores|@nanostores|single-spa|wretch)(\/|$)/,
};

function workspaceArrows(): string[] {
  return Object.entries(workspaces).flatMap(([workspace, forbidden]) => {
    const dir = join(root, workspace);
    return everyFile(join(dir, 'src')).flatMap((file) =>
      specifiersOf(file).flatMap((specifier) => {
        const at = `${relative(root, file)} -> ${specifier}`;
        if (specifier.startsWith('.')) {
          return resolve(dirname(file), specifier).startsWith(`${dir}/`)
            ? []
            : [`${at}: another workspace's file; import its package`];
        }
        return forbidden?.test(specifier) ? [`${at}: ${workspace} may not import this package`] : [];
      }),
    );
  });
}

export function backArrows(): string[] {
  return [...serverArrows(), ...workspaceArrows()];
}

/** Back-arrows allowed: none. Keep the ceiling at zero; a new one means the code belongs elsewhere. */
const ceiling = 0;

const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
const arrows = backArrows();
if (!values.check) for (const arrow of arrows) console.log(arrow);
console.log(`${arrows.length} import(s) against the layers (ceiling ${ceiling})`);
if (values.check && arrows.length > ceiling) {
  console.error('layer the new code instead of adding back-arrows: `npm run layers` lists them');
  process.exit(1);
}
