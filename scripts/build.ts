// Builds the console: every shared dependency and every micro-app becomes one System.register
// module (Vite 7 / Rollup; Vite 8's Rolldown has no `system` output), listed in importmap.json.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { isReactEntry, reactEsmSource } from './react-esm.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const importMap = JSON.parse(readFileSync(join(root, 'importmap.json'), 'utf8')) as {
  imports: Record<string, string>;
};
const shared = Object.keys(importMap.imports);
const require = createRequire(join(root, 'shared', 'package.json'));

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

/** Modules built from an entry file of ours: the micro-apps, and the cherry-picked Shoelace kit. */
const apps: Record<string, string> = {
  '@shoelace-style/shoelace': 'shared/src/ui/kit/shoelace-components.ts',
  '@app/shared': 'shared/src/index.ts',
  '@app/root-config': 'root-config/src/root-config.ts',
  '@app/mf-account': 'mf-account/src/mf-account.tsx',
  '@app/mf-console': 'mf-console/src/mf-console.tsx',
  '@app/mf-marketing': 'mf-marketing/src/mf-marketing.tsx',
  '@app/mf-editor': 'mf-editor/src/mf-editor.tsx',
  '@app/email-editor': 'mf-editor/src/element/email-editor.ts',
};

async function buildModule(name: string, input: string, plugins: Plugin[]): Promise<void> {
  const file = importMap.imports[name];
  if (!file) throw new Error(`importmap.json has no entry for ${name}`);
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    plugins,
    define: { 'process.env.NODE_ENV': '"production"' },
    esbuild: { jsx: 'automatic' },
    build: {
      outDir: join(out, dirname(file)),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: {
        input,
        external: shared.filter((dep) => dep !== name),
        preserveEntrySignatures: 'strict',
        output: {
          format: 'system',
          entryFileNames: file.split('/').pop(),
          chunkFileNames: `${name.replace(/\W+/g, '-').replace(/^-/, '')}-[hash].js`,
        },
      },
    },
  });
}

/** Modules of the import map the first page does not need. */
const loadedLater = new Set(['@app/mf-marketing', '@app/mf-editor', '@app/email-editor']);

/**
 * The page the browser starts from: the import map inline (one round trip less than fetching it)
 * and a preload of every shared module the shell needs before it can render, so they download in
 * parallel with SystemJS instead of one level of imports after another, and the two micro-apps
 * of the transactional console (the marketing and editor apps, and the editor's element, load
 * when a page needs them).
 */
function startupPage(html: string): string {
  const inlineMap = `<script type="systemjs-importmap">${JSON.stringify(importMap)}</script>`;
  const preloads = shared
    .filter((name) => !loadedLater.has(name))
    .map((name) => `<link rel="preload" as="script" href="${importMap.imports[name]}" />`)
    .join('\n    ');
  return html
    .replace('<script type="systemjs-importmap" src="/importmap.json"></script>', inlineMap)
    .replace(
      '<script src="/lib/system.min.js" defer></script>',
      `<script src="/lib/system.min.js" defer></script>\n    ${preloads}`,
    );
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const name of shared) {
  if (apps[name]) continue;
  await buildModule(name, `\0vendor:${name}`, [vendorEntry(name)]);
}
for (const [name, input] of Object.entries(apps)) await buildModule(name, join(root, input), []);

/**
 * Custom elements a vendor page embeds with one <script type="module">, from any origin: each is a
 * self-contained ES module (React bundled in), with chunks it loads later beside it, served under
 * /embed with CORS (server/src/http/static.ts).
 */
const embeds: Record<string, string> = {
  'product-tour': 'shared/src/ui/product-tour/embed.ts',
  'email-editor': 'mf-editor/src/element/embed.ts',
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
writeFileSync(join(out, 'index.html'), startupPage(readFileSync(join(out, 'index.html'), 'utf8')));
console.log(`console built into ${out}`);
