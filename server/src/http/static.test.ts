import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestDb } from '../testing/app.ts';
import { defaultDatabase } from '../testing/databases.ts';

describe('console files', () => {
  const t = useTestDb(defaultDatabase);
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'console-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><head><title>console</title></head>');
    await writeFile(join(dir, 'importmap.json'), '{"imports":{}}');
    await writeFile(join(dir, 'app.js'), 'export {};');
    await writeFile(join(dir, 'big.js'), `export const text = '${'compressible '.repeat(500)}';`);
    // A chunk named by its content (the build's `.[hash]`), compressed at build time beside it.
    const chunk = `export const text = '${'precompressed '.repeat(500)}';`;
    await writeFile(join(dir, 'app.Ab3_x-9Z.js'), chunk);
    await writeFile(join(dir, 'app.Ab3_x-9Z.js.gz'), gzipSync(chunk, { level: 9 }));
    await writeFile(join(dir, 'app.Ab3_x-9Z.js.br'), brotliCompressSync(chunk));
    await mkdir(join(dir, 'embed'));
    await writeFile(join(dir, 'embed', 'product-tour.js'), 'export {};');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true });
  });

  it('serves files and falls back to index.html for console routes', async () => {
    const { app } = await createTestApp(t.db, { config: { consoleDir: dir } });
    const page = await app.inject({ method: 'GET', url: '/analytic/preset/12?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('console');
    // The page tells the browser what this server offers: capture mode on, Google sign-in off.
    expect(page.body).toContain(
      'window.__APP_CONFIG__ = {"variant":"full","googleSignIn":false,"mailCapture":true};',
    );

    const importmap = await app.inject({ method: 'GET', url: '/importmap.json' });
    expect(importmap.headers['cache-control']).toBe('no-cache');
    const bundle = await app.inject({
      method: 'GET',
      url: '/big.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(bundle.headers['content-encoding']).toBe('gzip');
    const script = await app.inject({ method: 'GET', url: '/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).not.toBe('no-cache');

    expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    // A route ending in a domain name is a page when the browser navigates there (it asks for HTML).
    const domainPage = await app.inject({
      method: 'GET',
      url: '/domain/sending/mail.example.com',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(domainPage.statusCode).toBe(200);
    expect(domainPage.body).toContain('console');
    expect(
      (await app.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/*,*/*' } }))
        .statusCode,
    ).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/v1/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('entityNotFound');
    expect((await app.inject({ method: 'GET', url: '/modules/x' })).statusCode).toBe(404);
    await app.close();
  });

  it('sends the copies compressed at build time, and keeps content-named files for good', async () => {
    const { app } = await createTestApp(t.db, { config: { consoleDir: dir } });
    for (const encoding of ['br', 'gzip']) {
      const chunk = await app.inject({
        method: 'GET',
        url: '/app.Ab3_x-9Z.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['content-encoding']).toBe(encoding);
      expect(chunk.headers['content-type']).toMatch(/javascript/);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const file = join(dir, `app.Ab3_x-9Z.js.${encoding === 'br' ? 'br' : 'gz'}`);
      expect(chunk.rawPayload.equals(await readFile(file))).toBe(true);
    }
    // A module the import map names keeps its name across builds: the browser asks again.
    const entry = await app.inject({ method: 'GET', url: '/app.js' });
    expect(entry.headers['cache-control']).not.toMatch(/immutable/);
    await app.close();
  });

  it('opens the embeddable elements to other origins, and nothing else', async () => {
    const { app } = await createTestApp(t.db, { config: { consoleDir: dir } });
    const embed = await app.inject({
      method: 'GET',
      url: '/embed/product-tour.js',
      headers: { origin: 'https://vendor.example' },
    });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['access-control-allow-origin']).toBe('*');
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const module = await app.inject({
      method: 'GET',
      url: '/app.js',
      headers: { origin: 'https://vendor.example' },
    });
    expect(module.headers['access-control-allow-origin']).toBeUndefined();
    expect(module.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect((await app.inject({ method: 'GET', url: '/embed/missing' })).statusCode).toBe(404);
    await app.close();
  });

  it('keeps the API working and explains itself when the console is not built', async () => {
    const { app } = await createTestApp(t.db, { config: { consoleDir: join(dir, 'absent') } });
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('npm run build');
    expect((await app.inject({ method: 'GET', url: '/v1/ping' })).json()).toEqual({ data: true });
    await app.close();
  });
});
