import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestDb } from '../testing/app.ts';
import { defaultDatabase } from '../testing/databases.ts';

const bootScript = "System.import('@app/root-config');";
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  const t = useTestDb(defaultDatabase);
  let dir: string;
  let app: FastifyInstance;
  let sitesUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'console-'));
    await writeFile(
      join(dir, 'index.html'),
      `<!doctype html><head><script src="/lib/system.min.js"></script></head><body><script>${bootScript}</script></body>`,
    );
    let config: { sites: { url: string } };
    ({ app, config } = await createTestApp(t.db, { config: { consoleDir: dir } }));
    sitesUrl = config.sites.url;
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true });
  });

  const policyOf = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );

  it('sends CSP, frame-ancestors, nosniff and no-referrer on pages with a token in the URL, docs and the API', async () => {
    for (const url of [
      '/reset-password?token=secret',
      '/validate?token=t',
      '/analytic',
      '/api/docs/',
      '/v1/ping',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      // The one other origin the console frames: the sites', for a form's hosted page.
      expect(policy['frame-src'], url).toEqual(["'self'", new URL(sitesUrl).origin]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['script-src']?.[0], url).toBe("'self'");
      expect(policy['script-src'], url).not.toContain("'unsafe-inline'");
      expect(policy['script-src'], url).not.toContain("'unsafe-eval'");
    }
  });

  it("allows exactly the console page's own inline scripts by hash", async () => {
    const page = await app.inject({ method: 'GET', url: '/reset-password?token=secret' });
    const runtime = page.body.match(/<script>(window\.__APP_CONFIG__[^<]*)<\/script>/)?.[1] ?? '';
    const policy = policyOf(page.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'", sha256(runtime), sha256(bootScript)]);
    // Other answers allow no inline script at all.
    const api = await app.inject({ method: 'GET', url: '/v1/ping' });
    expect(policyOf(api.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });
});
