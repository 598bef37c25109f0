import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rowsPerDeleteSlice } from '../../db/delete-in-slices.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { createEventStore } from '../events/event-store.ts';
import { insertMessages, type NewMessage, purgeSandboxMessages } from './message-writer.ts';

const day = 86_400_000;

describe.each(databases)('sandbox inbox retention on $name', (database) => {
  const t = useTestApp(database);

  const message = (companyId: string, environment: NewMessage['environment'], age: number): NewMessage => ({
    id: randomUUID(),
    companyId,
    subaccountId: 0,
    transmissionId: null,
    environment,
    mailFrom: 'bounces@shop.example',
    rcptTo: 'jane@mail.example',
    friendlyFrom: 'orders@shop.example',
    subject: `${environment} ${age}`,
    messageIdHeader: `<${randomUUID()}@shop.example>`,
    campaignId: '',
    templateId: null,
    options: {},
    raw: Buffer.from('Subject: hello\r\n\r\nhi\r\n'),
    createdAt: new Date(t.clock.now().getTime() - age * day),
  });

  it("deletes exactly the sandbox messages past each company's retention, in slices", async () => {
    const kept = await engineAccount(t.app, t.db, 'sandbox-kept');
    const short = await engineAccount(t.app, t.db, 'sandbox-short');
    await t.db.query('UPDATE companies SET event_retention_days = 5 WHERE id = $1', [short.companyId]);
    // More expired messages than two delete slices hold.
    const expired = Array.from({ length: 2 * rowsPerDeleteSlice + 3 }, (_, index) =>
      message(index % 2 === 0 ? kept.companyId : short.companyId, 'sandbox', 40 + (index % 3)),
    );
    await t.db.transaction((tx) =>
      insertMessages(tx, [
        ...expired,
        message(kept.companyId, 'sandbox', 1),
        message(kept.companyId, 'sandbox', 10),
        message(kept.companyId, 'production', 40),
        message(short.companyId, 'sandbox', 1),
        message(short.companyId, 'sandbox', 10),
        message(short.companyId, 'production', 40),
      ]),
    );

    const now = t.clock.now();
    const cutoffs = await createEventStore(t.db).retentionCutoffs(t.db, now);
    expect(await purgeSandboxMessages(t.db, cutoffs)).toBe(expired.length + 1);
    const left = async (companyId: string) =>
      (
        await t.db.query<{ subject: string }>(
          'SELECT subject FROM messages WHERE company_id = $1 ORDER BY created_at DESC',
          [companyId],
        )
      ).map((row) => row.subject);
    expect(await left(kept.companyId)).toEqual(['sandbox 1', 'sandbox 10', 'production 40']);
    expect(await left(short.companyId)).toEqual(['sandbox 1', 'production 40']);
    expect(await purgeSandboxMessages(t.db, cutoffs)).toBe(0);
  });
});
