import { describe, expect, it } from 'vitest';
import { resolveSecret } from '../../accounts/auth/secret.ts';
import { useTestApp } from '../../testing/app.ts';
import { defaultDatabase } from '../../testing/databases.ts';
import { createGeneratorUrls } from './generator-urls.ts';

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

describe('generator routes in the app', () => {
  const t = useTestApp(defaultDatabase);

  it("answers images signed with the server's secret, without signing in", async () => {
    const secret = await resolveSecret(t.db, t.config.secret);
    const urls = createGeneratorUrls({ publicUrl: t.config.publicUrl, secret });
    const response = await t.app.inject({ method: 'GET', url: pathOf(urls.social('facebook')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const forged = createGeneratorUrls({ publicUrl: t.config.publicUrl, secret: 'another-secret' }).social(
      'facebook',
    );
    expect((await t.app.inject({ method: 'GET', url: pathOf(forged) })).statusCode).toBe(403);
  });
});
