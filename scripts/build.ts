// Builds the console: every shared dependency and every micro-app becomes one System.register
// module (Vite 7 / Rollup; Vite 8's Rolldown has no `system` output), listed in importmap.json.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup, transformWithEsbuild } from 'vite';
import { kitComponents, kitModule, shellKit } from '../shared/src/ui/kit/kit.ts';
import { isReactEntry, reactEsmSource } from './react-esm.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const importMap = JSON.parse(readFileSync(join(root, 'importmap.json'), 'utf8')) as {
  imports: Record<string, string>;
};
const shared = Object.keys(importMap.imports);
const require = createRequire(join(root, 'shared', 'package.json'));

/** What the import map resolves at run time: its names, and every name under one of its `prefix/` entries. */
const inImportMap = (id: string) =>
  shared.some((name) => (name.endsWith('/') ? id.startsWith(name) : id === name));

/** ES packages whose default export is part of their API. */
const withDefaultExport = new Set(['wretch', 'single-spa-react', '@r2wc/react-to-web-component']);

function vendorEntry(name: string): Plugin {
  const id = `\0vendor:${name}`;
  return {
    name: 'vendor-entry',
    resolveId: (source) => (source === id ? id : null),
    load(source) {
      if (source !== id) return null;
      if (!isReactEntry(name)) {
        const hasDefault = withDefaultExport.has(name);
        return `export * from '${name}';${hasDefault ? ` export { default } from '${name}';` : ''}`;
      }
      return reactEsmSource(name, join(root, 'shared'));
    },
  };
}

/**
 * Modules built from entry files of ours: the micro-apps and their shared runtime. The modules of
 * one group are built together, so what they share is one chunk they both import, never two copies
 * (the shared runtime's stores must exist once).
 */
const apps: Array<Record<string, string>> = [
  {
    '@app/shared': 'shared/src/index.ts',
    // DOMPurify, for the pages that show mail and for the first toast: no page needs it at first.
    '@app/shared/ui/sanitize': 'shared/src/ui/sanitize.ts',
  },
  // The API contract's first-paint entry (its zod-free values), which every other module imports.
  { '@app/contract': 'contract/src/index.ts' },
  { '@app/root-config': 'root-config/src/root-config.ts' },
  { '@app/mf-account': 'mf-account/src/mf-account.tsx' },
  { '@app/mf-console': 'mf-console/src/mf-console.tsx' },
  { '@app/mf-marketing': 'mf-marketing/src/mf-marketing.tsx' },
  { '@app/email-editor': 'mf-editor/src/element/email-editor.ts' },
];
const ours = new Set(apps.flatMap((group) => Object.keys(group)));

/** Builds the import map's modules `entries` (name → entry file), in one directory, with their chunks. */
async function buildModule(entries: Record<string, string>, plugins: Plugin[]): Promise<void> {
  const names = Object.keys(entries);
  const files = names.map((name) => {
    const file = importMap.imports[name];
    if (!file) throw new Error(`importmap.json has no entry for ${name}`);
    return file;
  });
  const dir = dirname(files[0] as string);
  if (files.some((file) => dirname(file) !== dir))
    throw new Error(`${names.join(', ')}: not in one directory`);
  const input = Object.fromEntries(
    names.map((name, index) => [
      (files[index] as string).split('/').pop()?.replace(/\.js$/, ''),
      entries[name],
    ]),
  );
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    plugins,
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuild: { jsx: 'automatic' },
    build: {
      outDir: join(out, dir),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      // SystemJS loads the chunks of an import(); Vite's preload helper would add ES modulepreloads.
      modulePreload: false,
      rollupOptions: {
        input,
        external: (id) => !names.includes(id) && inImportMap(id),
        preserveEntrySignatures: 'strict',
        output: {
          format: 'system',
          entryFileNames: '[name].js',
          // `name.<hash>.js`: named by its content, so the server lets browsers keep it for good.
          chunkFileNames: `${(names[0] as string).replace(/\W+/g, '-').replace(/^-/, '')}.[hash].js`,
        },
      },
    },
  });
}

/**
 * The chunk of a kit module used by more than one component: the popup (sl-popup and floating-ui,
 * which select and tooltip position with), else the base (Lit, Shoelace's element, styles and
 * utilities). A module of one component stays in that component's file. Two shared chunks rather
 * than a chunk per set of components: fewer requests, and gzip compresses a large file better.
 */
const kitChunk: Rollup.GetManualChunk = (id, { getModuleInfo }) => {
  const reaching = new Set<string>();
  const climb = (moduleId: string, seen: Set<string>) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = getModuleInfo(moduleId);
    if (info?.isEntry) reaching.add(moduleId);
    for (const importer of info?.importers ?? []) climb(importer, seen);
  };
  climb(id, new Set());
  if (reaching.size < 2) return undefined;
  // What the button does not use stays out of the base (Rollup groups it by the components using it).
  if (![...reaching].some((entry) => entry.endsWith('/button/button.js')))
    return positions(id, new Set()) ? 'popup' : undefined;
  function positions(moduleId: string, seen: Set<string>): boolean {
    if (/node_modules\/(@floating-ui|composed-offset-position)\//.test(moduleId)) return true;
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    return (getModuleInfo(moduleId)?.importedIds ?? []).some((imported) => positions(imported, seen));
  }
  return positions(id, new Set()) ? 'popup' : 'base';
};

/**
 * The UI kit's Shoelace components (shared/src/ui/kit/kit.ts), one System module each under the
 * import map's `@shoelace-style/shoelace/dist/components/` prefix, so that a page fetches only the
 * components it draws, and the chunks they share (kitChunk).
 */
async function buildKit(): Promise<void> {
  const prefix = '@shoelace-style/shoelace/dist/components/';
  const dir = importMap.imports[prefix];
  if (!dir) throw new Error(`importmap.json has no entry for ${prefix}`);
  const input = Object.fromEntries(
    kitComponents.map((name) => [`${name}/${name}`, require.resolve(kitModule(name))]),
  );
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      outDir: join(out, dir, '..'),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      rollupOptions: {
        input,
        preserveEntrySignatures: 'strict',
        output: {
          format: 'system',
          entryFileNames: 'components/[name].js',
          chunkFileNames: 'kit-[name].[hash].js',
          manualChunks: kitChunk,
        },
      },
    },
  });
}

/** Modules of the import map the first page does not need. */
const loadedLater = new Set([
  '@app/shared/ui/sanitize',
  '@r2wc/react-to-web-component',
  '@app/mf-account',
  '@app/mf-console',
  '@app/mf-marketing',
  '@app/email-editor',
]);

/** The URL the import map gives `specifier` (by its name, or by a `prefix/` entry). */
function resolveSpecifier(specifier: string): string | undefined {
  const exact = importMap.imports[specifier];
  if (exact) return exact;
  const prefix = shared.find((name) => name.endsWith('/') && specifier.startsWith(name));
  return prefix ? `${importMap.imports[prefix]}${specifier.slice(prefix.length)}` : undefined;
}

/** `url` (a built System module) and every module it imports statically, chunks included, as URLs. */
function withStaticImports(url: string, found = new Set<string>()): Set<string> {
  if (found.has(url)) return found;
  found.add(url);
  const code = readFileSync(join(out, url), 'utf8');
  const deps = /^System\.register\(\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  for (const [, dep] of deps.matchAll(/"([^"]+)"/g)) {
    const file = dep?.startsWith('.') ? join(dirname(url), dep) : resolveSpecifier(dep ?? '');
    if (file) withStaticImports(file, found);
  }
  return found;
}

/**
 * The page the browser starts from: the import map inline (one round trip less than fetching it)
 * and a preload of every module the shell needs before it can render, its UI kit components
 * (shellKit) and the chunks they all import, so they download in parallel with SystemJS instead of
 * one level of imports after another. The micro-apps and their pages load when a route needs them
 * (the shell starts fetching the opened page's at once).
 */
function startupPage(html: string, stylesheet: string): string {
  const inlineMap = `<script type="systemjs-importmap">${JSON.stringify(importMap)}</script>`;
  const first = [
    ...shared.filter((name) => !loadedLater.has(name) && !name.endsWith('/')),
    ...shellKit.map(kitModule),
  ].flatMap((name) => resolveSpecifier(name) ?? []);
  const preloads = [...first.reduce((found, url) => withStaticImports(url, found), new Set<string>())]
    .map((file) => `<link rel="preload" as="script" href="${file}" />`)
    .join('\n    ');
  return html
    .replace('<script type="systemjs-importmap" src="/importmap.json"></script>', inlineMap)
    .replace(
      '<link rel="stylesheet" href="/modules/console.css" />',
      `<link rel="stylesheet" href="${stylesheet}" />`,
    )
    .replace(
      '<script src="/lib/system.min.js" data-shoelace="/modules/vendor/shoelace" defer></script>',
      `<script src="/lib/system.min.js" data-shoelace="/modules/vendor/shoelace" defer></script>\n    ${preloads}`,
    );
}

/**
 * The console's stylesheet, one file that index.html links (so no script carries CSS, and it loads
 * in parallel with them): Shoelace's light theme, the kit's styles mapping it onto the vendor's
 * colours, the shell's, the marketing screens'. Named by its content, so it is cached for good. Returns its URL.
 */
async function buildStylesheet(): Promise<string> {
  const sources = [
    require.resolve('@shoelace-style/shoelace/dist/themes/light.css'),
    join(root, 'shared/src/ui/styles.css'),
    join(root, 'root-config/src/shell/shell.css'),
    join(root, 'mf-marketing/src/marketing.css'),
  ];
  const css = sources.map((file) => readFileSync(file, 'utf8')).join('\n');
  const { code } = await transformWithEsbuild(css, 'console.css', { minify: true });
  const url = `/modules/console.${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.css`;
  writeFileSync(join(out, url), code);
  return url;
}

/**
 * Every text file of the console, compressed once here at the strongest settings (gzip 9, brotli
 * 11) beside the file, which the server sends as it is (server/src/http/static.ts) instead of
 * compressing each response.
 */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|json|svg)$/.test(name) && statSync(file).size > 1024) {
      const body = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const name of shared) {
  if (ours.has(name) || name.endsWith('/')) continue;
  await buildModule({ [name]: `\0vendor:${name}` }, [vendorEntry(name)]);
}
await buildKit();
for (const group of apps) {
  await buildModule(
    Object.fromEntries(Object.entries(group).map(([name, file]) => [name, join(root, file)])),
    [],
  );
}

/**
 * Custom elements a vendor page embeds with one <script type="module">, from any origin: each is a
 * self-contained ES module (React bundled in), with chunks it loads later beside it, served under
 * /embed with CORS (server/src/http/static.ts).
 */
const embeds: Record<string, string> = {
  'product-tour': 'shared/src/ui/product-tour/embed.ts',
  'email-editor': 'mf-editor/src/element/embed.ts',
  'signup-form': 'shared/src/ui/signup-form/embed.ts',
};
for (const [name, input] of Object.entries(embeds)) {
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuild: { jsx: 'automatic' },
    build: {
      outDir: join(out, 'embed'),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      // Not lib mode: that leaves the whitespace of ES output. No preload helper either: it would
      // resolve chunk paths against the vendor's page, not this script.
      modulePreload: false,
      rollupOptions: {
        input: join(root, input),
        preserveEntrySignatures: 'strict',
        output: {
          format: 'es',
          entryFileNames: `${name}.js`,
          chunkFileNames: `${name}-[name]-[hash].js`,
        },
      },
    },
  });
}

// Shoelace's icon files, fetched by <sl-icon> from the base path shoelace-components.ts sets.
cpSync(
  join(dirname(require.resolve('@shoelace-style/shoelace/dist/themes/light.css')), '../assets'),
  join(out, 'modules/vendor/shoelace/assets'),
  { recursive: true },
);
const rootConfigDir = join(root, 'root-config');
cpSync(join(rootConfigDir, 'public'), out, { recursive: true });
cpSync(
  require.resolve('systemjs/dist/system.min.js', { paths: [rootConfigDir] }),
  join(out, 'lib/system.min.js'),
);
const overridesServer = require.resolve('import-map-overrides', { paths: [rootConfigDir] });
cpSync(join(dirname(overridesServer), 'import-map-overrides.js'), join(out, 'lib/import-map-overrides.js'));
writeFileSync(join(out, 'importmap.json'), `${JSON.stringify(importMap, null, 2)}\n`);
const stylesheet = await buildStylesheet();
writeFileSync(
  join(out, 'index.html'),
  startupPage(readFileSync(join(out, 'index.html'), 'utf8'), stylesheet),
);
precompress(out);
console.log(`console built into ${out}`);
