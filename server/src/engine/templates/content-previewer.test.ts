import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller } from '../../testing/engine.ts';

describe.each(databases)('POST /utils/content-previewer on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'previewer');
  });

  const previewOf = (body: unknown) => call(a, 'POST', '/utils/content-previewer', body);

  it("renders the account's snippets and the language's blocks, with links kept out of the answer", async () => {
    const stored = await call(a, 'POST', '/snippets', {
      id: 'sign-off',
      content: { html: '<p>— {{team}}</p>' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const rendered = await previewOf({
      content: {
        html: '{{if vip}}<b>VIP</b>{{else}}<i>guest</i>{{end}}<a href="https://acme.test/?u={{name}}" data-msys-linkname="home">home</a>{{ render_snippet("sign-off") }}',
      },
      substitution_data: { vip: true, name: 'Ana María', team: 'Acme' },
    });
    expect(rendered.statusCode, rendered.body).toBe(200);
    expect(rendered.json()).toEqual({
      results: { html: '<b>VIP</b><a href="https://acme.test/?u=Ana%20Mar%C3%ADa">home</a><p>— Acme</p>' },
    });
  });

  it('renders the parts given with the substitution data, and stores nothing', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM templates');
    const rendered = await previewOf({
      content: {
        subject: 'Your order, {{customer}}',
        html: '<p>{{items}} items</p>',
        text: 'Bye {{customer}}',
      },
      substitution_data: { customer: 'Ines', items: 3 },
    });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.json()).toEqual({
      results: { subject: 'Your order, Ines', html: '<p>3 items</p>', text: 'Bye Ines' },
    });
    const withSender = await previewOf({
      content: { from: { email: 'shop@acme.test', name: '{{shop}}' }, subject: 'Hi' },
      substitution_data: { shop: 'Acme Shop' },
    });
    expect(withSender.json().results).toEqual({
      from: { email: 'shop@acme.test', name: 'Acme Shop' },
      subject: 'Hi',
    });
    expect(await t.db.one('SELECT count(*)::int AS n FROM templates')).toEqual(before);
  });

  it('answers missing fields with 1400, content that does not compile with 3000', async () => {
    const noData = await previewOf({ content: { subject: 'Hi' } });
    expect(noData.statusCode).toBe(422);
    expect(noData.json().errors[0]).toEqual({
      message: 'required field is missing',
      description: 'substitution_data is required',
      code: '1400',
    });
    const broken = await previewOf({ content: { subject: 'Hi {{name' }, substitution_data: {} });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0]).toMatchObject({ code: '3000', part: 'subject' });
  });

  it('needs the templates/view grant', async () => {
    const created = await call(a, 'POST', '/api-keys', { label: 'sender', grants: ['transmissions/modify'] });
    const refused = await call(
      a,
      'POST',
      '/utils/content-previewer',
      { content: { subject: 'Hi' }, substitution_data: {} },
      { authorization: created.json().results.key },
    );
    expect(refused.statusCode).toBe(403);
  });
});
