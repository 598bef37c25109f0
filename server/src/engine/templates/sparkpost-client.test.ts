import type { AddressInfo } from 'node:net';
import SparkPost from 'sparkpost';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { clientFailure, engineAccount } from '../../testing/engine.ts';

// The official `sparkpost` npm client (v2), unmodified, against a listening server.
describe.each(databases)('the sparkpost client on $name', (database) => {
  const t = useTestApp(database);
  let client: SparkPost;

  beforeAll(async () => {
    const account = await engineAccount(t.app, t.db, 'client');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    client = new SparkPost(account.key, { origin: `http://127.0.0.1:${port}` });
  });

  it('manages templates: create, get, update, publish, preview, list, delete', async () => {
    const created = await client.templates.create({
      name: 'Summer Sale',
      content: {
        from: { email: 'deals@example.com', name: 'Deals' },
        subject: 'Deals for {{name}}',
        html: '<b>Deals for {{name}}</b>',
      },
    });
    expect(created.results.id).toBe('summer-sale');
    const { id } = created.results;

    const draft = await client.templates.get(id, { draft: true });
    expect(draft.results).toMatchObject({ id, published: false, content: { subject: 'Deals for {{name}}' } });

    await client.templates.update(id, { published: true });
    await client.templates.update(id, {
      content: {
        from: 'deals@example.com',
        subject: 'New deals for {{name}}',
        text: 'New deals for {{name}}',
      },
    });
    const published = await client.templates.get(id);
    expect(published.results).toMatchObject({
      published: true,
      has_draft: true,
      content: { subject: 'Deals for {{name}}' },
    });
    await client.templates.update(
      id,
      { content: { from: 'deals@example.com', subject: 'Fixed deals', html: '<b>Fixed</b>' } },
      { update_published: true },
    );
    expect((await client.templates.get(id, { draft: false })).results.content).toMatchObject({
      subject: 'Fixed deals',
    });

    const preview = await client.templates.preview(id, {
      substitution_data: { name: 'Natalie' },
      draft: true,
    });
    expect(preview.results).toMatchObject({
      subject: 'New deals for Natalie',
      text: 'New deals for Natalie',
    });
    const publishedPreview = await client.templates.preview(id, { substitution_data: {} });
    expect(publishedPreview.results).toMatchObject({
      from: { email: 'deals@example.com' },
      subject: 'Fixed deals',
      html: '<b>Fixed</b>',
    });

    const listed = await client.templates.list();
    expect(listed.results.map((template) => template.id)).toContain(id);

    const broken = await clientFailure(
      client.templates.create({
        name: 'Broken',
        content: { from: 'a@example.com', subject: 'x', html: '{{each items}}' },
      }),
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.errors[0]).toMatchObject({ code: '3000' });

    await client.templates.delete(id);
    const gone = await clientFailure(client.templates.get(id));
    expect(gone.statusCode).toBe(404);
    expect(gone.errors[0]?.code).toBe('1600');
  });

  it('manages recipient lists: create, get, list, update, delete', async () => {
    const created = await client.recipientLists.create({
      id: 'graduates',
      name: 'Graduate students',
      attributes: { internal_id: 112 },
      num_rcpt_errors: 1,
      recipients: [
        { address: { email: 'wilma@example.com', name: 'Wilma' }, substitution_data: { job: 'Engineer' } },
        { address: 'fred@example.com' },
        { address: 'broken' },
        { address: 'also broken' },
      ],
    } as Parameters<SparkPost['recipientLists']['create']>[0]);
    expect(created.results).toMatchObject({
      id: 'graduates',
      name: 'Graduate students',
      total_accepted_recipients: 2,
      total_rejected_recipients: 2,
    });

    const shown = await client.recipientLists.get('graduates', { show_recipients: true });
    expect(shown.results.recipients).toEqual([
      { address: { email: 'wilma@example.com', name: 'Wilma' }, substitution_data: { job: 'Engineer' } },
      { address: { email: 'fred@example.com' } },
    ]);
    const listed = await client.recipientLists.list();
    expect(listed.results).toEqual([
      {
        id: 'graduates',
        name: 'Graduate students',
        description: '',
        attributes: { internal_id: 112 },
        total_accepted_recipients: 2,
      },
    ]);

    await client.recipientLists.update('graduates', {
      name: 'Graduates 2025',
      recipients: [{ address: { email: 'barney@example.com' } }],
    });
    const updated = await client.recipientLists.get('graduates', { show_recipients: true });
    expect(updated.results).toMatchObject({ name: 'Graduates 2025', total_accepted_recipients: 1 });

    await client.recipientLists.delete('graduates');
    const gone = await clientFailure(client.recipientLists.get('graduates'));
    expect(gone.statusCode).toBe(404);
  });
});
