import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';
import {
  embedCall,
  embedToken,
  findingsPreheader,
  sampleDesign,
  textBlock,
} from '../../testing/embed-fixtures.ts';
import { type EngineAccount, engineAccount, engineCaller } from '../../testing/engine.ts';

const renderer = vi.hoisted(() => ({ busy: false }));

vi.mock('./render/design-renderer.ts', async () => {
  const { fakeRenderDesign } = await import('../../testing/embed-fixtures.ts');
  const { PoolBusyError } = await import('../../threads/fair-pool.ts');
  const render: typeof fakeRenderDesign = (companyId, design) =>
    renderer.busy ? Promise.reject(new PoolBusyError()) : fakeRenderDesign(companyId, design);
  return { createDesignRenderer: () => render };
});

describe.each(databases)('designs through the embed API on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'designs-a');
    b = await engineAccount(t.app, t.db, 'designs-b');
    tokenA = await embedToken(t.app, a);
    tokenB = await embedToken(t.app, b);
  });

  const save = (token: string, id: string, body: Record<string, unknown>) =>
    embedCall(t.app, token, 'PUT', `/templates/${id}/design`, body);

  it('reads a template that does not exist yet as an empty design', async () => {
    const read = await embedCall(t.app, tokenA, 'GET', '/templates/fresh/design');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().results).toEqual({
      template_id: 'fresh',
      name: 'fresh',
      exists: false,
      design: null,
      revision: 0,
      has_draft: false,
      has_published: false,
      updated_at: null,
    });
  });

  it('saves the design as the template draft, publishes it, and the template sends', async () => {
    const first = await save(tokenA, 'spring-sale', {
      design: sampleDesign(),
      revision: 0,
      name: 'Spring sale',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results).toMatchObject({
      template_id: 'spring-sale',
      revision: 1,
      has_draft: true,
      has_published: false,
    });
    const draft = await call(a, 'GET', '/templates/spring-sale?draft=true');
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().results).toMatchObject({
      name: 'Spring sale',
      content: {
        from: { email: 'news@acme.test', name: 'Acme' },
        subject: 'Hello {{name}}',
        text: 'Hello {{name}}',
      },
    });
    expect(draft.json().results.content.html).toContain('{{name}}');

    const published = await save(tokenA, 'spring-sale', {
      design: sampleDesign(),
      revision: 1,
      publish: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().results).toMatchObject({ revision: 2, has_draft: false, has_published: true });

    const read = await embedCall(t.app, tokenA, 'GET', '/templates/spring-sale/design');
    expect(read.json().results).toMatchObject({
      name: 'Spring sale',
      exists: true,
      revision: 2,
      has_published: true,
      design: sampleDesign(),
    });

    const sent = await call(a, 'POST', '/transmissions', {
      recipients: [{ address: 'reader@example.com', substitution_data: { name: 'Ann' } }],
      content: { template_id: 'spring-sale' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().results.total_accepted_recipients).toBe(1);
  });

  it('refuses a save from a stale revision (409) and keeps the newer one', async () => {
    await save(tokenA, 'race', { design: sampleDesign(), revision: 0 });
    await save(tokenA, 'race', { design: sampleDesign({ subject: 'Second' }), revision: 1 });
    const stale = await save(tokenA, 'race', { design: sampleDesign({ subject: 'Lost' }), revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe('1602');
    const draft = await call(a, 'GET', '/templates/race?draft=true');
    expect(draft.json().results.content.subject).toBe('Second');
  });

  it('forgets the design with its template: a new template of the same id starts empty', async () => {
    await save(tokenA, 'reborn', { design: sampleDesign({ subject: 'Old' }), revision: 0 });
    expect((await call(a, 'DELETE', '/templates/reborn')).statusCode).toBe(200);
    const read = await embedCall(t.app, tokenA, 'GET', '/templates/reborn/design');
    expect(read.json().results).toMatchObject({ exists: false, design: null, revision: 0 });
    const again = await save(tokenA, 'reborn', { design: sampleDesign({ subject: 'New' }), revision: 0 });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('lets one of two saves from the same revision win, whole: the template holds the winner', async () => {
    const answers = await Promise.all(
      ['First', 'Second'].map((subject) =>
        save(tokenA, 'both', { design: sampleDesign({ subject }), revision: 0 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const read = (await embedCall(t.app, tokenA, 'GET', '/templates/both/design')).json().results;
    expect(read.revision).toBe(1);
    const draft = await call(a, 'GET', '/templates/both?draft=true');
    expect(draft.json().results.content.subject).toBe(read.design.message.subject);
  });

  it('keeps a subaccount token to the subaccount', async () => {
    const created = await call(a, 'POST', '/subaccounts', { name: 'Shop', setup_api_key: false });
    const sub = created.json().results.subaccount_id;
    const token = await embedToken(t.app, a, {}, sub);
    expect((await embedCall(t.app, token, 'GET', '/session')).json().results.subaccount_id).toBe(sub);
    expect((await save(token, 'shop-news', { design: sampleDesign(), revision: 0 })).statusCode).toBe(200);
    expect(
      (await call(a, 'GET', '/templates/shop-news?draft=true', undefined, { subaccount: sub })).statusCode,
    ).toBe(200);
    const master = (await embedCall(t.app, tokenA, 'GET', '/templates/shop-news/design')).json().results;
    expect(master.exists).toBe(false);
  });

  it('refuses a design whose MJML has findings (422), storing nothing', async () => {
    const design = sampleDesign();
    design.global.preheader = findingsPreheader;
    const refused = await save(tokenA, 'broken', { design, revision: 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].description).toContain('line 3 <mj-text>: Attribute colour is illegal');
    expect((await call(a, 'GET', '/templates/broken?draft=true')).statusCode).toBe(404);
  });

  it('saves a draft without subject or sender, but refuses to publish it, naming what is missing', async () => {
    const noSubject = sampleDesign({ subject: '' });
    expect((await save(tokenA, 'wip', { design: noSubject, revision: 0 })).statusCode).toBe(200);
    const publish = await save(tokenA, 'wip', { design: noSubject, revision: 1, publish: true });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().errors[0]).toMatchObject({
      code: '1400',
      description: 'Add a subject in Global Setting before publishing',
    });
    const noFrom = sampleDesign({ fromEmail: '' });
    const publishNoFrom = await save(tokenA, 'wip', { design: noFrom, revision: 1, publish: true });
    expect(publishNoFrom.json().errors[0].description).toMatch(/^Add a From address/);
    const badFrom = await save(tokenA, 'wip', {
      design: sampleDesign({ fromEmail: 'not an address' }),
      revision: 1,
    });
    expect(badFrom.statusCode).toBe(422);
  });

  it('renders without storing', async () => {
    const rendered = await embedCall(t.app, tokenA, 'POST', '/render', { design: sampleDesign() });
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(rendered.json().results).toMatchObject({ text: 'Hello {{name}}', findings: [], assets: {} });
  });

  it('answers 503 in SparkPost words while the renderer is busy, for previews and saves', async () => {
    renderer.busy = true;
    try {
      const preview = await embedCall(t.app, tokenA, 'POST', '/render', { design: sampleDesign() });
      const saved = await save(tokenA, 'busy', { design: sampleDesign(), revision: 0 });
      for (const answer of [preview, saved]) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.headers['retry-after']).toBe('1');
        expect(answer.json().errors[0]).toMatchObject({
          description: "The editor's renderer is busy; try again in a moment.",
        });
      }
    } finally {
      renderer.busy = false;
    }
    const read = await embedCall(t.app, tokenA, 'GET', '/templates/busy/design');
    expect(read.json().results).toMatchObject({ exists: false });
  });

  it("keeps each company's designs to itself", async () => {
    await save(tokenA, 'private', { design: sampleDesign({ subject: 'A only' }), revision: 0 });
    const read = await embedCall(t.app, tokenB, 'GET', '/templates/private/design');
    expect(read.json().results).toMatchObject({ exists: false, design: null, revision: 0 });
    // B's save makes B's own template; A's stays as it was.
    expect((await save(tokenB, 'private', { design: sampleDesign(), revision: 0 })).statusCode).toBe(200);
    const draftA = await call(a, 'GET', '/templates/private?draft=true');
    expect(draftA.json().results.content.subject).toBe('A only');
  });

  it('answers hostile input with SparkPost-shaped 400 and 422', async () => {
    const badJson = await t.app.inject({
      method: 'PUT',
      url: '/embed/v1/templates/x/design',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      payload: '{"design": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().errors[0].code).toBe('1300');
    const wrongTypes = await save(tokenA, 'x', { design: { version: 'one' }, revision: 'zero' });
    expect(wrongTypes.statusCode).toBe(422);
    expect(wrongTypes.json().errors.length).toBeGreaterThan(0);
    const badId = await embedCall(t.app, tokenA, 'GET', '/templates/has%20space/design');
    expect(badId.statusCode).toBe(422);
    const large = sampleDesign();
    large.blocks = Array.from({ length: 15 }, (_, index) => textBlock(`b${index}`, 'x'.repeat(99_000)));
    const tooLarge = await save(tokenA, 'x', { design: large, revision: 0 });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors[0].description).toBe('The design is larger than 1000000 bytes as JSON');
    const nul = await save(tokenA, 'x', { design: sampleDesign({ subject: 'a\u0000b' }), revision: 0 });
    expect(nul.statusCode).toBe(422);
  });
});

describe('the embed design routes under the rate limit', () => {
  const t = useTestApp(defaultDatabase, { config: { rateLimitPerMinute: 20 } });

  it('allow 120 previews and 60 saves a minute per IP, then answer 429', async () => {
    const token = await embedToken(t.app, await engineAccount(t.app, t.db, 'designs-limited'));
    const renders = [];
    for (let index = 0; index < 121; index += 1) {
      renders.push((await embedCall(t.app, token, 'POST', '/render', { design: sampleDesign() })).statusCode);
    }
    expect(renders.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(renders[120]).toBe(429);
    const saves = [];
    for (let index = 0; index < 61; index += 1) {
      const body = { design: sampleDesign(), revision: index };
      saves.push(await embedCall(t.app, token, 'PUT', '/templates/limited/design', body));
    }
    expect(saves[59]?.statusCode, saves[59]?.body).toBe(200);
    expect(saves[60]?.statusCode).toBe(429);
    expect(saves[60]?.json().errors[0]).toMatchObject({ code: '1003' });
  });
});
