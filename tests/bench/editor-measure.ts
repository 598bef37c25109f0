/**
 * `npm run bench:editor`: what the block email editor costs, on a built console (dist/, built first
 * when missing) and a seeded production company whose template holds every block type
 * (tests/fixtures/editor/all-blocks.design.json):
 *   - the editor's JavaScript, gzip: the console's `@app/email-editor` module (React, Shoelace and
 *     @app/shared come from the import map, already loaded by the shell) and the standalone
 *     /embed/email-editor.js (everything included), each as its first download and the rich-text
 *     editor (Tiptap) it loads later;
 *   - the compose page measured as page-figures.ts does (JavaScript loaded, Lighthouse with time to
 *     interactive, axe), and the real time from navigation until the 20 blocks are on the canvas;
 *   - axe on "Global Setting" and on each block's "<Type> Setting" panel.
 * Results: tests/bench/results/editor-measure.json, and a table.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, request } from '@playwright/test';
import { createSeedAccount } from '../seed/seed-account.ts';
import { startSeedServer, stopOnSignal } from '../seed/seed-server.ts';
import { moduleSizes } from './module-sizes.ts';
import { nodeBinary } from './our-server.ts';
import { figuresLine, launchMeasuringBrowser, measurePage, useSession } from './page-figures.ts';
import { runCommand } from './processes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const log = (line: string) => console.log(line);
const templateId = 'bench-newsletter';
const composePath = `/formpage/compose/${templateId}`;
const design = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/editor/all-blocks.design.json'), 'utf8'),
);

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  log('building the console (dist/ is missing) ...');
  await runCommand(nodeBinary(root), [path.join(root, 'scripts', 'build.ts')]);
}
const bundles = {
  console: {
    file: 'modules/mf-editor/email-editor.js',
    ...moduleSizes(path.join(root, 'dist'), 'modules/mf-editor/email-editor.js'),
  },
  standalone: {
    file: 'embed/email-editor.js',
    ...moduleSizes(path.join(root, 'dist'), 'embed/email-editor.js'),
  },
};

const server = await startSeedServer();
stopOnSignal(server.stop);
const api = await request.newContext({ baseURL: server.engine.baseURL, timeout: 120_000 });
try {
  const account = await createSeedAccount(server, api);
  const minted = await api.post('/api/v1/embed-tokens', {
    headers: { authorization: account.apiKey },
    data: { template_id: templateId },
  });
  const token = (await minted.json()).results.token as string;
  const saved = await api.put(`/embed/v1/templates/${templateId}/design`, {
    headers: { authorization: `Bearer ${token}` },
    data: { design, revision: 0, name: 'Bench newsletter' },
  });
  if (!saved.ok()) throw new Error(`the fixture design was not saved: ${await saved.text()}`);

  const browser = await launchMeasuringBrowser();
  try {
    const { page } = browser;
    // Leaving the editor with unsaved changes asks first; the bench leaves pages without asking.
    page.on('dialog', (dialog) => void dialog.accept());
    await useSession(page, server.engine.baseURL, account.token);
    const figures = await measurePage(browser, server.engine.baseURL, composePath, log);
    log(figuresLine(figures));

    const canvasBlocks = page.getByTestId('canvas').locator('[data-block-id]');
    const blocks = design.blocks.length as number;
    const readyMs: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto(`${server.engine.baseURL}${composePath}`);
      await canvasBlocks.nth(blocks - 1).waitFor({ timeout: 30_000 });
      readyMs.push(Math.round(await page.evaluate(() => performance.now())));
    }
    readyMs.sort((a, b) => a - b);

    // axe takes a label scrolled out of its panel for a missing one (label-title-only on a long
    // panel's last fields): the panels are checked in an editor tall enough to show them whole.
    await page.addStyleTag({ content: 'email-editor { --email-editor-height: 6000px; }' });
    const panels: Record<string, number> = {};
    const axePanel = async (name: string) => {
      const result = await new AxeBuilder({ page })
        .include('email-editor')
        .options({ iframes: false })
        .analyze();
      panels[name] = result.violations.length;
      for (const violation of result.violations)
        log(`${name}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
    };
    await axePanel('Global Setting');
    for (let index = 0; index < blocks; index += 1) {
      const block = canvasBlocks.nth(index);
      await block.click({ position: { x: 4, y: 4 } });
      await expect(block).toHaveAttribute('data-selected', 'true');
      const heading = await page.getByTestId('settings').locator('h2').textContent();
      await axePanel(heading ?? `block ${index}`);
    }

    const result = {
      command: 'npm run bench:editor',
      date: new Date().toISOString(),
      bundles,
      compose: { ...figures, blocksShownMs: { median: readyMs[1], runs: readyMs } },
      axe: panels,
    };
    const resultsDir = path.join(root, 'tests', 'bench', 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'editor-measure.json'), `${JSON.stringify(result, null, 2)}\n`);
    const clean = Object.values(panels).filter((count) => count === 0).length;
    log(
      [
        '',
        '| Figure | Value |',
        '| --- | ---: |',
        `| Editor JS in the console (\`${bundles.console.file}\`, gzip): first / Tiptap later | ${bundles.console.firstKb} / ${bundles.console.laterKb} KB |`,
        `| Editor JS standalone (\`${bundles.standalone.file}\`, gzip): first / Tiptap later | ${bundles.standalone.firstKb} / ${bundles.standalone.laterKb} KB |`,
        `| Compose page, all JS loaded (gzip) | ${figures.scriptKb} KB (${figures.scripts} files) |`,
        `| Compose page, Lighthouse time to interactive | ${figures.tti ?? '–'} ms |`,
        `| Compose page, Lighthouse performance / TBT | ${figures.performance ?? '–'} / ${figures.tbt ?? '–'} ms |`,
        `| Navigation to ${blocks} blocks on the canvas (median of 3) | ${readyMs[1]} ms |`,
        `| Panels with 0 axe violations | ${clean} of ${Object.keys(panels).length} |`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
  }
} finally {
  await api.dispose();
  await server.stop();
}
