import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { embedCall, embedToken } from '../embed-tokens/testing/embed-fixtures.ts';
import { maxUploadBytes } from './media-types.ts';

vi.mock('../email-designs/render/design-renderer.ts', async () => {
  const { fakeRenderDesign } = await import('../embed-tokens/testing/embed-fixtures.ts');
  return { createDesignRenderer: () => fakeRenderDesign };
});

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

describe.each(databases)('the media file store on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'media-a');
    tokenA = await embedToken(t.app, a);
    tokenB = await embedToken(t.app, await engineAccount(t.app, t.db, 'media-b'));
  });

  const upload = (token: string, name: string, body: Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: `/embed/v1/media?name=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': type, origin: 'https://vendor.example' },
      payload: body,
    });

  it('stores an image under a cleaned name and serves it publicly, cacheable and cross-origin', async () => {
    const stored = await upload(tokenA, 'My photo (1).png', png, 'image/png');
    expect(stored.statusCode, stored.body).toBe(200);
    const file = stored.json().results;
    expect(file).toMatchObject({ name: 'Myphoto1.png', content_type: 'image/png', size: png.length });
    expect(file.url).toBe(`${t.config.publicUrl}/media/${file.id}/Myphoto1.png`);
    expect(stored.headers['access-control-allow-origin']).toBe('https://vendor.example');

    const served = await t.app.inject({ method: 'GET', url: new URL(file.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(served.headers['content-disposition']).toBeUndefined();
    const wrongName = await t.app.inject({ method: 'GET', url: `/media/${file.id}/other.png` });
    expect(wrongName.statusCode).toBe(404);
    const notAnId = await t.app.inject({
      method: 'GET',
      url: '/media/nope/x.png',
      headers: { accept: 'text/html' },
    });
    expect(notAnId.statusCode).toBe(404);
    expect(notAnId.headers['content-type']).toContain('application/json');
  });

  it('serves SVG and documents as downloads, never inline', async () => {
    const image = (await upload(tokenA, 'logo.svg', svg)).json().results;
    const doc = (await upload(tokenA, 'notes.txt', Buffer.from('hello'), 'text/plain')).json().results;
    for (const file of [image, doc]) {
      const served = await t.app.inject({ method: 'GET', url: `/media/${file.id}/${file.name}` });
      expect(served.headers['content-disposition']).toBe(`attachment; filename="${file.name}"`);
    }
    expect(doc.content_type).toBe('text/plain');
  });

  it('gives a file without a usable name a random one', async () => {
    const file = (await upload(tokenA, '???.png', png)).json().results;
    expect(file.name).toMatch(/^[\w-]+\.png$/);
    expect(file.name.length).toBeGreaterThan(4);
  });

  it('refuses types outside the list, images whose bytes are not that image, and empty files', async () => {
    for (const [name, body] of [
      ['run.exe', png],
      ['page.html', Buffer.from('<html>')],
      ['no-extension', png],
      ['fake.png', Buffer.from('<script>alert(1)</script>')],
      ['fake.jpg', png],
      ['fake.svg', Buffer.from('plain text')],
      ['empty.png', Buffer.alloc(0)],
    ] as const) {
      const refused = await upload(tokenA, name, body);
      expect(refused.statusCode, name).toBe(422);
      expect(refused.json().errors[0].code).toBe('1300');
    }
  });

  it('refuses a file over 20 MB with 413 and a clear message', async () => {
    const refused = await upload(tokenA, 'huge.zip', Buffer.alloc(maxUploadBytes + 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().errors[0].description).toBe('A file may be at most 20 MB (20971520 bytes)');
    expect(refused.headers['access-control-allow-origin']).toBe('https://vendor.example');
  });

  it("lists the account's files newest first, by pages, images only on request, to no other company", async () => {
    const fresh = await embedToken(t.app, await engineAccount(t.app, t.db, 'media-list'));
    for (let index = 0; index < 52; index += 1) {
      t.clock.advance(1000);
      await upload(
        fresh,
        `file-${index}.${index === 51 ? 'txt' : 'png'}`,
        index === 51 ? Buffer.from('x') : png,
      );
    }
    const first = (await embedCall(t.app, fresh, 'GET', '/media')).json();
    expect(first.results).toHaveLength(50);
    expect(first.results[0].name).toBe('file-51.txt');
    const second = (await embedCall(t.app, fresh, 'GET', `/media?cursor=${first.next_cursor}`)).json();
    expect(second.results.map((file: { name: string }) => file.name)).toEqual(['file-1.png', 'file-0.png']);
    expect(second.next_cursor).toBeNull();
    const images = (await embedCall(t.app, fresh, 'GET', '/media?type=image')).json();
    expect(images.results[0].name).toBe('file-50.png');
    const badCursor = await embedCall(t.app, fresh, 'GET', '/media?cursor=zzz');
    expect(badCursor.statusCode).toBe(422);

    const other = (await embedCall(t.app, tokenB, 'GET', '/media')).json();
    expect(other.results).toEqual([]);
  });
});

describe('uploads under the rate limit', () => {
  const t = useTestApp(defaultDatabase, { config: { rateLimitPerMinute: 20 } });

  it('allows 30 a minute per IP, then answers 429', async () => {
    const token = await embedToken(t.app, await engineAccount(t.app, t.db, 'media-limited'));
    const statuses = [];
    for (let index = 0; index < 31; index += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/embed/v1/media?name=file-${index}.png`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        payload: png,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
