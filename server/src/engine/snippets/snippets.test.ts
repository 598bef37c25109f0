import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import {
  type EngineAccount,
  type EngineCallOptions,
  engineAccount,
  engineCaller,
} from '../../testing/engine.ts';

const signature = {
  html: '<p>Kind regards, {{sender_name}}</p>',
  text: 'Kind regards, {{sender_name}}',
};

/** Arrays nested `depth` levels deep. */
const deeplyNested = (depth: number): unknown => (depth === 0 ? 'leaf' : [deeplyNested(depth - 1)]);

describe.each(databases)('snippets on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let sub: number;
  let otherSub: number;

  const call = engineCaller(t);
  const store = () => t.engine.snippets;

  async function create(body: Record<string, unknown>, options?: EngineCallOptions): Promise<void> {
    const created = await call(a, 'POST', '/snippets', { content: signature, ...body }, options);
    expect(created.statusCode, created.body).toBe(200);
  }

  const errorOf = (response: { json(): { errors: unknown[] } }) => response.json().errors[0];

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'snip-a');
    b = await engineAccount(t.app, t.db, 'snip-b');
    sub = (await call(a, 'POST', '/subaccounts', { name: 'Bakery', setup_api_key: false })).json().results
      .subaccount_id;
    otherSub = (await call(a, 'POST', '/subaccounts', { name: 'Florist', setup_api_key: false })).json()
      .results.subaccount_id;
  });

  it('creates a snippet that reads back with its content and lists without it', async () => {
    const created = await call(a, 'POST', '/snippets', {
      id: 'signature',
      name: 'Signature block',
      content: { ...signature, amp_html: '<p>Kind regards</p>' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ results: { id: 'signature' } });

    const now = t.clock.now().toISOString();
    const shown = await call(a, 'GET', '/snippets/signature');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      results: {
        id: 'signature',
        name: 'Signature block',
        shared_with_subaccounts: false,
        content: { ...signature, amp_html: '<p>Kind regards</p>' },
        created_at: now,
        updated_at: now,
      },
    });

    const listed = (await call(a, 'GET', '/snippets')).json().results;
    expect(listed.find((item: { id: string }) => item.id === 'signature')).toEqual({
      id: 'signature',
      name: 'Signature block',
      shared_with_subaccounts: false,
      created_at: now,
      updated_at: now,
    });
  });

  it('names a snippet after its id when no name is given, and keeps only the parts given', async () => {
    await create({ id: 'text-only', content: { text: 'Unsubscribe any time.', html: '' } });
    expect((await call(a, 'GET', '/snippets/text-only')).json().results).toMatchObject({
      name: 'text-only',
      content: { text: 'Unsubscribe any time.' },
    });
    expect((await call(a, 'GET', '/snippets/text-only')).json().results.content).toEqual({
      text: 'Unsubscribe any time.',
    });
  });

  it('updates only what is given: parts left out stay, an empty part goes', async () => {
    await create({ id: 'footer', name: 'Footer', content: { ...signature, amp_html: '<p>amp</p>' } });
    t.clock.advance(60_000);
    const updated = await call(a, 'PUT', '/snippets/footer', {
      content: { html: '<footer>New footer</footer>', amp_html: '' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ results: { id: 'footer' } });
    const shown = (await call(a, 'GET', '/snippets/footer')).json().results;
    expect(shown).toMatchObject({
      name: 'Footer',
      content: { html: '<footer>New footer</footer>', text: signature.text },
      updated_at: t.clock.now().toISOString(),
    });
    expect(shown.content.amp_html).toBeUndefined();
    expect(shown.created_at).not.toBe(shown.updated_at);

    expect((await call(a, 'PUT', '/snippets/footer', { name: 'Footer v2' })).statusCode).toBe(200);
    expect((await call(a, 'GET', '/snippets/footer')).json().results).toMatchObject({
      name: 'Footer v2',
      content: { html: '<footer>New footer</footer>', text: signature.text },
    });

    // Removing every part would leave nothing to render: refused, nothing changed.
    const emptied = await call(a, 'PUT', '/snippets/footer', { content: { html: '', text: '' } });
    expect(emptied.statusCode).toBe(422);
    expect(errorOf(emptied)).toEqual({
      message: 'required field is missing',
      code: '1400',
      description: 'content needs at least one of html, text or amp_html',
    });
    expect((await call(a, 'GET', '/snippets/footer')).json().results.content.text).toBe(signature.text);

    const missing = await call(a, 'PUT', '/snippets/no-such-snippet', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({
      message: 'resource not found',
      code: '1600',
      description: 'snippet no-such-snippet does not exist',
    });
  });

  it('deletes a snippet with 204 and no body', async () => {
    await create({ id: 'short-lived' });
    const deleted = await call(a, 'DELETE', '/snippets/short-lived');
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call(a, 'GET', '/snippets/short-lived')).statusCode).toBe(404);
    expect((await call(a, 'DELETE', '/snippets/short-lived')).statusCode).toBe(404);
  });

  it('refuses a taken id with 409, in the same account only', async () => {
    await create({ id: 'greeting' });
    const taken = await call(a, 'POST', '/snippets', { id: 'greeting', content: { text: 'Hi' } });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({
      message: 'resource conflict',
      code: '1602',
      description: 'snippet greeting already exists',
    });
    await create({ id: 'greeting' }, { subaccount: sub });
    await create({ id: 'greeting' }, { subaccount: otherSub });
    expect((await call(b, 'POST', '/snippets', { id: 'greeting', content: signature })).statusCode).toBe(200);
  });

  it('validates the request in SparkPost error shapes', async () => {
    const cases: Array<[string, unknown, { code: string; description: string }]> = [
      ['no id', { content: signature }, { code: '1400', description: 'id' }],
      ['no content', { id: 'x' }, { code: '1400', description: 'content' }],
      ['empty content', { id: 'x', content: {} }, { code: '1400', description: 'at least one of html' }],
      [
        'only empty parts',
        { id: 'x', content: { html: '', text: '' } },
        { code: '1400', description: 'html' },
      ],
      [
        'id with a space',
        { id: 'my footer', content: signature },
        { code: '1300', description: 'id: may contain' },
      ],
      [
        'id too long',
        { id: 'x'.repeat(65), content: signature },
        { code: '1300', description: 'id: is at most 64' },
      ],
      [
        'name too long',
        { id: 'x', name: 'n'.repeat(1025), content: signature },
        { code: '1300', description: 'name' },
      ],
      ['id not a string', { id: 12, content: signature }, { code: '1300', description: 'id' }],
      [
        'html not a string',
        { id: 'x', content: { html: ['<p>'] } },
        { code: '1300', description: 'content.html' },
      ],
      [
        'sharing not a boolean',
        { id: 'x', content: signature, shared_with_subaccounts: 'yes' },
        { code: '1300', description: 'shared_with_subaccounts' },
      ],
      [
        'NUL in a part',
        { id: 'x', content: { text: 'a\u0000b' } },
        { code: '1300', description: 'content.text: contains a NUL' },
      ],
      [
        'lone surrogate',
        { id: 'x', content: { html: 'a\ud800b' } },
        { code: '1300', description: 'content.html' },
      ],
      [
        'over-deep JSON',
        { id: 'x', content: signature, extra: deeplyNested(40) },
        { code: '1300', description: 'nests objects and arrays deeper than' },
      ],
    ];
    for (const [label, body, expected] of cases) {
      const refused = await call(a, 'POST', '/snippets', body);
      expect(refused.statusCode, label).toBe(422);
      const error = errorOf(refused) as { message: string; code: string; description: string };
      expect(error.code, label).toBe(expected.code);
      expect(error.message, label).toBe(
        expected.code === '1400' ? 'required field is missing' : 'invalid data format/type',
      );
      expect(error.description, label).toContain(expected.description);
    }
    expect((await call(a, 'GET', '/snippets/x')).statusCode).toBe(404);

    await create({ id: 'typed' });
    const notAnObject = await call(a, 'PUT', '/snippets/typed', { content: '<p>hi</p>' });
    expect(notAnObject.statusCode).toBe(422);
    expect(errorOf(notAnObject)).toMatchObject({
      code: '1300',
      description: expect.stringContaining('content'),
    });
    const badName = await call(a, 'PUT', '/snippets/typed', { name: { first: 'x' } });
    expect(errorOf(badName)).toMatchObject({ code: '1300', description: expect.stringContaining('name') });
  });

  it('refuses content that is not the template language, or that nests snippets, with 3000 naming the part and line', async () => {
    const broken = await call(a, 'POST', '/snippets', {
      id: 'broken',
      content: { text: 'fine', html: '<p>\n{{ if }}\n</p>' },
    });
    expect(broken.statusCode).toBe(422);
    expect(errorOf(broken)).toMatchObject({ code: '3000', part: 'content.html', line: 2 });

    const nested = await call(a, 'POST', '/snippets', {
      id: 'nested',
      content: { text: 'Hi\n{{ render_snippet("other") }}' },
    });
    expect(nested.statusCode).toBe(422);
    expect(errorOf(nested)).toMatchObject({
      code: '3000',
      part: 'content.text',
      line: 2,
      description: expect.stringContaining('render_snippet() or render_dynamic_content()'),
    });
    expect((await call(a, 'GET', '/snippets/nested')).statusCode).toBe(404);

    await create({ id: 'fixable' });
    const update = await call(a, 'PUT', '/snippets/fixable', {
      content: { html: '{{ render_dynamic_content(dynamic_html.offer) }}' },
    });
    expect(update.statusCode).toBe(422);
    expect((await call(a, 'GET', '/snippets/fixable')).json().results.content.html).toBe(signature.html);
  });

  it('holds each part up to 100 KB, counted in UTF-8 bytes', async () => {
    const limit = 100 * 1024;
    await create({
      id: 'big',
      content: { html: 'h'.repeat(limit), text: 't'.repeat(limit), amp_html: 'a'.repeat(limit) },
    });
    expect((await call(a, 'GET', '/snippets/big')).json().results.content.html).toHaveLength(limit);

    const over = await call(a, 'POST', '/snippets', {
      id: 'too-big',
      content: { text: 't'.repeat(limit + 1) },
    });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({
      code: '1300',
      description: `content.text: is at most ${limit} bytes`,
    });
    // "é" is two bytes: half as many characters fit.
    const wide = await call(a, 'POST', '/snippets', {
      id: 'too-wide',
      content: { html: 'é'.repeat(limit / 2 + 1) },
    });
    expect(wide.statusCode).toBe(422);
    const growing = await call(a, 'PUT', '/snippets/big', { content: { text: 't'.repeat(limit + 1) } });
    expect(growing.statusCode).toBe(422);
  });

  it('lists shared or unshared snippets with shared_with_subaccounts', async () => {
    await create({ id: 'list-shared', shared_with_subaccounts: true });
    await create({ id: 'list-private' });
    const ids = async (query: string) =>
      (await call(a, 'GET', `/snippets${query}`)).json().results.map((item: { id: string }) => item.id);
    expect(await ids('?shared_with_subaccounts=true')).toContain('list-shared');
    expect(await ids('?shared_with_subaccounts=true')).not.toContain('list-private');
    expect(await ids('?shared_with_subaccounts=false')).toContain('list-private');
    expect(await ids('?shared_with_subaccounts=false')).not.toContain('list-shared');
    expect(await ids('')).toEqual(expect.arrayContaining(['list-shared', 'list-private']));
    expect((await call(a, 'GET', '/snippets?shared_with_subaccounts=maybe')).statusCode).toBe(422);
  });

  it('a subaccount reads the master snippets only when shared, and cannot change them', async () => {
    const asSub = { subaccount: sub };
    await create({ id: 'brand-header', name: 'Brand header', shared_with_subaccounts: true });
    await create({ id: 'master-only' });

    const shared = await call(a, 'GET', '/snippets/brand-header', undefined, asSub);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().results).toMatchObject({ id: 'brand-header', shared_with_subaccounts: true });
    expect(shared.json().results.subaccount_id).toBeUndefined();
    expect((await call(a, 'GET', '/snippets/master-only', undefined, asSub)).statusCode).toBe(404);

    const refused = await call(a, 'PUT', '/snippets/brand-header', { name: 'Mine now' }, asSub);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: '1100' });
    expect((await call(a, 'DELETE', '/snippets/brand-header', undefined, asSub)).statusCode).toBe(403);
    expect((await call(a, 'PUT', '/snippets/master-only', { name: 'x' }, asSub)).statusCode).toBe(404);
    expect((await call(a, 'DELETE', '/snippets/master-only', undefined, asSub)).statusCode).toBe(404);
    expect((await call(a, 'GET', '/snippets/brand-header')).json().results.name).toBe('Brand header');

    // The subaccount's own snippets: its partition, never shared, invisible to the master and to others.
    const sharing = await call(
      a,
      'POST',
      '/snippets',
      { id: 'bakery-hours', content: signature, shared_with_subaccounts: true },
      asSub,
    );
    expect(sharing.statusCode).toBe(422);
    await create({ id: 'bakery-hours', content: { text: 'Open 7 to 2' } }, asSub);
    const own = (await call(a, 'GET', '/snippets/bakery-hours', undefined, asSub)).json().results;
    expect(own).toMatchObject({ subaccount_id: sub, shared_with_subaccounts: false });
    expect(
      (await call(a, 'PUT', '/snippets/bakery-hours', { shared_with_subaccounts: true }, asSub)).statusCode,
    ).toBe(422);
    expect((await call(a, 'GET', '/snippets/bakery-hours')).statusCode).toBe(404);
    expect(
      (await call(a, 'GET', '/snippets/bakery-hours', undefined, { subaccount: otherSub })).statusCode,
    ).toBe(404);
    expect(
      (await call(a, 'PUT', '/snippets/bakery-hours', { name: 'x' }, { subaccount: otherSub })).statusCode,
    ).toBe(404);
    expect(
      (await call(a, 'DELETE', '/snippets/bakery-hours', undefined, { subaccount: otherSub })).statusCode,
    ).toBe(404);

    const listed = (await call(a, 'GET', '/snippets', undefined, asSub)).json().results;
    const listedIds = listed.map((item: { id: string }) => item.id);
    expect(listedIds).toEqual(expect.arrayContaining(['brand-header', 'bakery-hours']));
    expect(listedIds).not.toContain('master-only');
    expect(listed.find((item: { id: string }) => item.id === 'bakery-hours')).toMatchObject({
      subaccount_id: sub,
    });
    const masterIds = (await call(a, 'GET', '/snippets'))
      .json()
      .results.map((item: { id: string }) => item.id);
    expect(masterIds).not.toContain('bakery-hours');

    // Unsharing takes it away from the subaccounts at once.
    await call(a, 'PUT', '/snippets/brand-header', { shared_with_subaccounts: false });
    expect((await call(a, 'GET', '/snippets/brand-header', undefined, asSub)).statusCode).toBe(404);
  });

  it("a subaccount's own snippet wins over the master's shared one with the same id", async () => {
    await create({ id: 'closing', name: 'Master closing', shared_with_subaccounts: true });
    await create(
      { id: 'closing', name: 'Bakery closing', content: { text: 'Fresh bread daily' } },
      { subaccount: sub },
    );
    expect(
      (await call(a, 'GET', '/snippets/closing', undefined, { subaccount: sub })).json().results.name,
    ).toBe('Bakery closing');
    const listed = (await call(a, 'GET', '/snippets', undefined, { subaccount: sub })).json().results;
    expect(listed.filter((item: { id: string }) => item.id === 'closing')).toEqual([
      expect.objectContaining({ name: 'Bakery closing', subaccount_id: sub }),
    ]);
    expect(await store().contentsFor(a.companyId, sub, ['closing'])).toEqual({
      closing: { text: 'Fresh bread daily' },
    });
    expect(await store().contentsFor(a.companyId, otherSub, ['closing'])).toEqual({ closing: signature });
  });

  it("no company reads, changes or deletes another's snippet by id", async () => {
    await create({ id: 'a-secret', shared_with_subaccounts: true });
    expect((await call(b, 'GET', '/snippets/a-secret')).statusCode).toBe(404);
    expect((await call(b, 'PUT', '/snippets/a-secret', { name: 'stolen' })).statusCode).toBe(404);
    expect((await call(b, 'DELETE', '/snippets/a-secret')).statusCode).toBe(404);
    const listed = (await call(b, 'GET', '/snippets')).json().results;
    expect(listed.map((item: { id: string }) => item.id)).not.toContain('a-secret');
    expect(await store().contentsFor(b.companyId, 0, ['a-secret'])).toEqual({});
    expect((await call(a, 'GET', '/snippets/a-secret')).json().results.name).toBe('a-secret');
  });

  it('needs templates/view to read and templates/modify to change', async () => {
    await create({ id: 'guarded' });
    const keyWith = async (grants: string[]) =>
      (await call(a, 'POST', '/api-keys', { label: 'limited', grants })).json().results.key as string;
    const viewer = { authorization: await keyWith(['templates/view']) };
    const sender = { authorization: await keyWith(['transmissions/modify']) };

    expect((await call(a, 'GET', '/snippets/guarded', undefined, viewer)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/snippets', undefined, viewer)).statusCode).toBe(200);
    const write = await call(a, 'POST', '/snippets', { id: 'viewer-made', content: signature }, viewer);
    expect(write.statusCode).toBe(403);
    expect(errorOf(write)).toMatchObject({ code: '1100' });
    expect((errorOf(write) as { description: string }).description).toContain('templates/modify');
    expect((await call(a, 'PUT', '/snippets/guarded', { name: 'x' }, viewer)).statusCode).toBe(403);
    expect((await call(a, 'DELETE', '/snippets/guarded', undefined, viewer)).statusCode).toBe(403);

    expect((await call(a, 'GET', '/snippets/guarded', undefined, sender)).statusCode).toBe(403);
    expect((await call(a, 'GET', '/snippets', undefined, sender)).statusCode).toBe(403);
    expect((await call(a, 'GET', '/snippets/guarded')).json().results.name).toBe('guarded');
  });

  it('contentsFor gives the renderer the parts of the snippets an account may use, by id', async () => {
    await create({
      id: 'promo',
      content: { html: '<b>Sale</b>', amp_html: '<b>Sale</b>' },
      shared_with_subaccounts: true,
    });
    await create({ id: 'legal', content: { text: 'Terms apply.' } });
    await create({ id: '__proto__', content: { text: 'Odd but valid id' } }, { subaccount: sub });

    expect(await store().contentsFor(a.companyId, 0, ['promo', 'legal', 'nowhere'])).toEqual({
      promo: { html: '<b>Sale</b>', amp_html: '<b>Sale</b>' },
      legal: { text: 'Terms apply.' },
    });
    const forSub = await store().contentsFor(a.companyId, sub, ['promo', 'legal', '__proto__', 'promo']);
    expect(Object.keys(forSub).sort()).toEqual(['__proto__', 'promo']);
    expect(Object.getPrototypeOf(forSub)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(forSub, '__proto__')?.value).toEqual({ text: 'Odd but valid id' });
    expect(await store().contentsFor(a.companyId, 0, [])).toEqual({});
  });

  it('documents the routes in the OpenAPI description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/snippets', '/api/v1/snippets/{id}', '/api/labs/snippets/{id}']),
    );
    expect(spec.paths['/api/v1/snippets'].post.description).toContain('102400 bytes');
  });
});
