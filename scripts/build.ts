// Builds the console: every shared dependency and every micro-app becomes one System.register
// module (Vite 7 / Rollup; Vite 8's Rolldown has no `system` output), listed in importmap.json.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const importMap = JSON.parse(readFileSync(join(root, 'importmap.json'), 'utf8')) as {
  imports: Record<string, string>;
};
const shared = Object.keys(importMap.imports);
const require = createRequire(join(root, 'shared', 'package.json'));

/** CommonJS packages (React) get an ES entry that re-exports every named export they really have. */
const commonJs = new Set(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']);
/** ES packages whose default export is part of their API. */
const withDefaultExport = new Set(['wretch', 'single-spa-react']);

function vendorEntry(name: string): Plugin {
  const id = `\0vendor:${name}`;
  return {
    name: 'vendor-entry',
    resolveId: (source) => (source === id ? id : null),
    load(source) {
      if (source !== id) return null;
      if (!commonJs.has(name)) {
        const hasDefault = withDefaultExport.has(name);
        return `export * from '${name}';${hasDefault ? ` export { default } from '${name}';` : ''}`;
      }
      process.env.NODE_ENV = 'production';
      const names = Object.keys(require(name)).filter((key) => key !== 'default' && key !== '__esModule');
      return `import m from '${name}';\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
    },
  };
}

const apps: Record<string, string> = {
  '@app/shared': 'shared/src/index.ts',
  '@app/root-config': 'root-config/src/root-config.ts',
  '@app/mf-account': 'mf-account/src/mf-account.tsx',
  '@app/mf-console': 'mf-console/src/mf-console.tsx',
  '@app/mf-marketing': 'mf-marketing/src/mf-marketing.tsx',
  '@app/mf-editor': 'mf-editor/src/mf-editor.tsx',
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

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const name of shared) {
  if (apps[name]) continue;
  await buildModule(name, `\0vendor:${name}`, [vendorEntry(name)]);
}
for (const [name, input] of Object.entries(apps)) await buildModule(name, join(root, input), []);

const rootConfigDir = join(root, 'root-config');
cpSync(join(rootConfigDir, 'public'), out, { recursive: true });
cpSync(
  require.resolve('systemjs/dist/system.min.js', { paths: [rootConfigDir] }),
  join(out, 'lib/system.min.js'),
);
const overridesServer = require.resolve('import-map-overrides', { paths: [rootConfigDir] });
cpSync(join(dirname(overridesServer), 'import-map-overrides.js'), join(out, 'lib/import-map-overrides.js'));
writeFileSync(join(out, 'importmap.json'), `${JSON.stringify(importMap, null, 2)}\n`);
console.log(`console built into ${out}`);
