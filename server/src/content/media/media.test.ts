import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testMediaDir, useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';
import { embedCall, embedToken } from '../../testing/embed-fixtures.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { createDiskFileStore } from './disk-file-store.ts';
import { createMediaStore } from './media-store.ts';
import { maxUploadBytes } from './media-types.ts';

vi.mock('../email-designs/render/design-renderer.ts', async () => {
  const { fakeRenderDesign } = await import('../../testing/embed-fixtures.ts');
  return { createDesignRenderer: () => fakeRenderDesign };
});

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The files kept for a company in the file store. */
const storedFiles = (companyId: string) => readdir(path.join(testMediaDir, companyId)).catch(() => []);
/** A body sent in chunks, its length not said beforehand. */
const chunked = (bytes: Buffer) => Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]);

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
    // The id is the address: under another name (the one it had before a rename) it redirects.
    const wrongName = await t.app.inject({ method: 'GET', url: `/media/${file.id}/other.png` });
    expect(wrongName.statusCode).toBe(301);
    expect(wrongName.headers.location).toBe(`/media/${file.id}/Myphoto1.png`);
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

  it('keeps the bytes in the file store, not the database, and serves them streamed', async () => {
    const stored = await upload(tokenA, 'kept.png', png, 'image/png');
    const file = stored.json().results;
    const row = await t.db.one<{ bytes: unknown; storage_key: string; sha256: string; size: number }>(
      'SELECT bytes, storage_key, sha256, size FROM media_files WHERE id = $1',
      [file.id],
    );
    expect(row).toEqual({
      bytes: null,
      storage_key: `${a.companyId}/${file.id}`,
      sha256: sha256(png),
      size: png.length,
    });
    expect((await readFile(path.join(testMediaDir, a.companyId, file.id))).equals(png)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/media/${file.id}/kept.png` });
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({ 'content-length': String(png.length), etag: `"${sha256(png)}"` });
  });

  it('takes a file sent in chunks of a length not said beforehand', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/embed/v1/media?name=chunks.png',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'image/png' },
      payload: chunked(png),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().results.size).toBe(png.length);
    const over = await t.app.inject({
      method: 'POST',
      url: '/embed/v1/media?name=huge.zip',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/zip' },
      payload: chunked(Buffer.alloc(maxUploadBytes + 1)),
    });
    expect(over.statusCode).toBe(413);
  });

  it('deletes a file: gone from the list, its address and its bytes, for its own account only', async () => {
    const file = (await upload(tokenA, 'gone.png', png, 'image/png')).json().results;
    const other = await embedCall(t.app, tokenB, 'DELETE', `/media/${file.id}`);
    expect(other.statusCode).toBe(404);
    const limited = await embedToken(t.app, a, { template_id: 'one-template' });
    const refused = await embedCall(t.app, limited, 'DELETE', `/media/${file.id}`);
    expect(refused.statusCode).toBe(403);
    expect(await storedFiles(a.companyId)).toContain(file.id);

    const deleted = await embedCall(t.app, tokenA, 'DELETE', `/media/${file.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({});
    expect(await storedFiles(a.companyId)).not.toContain(file.id);
    expect((await t.app.inject({ method: 'GET', url: `/media/${file.id}/gone.png` })).statusCode).toBe(404);
    const listed = (await embedCall(t.app, tokenA, 'GET', '/media')).json().results;
    expect(listed.map((entry: { id: string }) => entry.id)).not.toContain(file.id);
    expect((await embedCall(t.app, tokenA, 'DELETE', `/media/${file.id}`)).statusCode).toBe(404);
  });

  it('serves a file kept in the database before the file store, then moves it there', async () => {
    const id = '6f1f2b7e-1111-4c3b-9a55-000000000001';
    await t.db.query(
      `INSERT INTO media_files (id, company_id, subaccount_id, name, content_type, size, bytes, created_at)
       VALUES ($1, $2, 0, 'old.png', 'image/png', $3, $4, now())`,
      [id, a.companyId, png.length, png],
    );
    const before = await t.app.inject({ method: 'GET', url: `/media/${id}/old.png` });
    expect(before.rawPayload.equals(png)).toBe(true);

    const store = createMediaStore(t.db, t.clock, createDiskFileStore(testMediaDir), async () => 1024 * 1024);
    expect(await store.moveOneLegacy()).toBe(true);
    expect(await store.moveOneLegacy()).toBe(false);
    const row = await t.db.one('SELECT bytes, storage_key, sha256 FROM media_files WHERE id = $1', [id]);
    expect(row).toEqual({ bytes: null, storage_key: `${a.companyId}/${id}`, sha256: sha256(png) });
    const after = await t.app.inject({ method: 'GET', url: `/media/${id}/old.png` });
    expect(after.rawPayload.equals(png)).toBe(true);
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

describe.each(databases)('the file store quota on $name', (database) => {
  const quotaBytes = 1000;
  const t = useTestApp(database, () => ({ config: { media: { dir: testMediaDir, quotaBytes } } }));
  const file = Buffer.concat([png, Buffer.alloc(600 - png.length, 2)]);

  it("refuses an upload past the company's quota, before and while reading it, keeping nothing", async () => {
    const account = await engineAccount(t.app, t.db, 'media-quota');
    const token = await embedToken(t.app, account);
    const send = (payload: Buffer | Readable) =>
      t.app.inject({
        method: 'POST',
        url: '/embed/v1/media?name=photo.png',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        payload,
      });
    const first = await send(file);
    expect(first.statusCode, first.body).toBe(200);
    for (const payload of [file, chunked(file)]) {
      const refused = await send(payload);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().errors[0].description).toBe(
        "The account's files may take 1000 bytes in all and take 600 bytes already: delete files to make room for this one",
      );
    }
    expect(await storedFiles(account.companyId)).toHaveLength(1);

    // Deleting gives the room back; two uploads at once cannot both take it.
    await embedCall(t.app, token, 'DELETE', `/media/${first.json().results.id}`);
    const racing = await Promise.all([send(file), send(file)]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 413]);
    expect(await storedFiles(account.companyId)).toHaveLength(1);
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
    expect(
      statuses.slice(0, 30).every((status) => status === 200),
      String(statuses),
    ).toBe(true);
    expect(statuses[30]).toBe(429);
  });
  it('allows 60 a minute per company, from however many addresses, then answers 429', async () => {
    const token = await embedToken(t.app, await engineAccount(t.app, t.db, 'media-limited-company'));
    const from = async (remoteAddress: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/embed/v1/media?name=file.png',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
          payload: png,
          remoteAddress,
        })
      ).statusCode;
    const statuses = [];
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      for (let index = 0; index < 30; index += 1) statuses.push(await from(address));
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const third = await t.app.inject({
      method: 'POST',
      url: '/embed/v1/media?name=file.png',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: png,
      remoteAddress: '192.0.2.3',
    });
    expect(third.statusCode).toBe(429);
    expect(third.json().errors[0]).toMatchObject({ code: '1003' });
  });
});
