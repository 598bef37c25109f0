import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import {
  type EngineAccount,
  type EngineCallOptions,
  engineAccount,
  engineCaller,
} from '../../testing/engine.ts';

const content = (subject = 'Hello {{name}}', html = '<p>Hi {{name}}</p>') => ({
  from: { email: 'news@example.com', name: 'News' },
  subject,
  html,
});

describe.each(databases)('templates on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let sub: number;
  let otherSub: number;

  const call = engineCaller(t);
  const store = () => t.engine.templates;

  async function newKey(grants: string[]): Promise<string> {
    const created = await call(a, 'POST', '/api-keys', { label: 'limited', grants });
    return created.json().results.key;
  }

  async function create(body: Record<string, unknown>, options?: EngineCallOptions): Promise<string> {
    const created = await call(a, 'POST', '/templates', { content: content(), ...body }, options);
    expect(created.statusCode, created.body).toBe(200);
    return created.json().results.id;
  }

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'tpl-a');
    b = await engineAccount(t.app, t.db, 'tpl-b');
    sub = (await call(a, 'POST', '/subaccounts', { name: 'Shop', setup_api_key: false })).json().results
      .subaccount_id;
    otherSub = (await call(a, 'POST', '/subaccounts', { name: 'Blog', setup_api_key: false })).json().results
      .subaccount_id;
  });

  it('creates a draft that reads back as stored, and lists it', async () => {
    const created = await call(a, 'POST', '/templates', {
      id: 'welcome',
      name: 'Welcome',
      description: 'First mail',
      options: { open_tracking: true, transactional: true },
      content: {
        ...content(),
        text: 'Hi {{name}}',
        reply_to: 'help@example.com',
        headers: { 'X-Kind': 'welcome' },
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ results: { id: 'welcome' } });

    const draft = (await call(a, 'GET', '/templates/welcome?draft=true')).json().results;
    expect(draft).toMatchObject({
      id: 'welcome',
      name: 'Welcome',
      description: 'First mail',
      published: false,
      has_draft: true,
      has_published: false,
      shared_with_subaccounts: false,
      options: { open_tracking: true, transactional: true },
      content: { subject: 'Hello {{name}}', text: 'Hi {{name}}', headers: { 'X-Kind': 'welcome' } },
    });
    expect(draft.last_update_time).toBe(t.clock.now().toISOString());
    // Without ?draft a template that was never published shows its draft; draft=false asks for the published one.
    expect((await call(a, 'GET', '/templates/welcome')).json().results.published).toBe(false);
    const none = await call(a, 'GET', '/templates/welcome?draft=false');
    expect(none.statusCode).toBe(404);
    expect(none.json().errors[0]).toMatchObject({
      code: '1600',
      description: 'template welcome has no published version',
    });

    const listed = (await call(a, 'GET', '/templates')).json().results;
    expect(listed.find((item: { id: string }) => item.id === 'welcome')).toEqual({
      id: 'welcome',
      name: 'Welcome',
      description: 'First mail',
      published: false,
      has_draft: true,
      has_published: false,
      last_update_time: draft.last_update_time,
      shared_with_subaccounts: false,
    });
  });

  it('makes the id from the name when none is given, unique within the account', async () => {
    expect(await create({ name: 'My Template' })).toBe('my-template');
    expect(await create({ name: 'My  template!' })).toBe('my-template-2');
    expect(await create({ name: 'my-template' })).toBe('my-template-3');
    expect(await create({ name: 'Été — Promo' })).toBe('ete-promo');
    expect(await create({ name: '!!!' })).toBe('template');
    // Another account starts its own sequence.
    const other = await call(b, 'POST', '/templates', { name: 'My Template', content: content() });
    expect(other.json().results.id).toBe('my-template');
    const taken = await call(a, 'POST', '/templates', { id: 'my-template', name: 'x', content: content() });
    expect(taken.statusCode).toBe(409);
    const unnamed = await call(a, 'POST', '/templates', { content: content() });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors[0].code).toBe('1400');
    const badId = await call(a, 'POST', '/templates', { id: 'has space', name: 'x', content: content() });
    expect(badId.statusCode).toBe(422);
  });

  it('refuses content without subject, from or a body, with a bad from, or reserved headers', async () => {
    const tryContent = async (body: unknown) => {
      const response = await call(a, 'POST', '/templates', { name: 'bad', content: body });
      expect(response.statusCode).toBe(422);
      return response.json().errors[0];
    };
    expect(await tryContent({ from: 'a@example.com', html: '<p>x</p>' })).toMatchObject({
      code: '1400',
      description: 'content.subject is required',
    });
    expect((await tryContent({ subject: 's', html: 'x' })).description).toBe('content.from is required');
    expect((await tryContent({ subject: 's', from: 'a@example.com' })).description).toContain(
      'html, text or amp_html',
    );
    expect((await tryContent({ subject: 's', from: 'not an address', text: 'x' })).description).toContain(
      'not a valid email address',
    );
    expect(
      (await tryContent({ subject: 's', from: 'a@example.com', text: 'x', headers: { To: 'b@example.com' } }))
        .description,
    ).toContain('To');
    expect((await tryContent({ email_rfc822: 'Subject: x\n\nbody', subject: 's' })).description).toContain(
      'cannot be combined',
    );
    // A from address made by substitution is checked when the mail is rendered, not here.
    expect(await create({ name: 'dynamic from', content: { ...content(), from: '{{sender}}' } })).toBe(
      'dynamic-from',
    );
    expect(await create({ name: 'raw', content: { email_rfc822: 'Subject: Hi {{name}}\n\nHello' } })).toBe(
      'raw',
    );
  });

  it('refuses content that does not compile: 422 naming the part and line', async () => {
    const response = await call(a, 'POST', '/templates', {
      name: 'broken',
      content: content('Fine', '<p>one</p>\n<p>{{if x}}unclosed</p>'),
    });
    expect(response.statusCode).toBe(422);
    const error = response.json().errors[0];
    expect(error).toMatchObject({
      message: 'substitution language syntax error in template content',
      code: '3000',
      part: 'html',
      line: 2,
    });
    expect(error.description).toBe(
      'Error while compiling part html: line 2: the {{if}} block opened here is not closed with {{end}}',
    );
    const subject = await call(a, 'POST', '/templates', { name: 'broken', content: content('Hi {{name') });
    expect(subject.statusCode).toBe(422);
    expect(subject.json().errors[0].part).toBe('subject');
    const id = await create({ name: 'fixable' });
    const update = await call(a, 'PUT', `/templates/${id}`, { content: content('ok', '{{end}}') });
    expect(update.statusCode).toBe(422);
    expect((await call(a, 'GET', `/templates/${id}?draft=true`)).json().results.content.html).toBe(
      '<p>Hi {{name}}</p>',
    );
  });

  it('publishes the draft, edits a new draft while sending the published version, and updates published directly', async () => {
    const id = await create({ name: 'Flow', content: content('v1') });
    expect(await store().forSending(a.companyId, 0, id, false)).toBeUndefined();
    expect((await store().forSending(a.companyId, 0, id, true))?.content).toMatchObject({ subject: 'v1' });

    expect((await call(a, 'PUT', `/templates/${id}`, { published: true })).statusCode).toBe(200);
    let shown = (await call(a, 'GET', `/templates/${id}`)).json().results;
    expect(shown).toMatchObject({
      published: true,
      has_draft: false,
      has_published: true,
      content: { subject: 'v1' },
    });
    expect((await call(a, 'GET', `/templates/${id}?draft=true`)).statusCode).toBe(404);

    // A draft edit starts from the published version and leaves it alone.
    t.clock.advance(1000);
    await call(a, 'PUT', `/templates/${id}`, { content: content('v2'), options: { click_tracking: false } });
    shown = (await call(a, 'GET', `/templates/${id}`)).json().results;
    expect(shown).toMatchObject({
      published: true,
      has_draft: true,
      has_published: true,
      content: { subject: 'v1' },
    });
    expect(shown.last_update_time).toBe(t.clock.now().toISOString());
    const draft = (await call(a, 'GET', `/templates/${id}?draft=true`)).json().results;
    expect(draft).toMatchObject({
      published: false,
      content: { subject: 'v2' },
      options: { click_tracking: false },
    });
    const listed = (await call(a, 'GET', '/templates'))
      .json()
      .results.find((item: { id: string }) => item.id === id);
    expect(listed).toMatchObject({ has_draft: true, has_published: true, published: false });

    const sending = await store().forSending(a.companyId, 0, id, false);
    expect(sending).toEqual({
      id,
      version: 1,
      content: {
        subject: 'v1',
        html: '<p>Hi {{name}}</p>',
        from: { email: 'news@example.com', name: 'News' },
      },
      options: {},
      substitutionData: {},
    });
    expect(await store().forSending(a.companyId, 0, id, true)).toMatchObject({
      version: 0,
      content: { subject: 'v2' },
      options: { click_tracking: false },
    });

    // update_published=true rewrites the published version; the draft stays.
    await call(a, 'PUT', `/templates/${id}?update_published=true`, { content: content('v1 fixed') });
    expect((await call(a, 'GET', `/templates/${id}`)).json().results.content.subject).toBe('v1 fixed');
    expect((await call(a, 'GET', `/templates/${id}?draft=true`)).json().results.content.subject).toBe('v2');
    expect((await store().forSending(a.companyId, 0, id, false))?.version).toBe(2);

    // Publishing the draft makes it the published version 3.
    await call(a, 'PUT', `/templates/${id}`, { published: true, name: 'Flow renamed' });
    shown = (await call(a, 'GET', `/templates/${id}`)).json().results;
    expect(shown).toMatchObject({ name: 'Flow renamed', has_draft: false, content: { subject: 'v2' } });
    expect((await store().forSending(a.companyId, 0, id, false))?.version).toBe(3);
  });

  it('creates a published template directly; update_published needs a published version', async () => {
    const id = await create({ name: 'Live now', published: true });
    expect((await call(a, 'GET', `/templates/${id}`)).json().results).toMatchObject({
      published: true,
      has_draft: false,
    });
    expect((await store().forSending(a.companyId, 0, id, false))?.version).toBe(1);
    const draftOnly = await create({ name: 'Draft only' });
    const refused = await call(a, 'PUT', `/templates/${draftOnly}?update_published=true`, {
      content: content(),
    });
    expect(refused.statusCode).toBe(422);
    expect((await call(a, 'PUT', '/templates/nope', { name: 'x' })).statusCode).toBe(404);
  });

  it('previews a version with substitution data over the template defaults', async () => {
    const id = await create({
      name: 'Preview',
      published: true,
      substitution_data: { name: 'friend', shop: 'Acme' },
      content: {
        from: 'Sales at {{shop}} <sales@example.com>',
        subject: 'Deals for {{name}}',
        html: '<b>Deals for {{name}} at {{shop}}</b>',
        text: 'Deals for {{name}}',
        reply_to: 'help@example.com',
        headers: { 'X-Shop': '{{shop}}' },
      },
    });
    const preview = await call(a, 'POST', `/templates/${id}/preview`, {
      substitution_data: { name: 'Natalie' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().results).toEqual({
      from: { email: 'sales@example.com', name: 'Sales at Acme' },
      subject: 'Deals for Natalie',
      html: '<b>Deals for Natalie at Acme</b>',
      text: 'Deals for Natalie',
      reply_to: 'help@example.com',
      headers: { 'X-Shop': 'Acme' },
    });
    const defaults = await call(a, 'POST', `/templates/${id}/preview`, {});
    expect(defaults.json().results.subject).toBe('Deals for friend');

    await call(a, 'PUT', `/templates/${id}`, { content: content('Draft for {{name}}') });
    const draft = await call(a, 'POST', `/templates/${id}/preview?draft=true`, {
      substitution_data: { name: 'Bo' },
    });
    expect(draft.json().results.subject).toBe('Draft for Bo');
    const published = await call(a, 'POST', `/templates/${id}/preview?draft=false`, {
      substitution_data: {},
    });
    expect(published.json().results.subject).toBe('Deals for friend');

    // A subject that renders empty cannot be sent: the preview says why.
    const empty = await create({ name: 'Empty subject', content: content('{{subject}}') });
    const failed = await call(a, 'POST', `/templates/${empty}/preview`, { substitution_data: {} });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().errors[0].description).toContain('subject is empty');
    expect((await call(a, 'POST', '/templates/missing/preview', {})).statusCode).toBe(404);
  });

  it('deletes a template with both versions', async () => {
    const id = await create({ name: 'Doomed', published: true });
    const deleted = await call(a, 'DELETE', `/templates/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({});
    expect((await call(a, 'GET', `/templates/${id}`)).statusCode).toBe(404);
    expect((await call(a, 'DELETE', `/templates/${id}`)).statusCode).toBe(404);
    expect(await store().forSending(a.companyId, 0, id, false)).toBeUndefined();
  });

  it('keeps a template that a scheduled transmission will still read', async () => {
    const id = await create({ name: 'Scheduled', published: true });
    await t.db.query(
      `INSERT INTO transmissions (company_id, subaccount_id, state, environment, template_id, request, created_at)
       VALUES ($1, 0, 'submitted', 'production', $2, '{}', now())`,
      [a.companyId, id],
    );
    const refused = await call(a, 'DELETE', `/templates/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('1602');
    await t.db.query(`UPDATE transmissions SET state = 'Success' WHERE template_id = $1`, [id]);
    expect((await call(a, 'DELETE', `/templates/${id}`)).statusCode).toBe(200);
  });

  it('records the last use shown in the list', async () => {
    const id = await create({ name: 'Used', published: true });
    const at = new Date('2030-01-02T03:04:05.000Z');
    await store().markUsed(a.companyId, 0, id, at);
    const listed = (await call(a, 'GET', '/templates'))
      .json()
      .results.find((item: { id: string }) => item.id === id);
    expect(listed.last_use).toBe(at.toISOString());
    await store().markUsed(a.companyId, 0, id, new Date('2029-01-01T00:00:00Z'));
    expect((await call(a, 'GET', `/templates/${id}`)).json().results.last_use).toBe(at.toISOString());
  });

  it('needs templates/view to read and templates/modify to change', async () => {
    const id = await create({ name: 'Guarded', published: true });
    const viewer = await newKey(['templates/view']);
    const asViewer = { authorization: viewer };
    expect((await call(a, 'GET', '/templates', undefined, asViewer)).statusCode).toBe(200);
    expect((await call(a, 'GET', `/templates/${id}`, undefined, asViewer)).statusCode).toBe(200);
    expect((await call(a, 'POST', `/templates/${id}/preview`, {}, asViewer)).statusCode).toBe(200);
    const write = await call(a, 'POST', '/templates', { name: 'x', content: content() }, asViewer);
    expect(write.statusCode).toBe(403);
    expect(write.json().errors[0].description).toContain('templates/modify');
    expect((await call(a, 'PUT', `/templates/${id}`, { name: 'x' }, asViewer)).statusCode).toBe(403);
    expect((await call(a, 'DELETE', `/templates/${id}`, undefined, asViewer)).statusCode).toBe(403);

    const editor = await newKey(['templates/modify']);
    expect((await call(a, 'GET', `/templates/${id}`, undefined, { authorization: editor })).statusCode).toBe(
      200,
    );
    const sender = await newKey(['transmissions/modify']);
    expect((await call(a, 'GET', '/templates', undefined, { authorization: sender })).statusCode).toBe(403);
  });

  it("no company reads, uses, changes or deletes another's templates", async () => {
    const id = await create({ id: 'secret-offer', name: 'Secret', published: true });
    expect((await call(b, 'GET', `/templates/${id}`)).statusCode).toBe(404);
    expect((await call(b, 'POST', `/templates/${id}/preview`, {})).statusCode).toBe(404);
    expect((await call(b, 'PUT', `/templates/${id}`, { name: 'stolen' })).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `/templates/${id}`)).statusCode).toBe(404);
    const listed = (await call(b, 'GET', '/templates')).json().results;
    expect(listed.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(await store().forSending(b.companyId, 0, id, false)).toBeUndefined();
    // B may use the same id for its own template.
    expect((await call(b, 'POST', '/templates', { id, name: 'Mine', content: content() })).statusCode).toBe(
      200,
    );
    expect((await call(a, 'GET', `/templates/${id}`)).json().results.name).toBe('Secret');
  });

  it('a subaccount sees the master templates only when shared, and cannot change them', async () => {
    const asSub = { subaccount: sub };
    const hidden = await create({ name: 'Master private', published: true });
    const shared = await create({ name: 'Master shared', published: true, shared_with_subaccounts: true });

    expect((await call(a, 'GET', `/templates/${hidden}`, undefined, asSub)).statusCode).toBe(404);
    expect(await store().forSending(a.companyId, sub, hidden, false)).toBeUndefined();
    const view = await call(a, 'GET', `/templates/${shared}`, undefined, asSub);
    expect(view.statusCode).toBe(200);
    expect(view.json().results).toMatchObject({ id: shared, shared_with_subaccounts: true });
    expect((await call(a, 'POST', `/templates/${shared}/preview`, {}, asSub)).statusCode).toBe(200);
    expect((await store().forSending(a.companyId, sub, shared, false))?.id).toBe(shared);

    const forbidden = await call(a, 'PUT', `/templates/${shared}`, { name: 'mine now' }, asSub);
    expect(forbidden.statusCode).toBe(403);
    expect((await call(a, 'DELETE', `/templates/${shared}`, undefined, asSub)).statusCode).toBe(403);
    expect((await call(a, 'GET', `/templates/${shared}`)).json().results.name).toBe('Master shared');

    // The subaccount's own templates: its own partition, never shared.
    const cannotShare = await call(
      a,
      'POST',
      '/templates',
      { name: 'Sub', content: content(), shared_with_subaccounts: true },
      asSub,
    );
    expect(cannotShare.statusCode).toBe(422);
    const own = await create({ name: 'Sub own' }, asSub);
    const listed = (await call(a, 'GET', '/templates', undefined, asSub)).json().results;
    const ids = listed.map((item: { id: string }) => item.id);
    expect(ids).toContain(shared);
    expect(ids).toContain(own);
    expect(ids).not.toContain(hidden);
    expect(listed.find((item: { id: string }) => item.id === own)).toMatchObject({ subaccount_id: sub });
    expect(listed.find((item: { id: string }) => item.id === own).shared_with_subaccounts).toBeUndefined();
    expect((await call(a, 'PUT', `/templates/${own}`, { published: true }, asSub)).statusCode).toBe(200);

    // Neither the master nor another subaccount reaches it by id.
    expect((await call(a, 'GET', `/templates/${own}`)).statusCode).toBe(404);
    expect((await call(a, 'GET', `/templates/${own}`, undefined, { subaccount: otherSub })).statusCode).toBe(
      404,
    );
    expect(await store().forSending(a.companyId, otherSub, own, false)).toBeUndefined();

    // Unsharing takes it away from the subaccounts at once.
    await call(a, 'PUT', `/templates/${shared}`, { shared_with_subaccounts: false });
    expect((await call(a, 'GET', `/templates/${shared}`, undefined, asSub)).statusCode).toBe(404);
  });

  it("a subaccount's own template wins over the master's shared one with the same id", async () => {
    await create({ id: 'receipt', name: 'Master receipt', published: true, shared_with_subaccounts: true });
    await create(
      { id: 'receipt', name: 'Shop receipt', published: true, content: content('Shop receipt') },
      { subaccount: sub },
    );
    expect((await store().forSending(a.companyId, sub, 'receipt', false))?.content).toMatchObject({
      subject: 'Shop receipt',
    });
    expect((await store().forSending(a.companyId, otherSub, 'receipt', false))?.content).toMatchObject({
      subject: 'Hello {{name}}',
    });
    const listed = (await call(a, 'GET', '/templates', undefined, { subaccount: sub })).json().results;
    expect(listed.filter((item: { id: string }) => item.id === 'receipt')).toEqual([
      expect.objectContaining({ name: 'Shop receipt', subaccount_id: sub }),
    ]);
    await store().markUsed(a.companyId, sub, 'receipt', new Date('2031-01-01T00:00:00Z'));
    expect((await call(a, 'GET', '/templates/receipt')).json().results.last_use).toBeUndefined();
  });
});
