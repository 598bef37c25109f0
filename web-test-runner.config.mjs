// Component tests of custom elements in a real Chromium (the system one: CHROME_PATH or /usr/bin/chromium).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { reactAsEsm } from './scripts/wtr-react-plugin.ts';

export default {
  files: ['shared/src/**/*.wc.test.ts', 'mf-*/src/**/*.wc.test.ts', 'root-config/src/**/*.wc.test.ts'],
  nodeResolve: true,
  plugins: [
    reactAsEsm(),
    esbuildPlugin({ ts: true, tsx: true, tsconfig: 'tsconfig.json', target: 'es2022' }),
  ],
  testFramework: { config: { timeout: 10000 } },
  // nanostores reads process.env.NODE_ENV, which only bundlers define.
  testRunnerHtml: (testFramework) =>
    `<html><body><script>window.process = { env: { NODE_ENV: 'test' } };</script><script type="module" src="${testFramework}"></script></body></html>`,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
        ],
      },
    }),
  ],
};
