import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const dist = resolve(import.meta.dirname, '../../dist');

test('every shared dependency is loaded once, from the import map', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: /sign in|welcome/i })).toBeVisible();
  const loaded = await page.evaluate(() => {
    const system = (window as unknown as { System: { entries(): Iterable<[string, unknown]> } }).System;
    return [...system.entries()].map(([url]) => new URL(url).pathname);
  });
  for (const module of [
    '/modules/vendor/react.js',
    '/modules/vendor/react-dom-client.js',
    '/modules/contract/contract.js',
    '/modules/shared/app-shared.js',
    '/modules/vendor/single-spa-react.js',
  ]) {
    expect(loaded.filter((url) => url === module)).toHaveLength(1);
  }
  expect(loaded).toContain('/modules/mf-account/mf-account.js');
});

test('no micro-app bundles its own copy of React, single-spa-react, zod or @app/shared', () => {
  for (const app of ['mf-account', 'mf-console', 'mf-editor', 'mf-marketing', 'root-config']) {
    const dir = join(dist, 'modules', app);
    // The .gz and .br beside each file are the build's compressed copies of it.
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(join(dir, file), 'utf8');
      expect(code.startsWith('System.register(')).toBe(true);
      expect(code).not.toContain('react.production');
      expect(code).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
      expect(code).not.toContain('single-spa-react must be passed');
      expect(code, `${app}/${file} bundles zod: import z from @app/shared`).not.toContain('$ZodType');
    }
  }
});

test('a store written by the shell is read by another micro-app', async ({ page }) => {
  // The shell (root-config) writes the matched route into @app/shared; mf-account reads it to pick the page.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  const title = await page.evaluate(async () => {
    const system = (
      window as unknown as { System: { import(name: string): Promise<Record<string, unknown>> } }
    ).System;
    const shared = await system.import('@app/shared');
    return (shared.$currentRoute as { get(): { title: string } }).get().title;
  });
  expect(title).toBe('Forgot Password');
});
