// React publishes CommonJS only. Both the console build (scripts/build.ts) and the component tests
// (web-test-runner.config.mjs) give each React entry an ES module that re-exports every named
// export it really has, so `import { createRoot } from 'react-dom/client'` works in a browser.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The React entries that need an ES face; everything else is ESM already. */
export const reactEntries = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

export function isReactEntry(name: string): boolean {
  return (reactEntries as readonly string[]).includes(name);
}

/**
 * ES source re-exporting `name` (resolved from `fromDir`'s node_modules), default export included.
 * The names are read from the production build: the development one patches `console` when loaded.
 */
export function reactEsmSource(name: string, fromDir: string): string {
  const require = createRequire(join(fromDir, 'package.json'));
  process.env.NODE_ENV = 'production';
  const names = Object.keys(require(name)).filter((key) => key !== 'default' && key !== '__esModule');
  return `import m from '${name}';\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}
