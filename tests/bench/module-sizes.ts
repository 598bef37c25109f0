import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Relative imports in built ES and SystemJS modules: `import"./a.js"`, `from"./a.js"`,
// `System.register(["./a.js",…]` are fetched with the module; `import("./a.js")` and
// `t.import("./a.js")` only when the code asks for them.
const staticImport = /(?:\bimport\s*|\bfrom\s*)"(\.\/[^"]+)"/g;
const systemDeps = /System\.register\(\[([^\]]*)\]/;
const dynamicImport = /\bimport\(\s*"(\.\/[^"]+)"\s*\)/g;

export interface ModuleSizes {
  /** The entry and every chunk it imports statically: what the browser fetches before it runs. */
  firstKb: number;
  /** Chunks fetched later, through import(). */
  laterKb: number;
  files: { first: string[]; later: string[] };
}

/** The gzip sizes of a built module (a file under `dir`) and its chunks, split by when they load. */
export function moduleSizes(dir: string, entry: string): ModuleSizes {
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const near = (from: string, ref: string) => path.posix.join(path.posix.dirname(from), ref);
  const staticRefs = (file: string) => {
    const code = read(file);
    const deps = systemDeps.exec(code)?.[1] ?? '';
    const system = [...deps.matchAll(/"(\.\/[^"]+)"/g)].map((match) => match[1] as string);
    return [...[...code.matchAll(staticImport)].map((match) => match[1] as string), ...system].map((ref) =>
      near(file, ref),
    );
  };
  const closure = (starts: string[], known: Set<string>) => {
    const found = new Set<string>();
    const queue = [...starts];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (known.has(file) || found.has(file)) continue;
      found.add(file);
      queue.push(...staticRefs(file));
    }
    return found;
  };
  const first = closure([entry], new Set());
  const dynamicRefs = [...first].flatMap((file) =>
    [...read(file).matchAll(dynamicImport)].map((match) => near(file, match[1] as string)),
  );
  const later = closure(dynamicRefs, first);
  const gzipKb = (files: Set<string>) =>
    Math.round(([...files].reduce((sum, file) => sum + gzipSync(read(file)).length, 0) / 1024) * 10) / 10;
  return { firstKb: gzipKb(first), laterKb: gzipKb(later), files: { first: [...first], later: [...later] } };
}
