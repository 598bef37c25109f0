// A web-test-runner plugin that serves React's CommonJS entries as ES modules (one copy of each,
// shared by every test file), so custom elements that wrap React components run in the browser;
// likewise the CommonJS-only helpers React libraries import (Tiptap's use-sync-external-store).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import { isReactEntry, reactEsmSource } from './react-esm.ts';

const prefix = '/__react/';
const sharedDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared');

/** Inside one entry's bundle, `require('react')` of the others points at their served ES module. */
const otherEntriesAsImports: EsbuildPlugin = {
  name: 'react-entries-as-imports',
  setup(builder) {
    builder.onResolve({ filter: /^\/__react\// }, (args) => ({ path: args.path, external: true }));
    builder.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
      args.importer === '<stdin>' || !isReactEntry(args.path)
        ? undefined
        : { path: args.path, namespace: 'entry' },
    );
    builder.onLoad({ filter: /.*/, namespace: 'entry' }, (args) => ({
      contents: `export * from '${prefix}${args.path}.js'; export { default } from '${prefix}${args.path}.js';`,
      loader: 'js',
    }));
  },
};

/** CommonJS modules imported by ES packages, with the names they export. */
const commonJsImports: Record<string, string[]> = {
  'use-sync-external-store/shim/index.js': ['useSyncExternalStore'],
  'use-sync-external-store/shim/with-selector.js': ['useSyncExternalStoreWithSelector'],
};

const isServed = (name: string) => isReactEntry(name) || name in commonJsImports;

function esmSource(name: string): string {
  const names = commonJsImports[name];
  if (!names) return reactEsmSource(name, sharedDir);
  return `import * as module from '${name}'; export const { ${names.join(', ')} } = module;`;
}

async function bundle(name: string): Promise<string> {
  const result = await build({
    stdin: { contents: esmSource(name), resolveDir: sharedDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"' },
    plugins: [otherEntriesAsImports],
  });
  return result.outputFiles[0]?.text ?? '';
}

export function reactAsEsm() {
  const served = new Map<string, Promise<string>>();
  return {
    name: 'react-as-esm',
    resolveImport({ source }: { source: string }) {
      if (isReactEntry(source)) return `${prefix}${source}.js`;
      return source in commonJsImports ? `${prefix}${source}` : undefined;
    },
    serve(context: { path: string }) {
      if (!context.path.startsWith(prefix)) return undefined;
      const path = context.path.slice(prefix.length);
      const name = path in commonJsImports ? path : path.slice(0, -'.js'.length);
      if (!isServed(name)) return undefined;
      if (!served.has(name)) served.set(name, bundle(name));
      return served.get(name)?.then((body) => ({ body, type: 'js' }));
    },
  };
}
