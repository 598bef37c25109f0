import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { maxUploadBytes } from '../../content/media/media-types.ts';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { multipart } from '../../testing/multipart.ts';

const png = (size = 72) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
const pdf = Buffer.from('%PDF-1.4 a small document');

describe.each(databases)('the File Manager API (/v1/media) on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'files-a');
    b = await signUp(t.app, t.db, 'files-b');
  });

  const upload = (account: TestAccount, files: Parameters<typeof multipart>[0]) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: '/v1/media',
      headers: { ...body.headers, authorization: `Bearer ${account.token}` },
      payload: body.payload,
    });
  };
  const list = async (account: TestAccount, query = '') =>
    (await t.call('GET', `/v1/media${query}`, account.token)).json().data;
  const companyOf = async (account: TestAccount) => (await t.accounts.users.companyOf(account.email)) ?? '';

  it('uploads several files at once, lists them by page, search and type, for its company only', async () => {
    const uploaded = await upload(a, [
      { name: 'Summer photo!.png', bytes: png() },
      { name: 'price list.pdf', bytes: pdf },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const items = uploaded.json().data.items;
    expect(items.map((item: { name: string }) => item.name)).toEqual(['Summerphoto.png', 'pricelist.pdf']);
    expect(items[0]).toMatchObject({ type: 'image/png', size: 72 });
    expect((await t.app.inject({ method: 'GET', url: new URL(items[0].url).pathname })).statusCode).toBe(200);

    expect(await list(a)).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(
      (await list(a, '?size=1&page=2&sort=name')).items.map((item: { name: string }) => item.name),
    ).toEqual(['Summerphoto.png']);
    expect((await list(a, '?search=price')).items).toHaveLength(1);
    expect((await list(a, '?type=image')).items.map((item: { type: string }) => item.type)).toEqual([
      'image/png',
    ]);
    expect((await list(a, '?type=document')).items.map((item: { type: string }) => item.type)).toEqual([
      'application/pdf',
    ]);
    expect((await list(a, '?search=%25')).total).toBe(0);
    expect((await list(b)).total).toBe(0);
  });

  it('refuses a second file of the same name (code 122), a type outside §5 and a file over 20 MB, keeping nothing', async () => {
    const first = await upload(a, [{ name: 'logo.png', bytes: png() }]);
    expect(first.statusCode).toBe(201);
    const again = await upload(a, [
      { name: 'fresh.png', bytes: png() },
      { name: 'LOGO.png', bytes: png() },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'fileExists', payload: { field: 'name' } });
    // All or none: the request's first file went again with the refusal.
    expect((await list(a, '?search=fresh')).total).toBe(0);

    const script = await upload(a, [{ name: 'run.exe', bytes: pdf }]);
    expect(script.statusCode).toBe(400);
    expect(script.json().payload.cause).toMatch(/^Files of this type cannot be uploaded/);

    const big = await upload(a, [{ name: 'huge.pdf', bytes: Buffer.alloc(maxUploadBytes + 1, 0x25) }]);
    expect(big.statusCode).toBe(400);
    expect(big.json().payload.cause).toBe(
      'The file huge.pdf is larger than 20 MB: a file may be at most 20 MB',
    );
    expect((await list(a, '?search=huge')).total).toBe(0);
  });

  it('renames a file keeping its type; its old address redirects; a taken name is refused', async () => {
    const [file] = (await upload(a, [{ name: 'before.png', bytes: png() }])).json().data.items;
    const renamed = await t.call('PATCH', `/v1/media/${file.id}`, a.token, { name: 'after shot' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('aftershot.png');
    const old = await t.app.inject({ method: 'GET', url: new URL(file.url).pathname });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/media/${file.id}/aftershot.png`);

    const taken = await t.call('PATCH', `/v1/media/${file.id}`, a.token, { name: 'logo.png' });
    expect(taken.json()).toMatchObject({ code: 'fileExists' });
    const retyped = await t.call('PATCH', `/v1/media/${file.id}`, a.token, { name: 'after.pdf' });
    expect(retyped.json().payload.cause).toBe('The type of a file cannot change: keep .png');
    // Another company cannot rename, delete or ask about it.
    expect((await t.call('PATCH', `/v1/media/${file.id}`, b.token, { name: 'mine' })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/media/${file.id}`, b.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/media/${file.id}/designs`, b.token)).statusCode).toBe(404);
  });

  it('names the designs that show a file before it is deleted, then deletes it', async () => {
    const [file] = (await upload(a, [{ name: 'banner.png', bytes: png() }])).json().data.items;
    const template = await t.call('POST', '/api/v1/templates', a.token, {
      id: 'spring-sale',
      name: 'Spring sale',
      content: { from: 'news@example.test', subject: 'Spring', html: `<img src="${file.url}">` },
    });
    expect(template.statusCode, template.body).toBe(200);
    await t.db.query(
      `INSERT INTO email_designs (company_id, subaccount_id, template_id, design, schema_version, revision, updated_at)
       VALUES ($1, 0, 'spring-sale', $2::jsonb, 1, 1, now())`,
      [await companyOf(a), JSON.stringify({ blocks: [{ type: 'image', src: file.url }] })],
    );
    expect((await t.call('GET', `/v1/media/${file.id}/designs`, a.token)).json().data).toEqual({
      templates: ['spring-sale'],
    });
    expect((await t.call('DELETE', `/v1/media/${file.id}`, a.token)).statusCode).toBe(200);
    expect((await list(a, '?search=banner')).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: new URL(file.url).pathname })).statusCode).toBe(404);
  });

  it("holds the company to its plan's storage limit with the quota message, and shows the usage", async () => {
    const c = await signUp(t.app, t.db, 'files-c');
    await setCompanyLimit(t.db, await companyOf(c), 'storageLimit', 1000);
    expect((await upload(c, [{ name: 'one.png', bytes: png(600) }])).statusCode).toBe(201);
    const over = await upload(c, [{ name: 'two.png', bytes: png(600) }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'quotaExceeded',
      message: 'Quota of storageLimit on file manager is exceeded',
      payload: { feature: 'file manager', subfeature: 'storageLimit' },
    });
    expect((await t.call('GET', '/v1/media/usage', c.token)).json().data).toEqual({
      usedBytes: 600,
      quotaBytes: 1000,
    });
  });

  it("keeps a template's thumbnail (§7 /media/template/thumbnail) among the files, images only", async () => {
    const thumbnail = (files: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
      const body = multipart(files, fields);
      return t.app.inject({
        method: 'POST',
        url: '/v1/media/template/thumbnail',
        headers: { ...body.headers, authorization: `Bearer ${a.token}` },
        payload: body.payload,
      });
    };
    const kept = await thumbnail([{ name: 'shot.png', bytes: png(), field: 'image' }], {
      filename: 'Spring sale card!.png',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data).toMatchObject({ name: 'Springsalecard.png', type: 'image/png' });
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(kept.json().data.url).pathname })).statusCode,
    ).toBe(200);
    const document = await thumbnail([{ name: 'terms.pdf', bytes: pdf, field: 'image' }]);
    expect(document.json().payload.cause).toBe('A thumbnail is a JPG, PNG, GIF, WebP or AVIF image');
    expect((await list(a, '?search=terms')).total).toBe(0);
    expect((await thumbnail([{ name: 'x.png', bytes: png() }])).json().payload.cause).toBe(
      'Send the image in a part named image',
    );
    expect((await thumbnail([])).json().payload.cause).toBe('Choose an image to upload');
  });

  it('answers a request that is not multipart, or has no file, with a clear message', async () => {
    const plain = await t.call('POST', '/v1/media', a.token, { file: 'x' });
    expect(plain.json().payload.cause).toBe(
      'Upload the files as multipart/form-data, each in a field named file',
    );
    const empty = await upload(a, []);
    expect(empty.json().payload.cause).toBe('Choose at least one file to upload');
    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `many-${index}.png`, bytes: png() }));
    const tooMany = await upload(a, eleven);
    expect(tooMany.json().payload.cause).toBe('Upload at most 10 files at once');
    expect((await list(a, '?search=many')).total).toBe(0);
  });
});
