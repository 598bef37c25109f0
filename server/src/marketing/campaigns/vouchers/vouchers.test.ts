import { voucherMessages } from '@app/contract/marketing/vouchers';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app.ts';
import { campaignHelpers } from '../../../testing/campaigns.ts';
import { databases } from '../../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../../testing/engine.ts';
import { validatedSender } from '../../../testing/senders.ts';

const html = `<html><body><p>Your code: {{voucher}}</p>
<a href="https://acme.test/bye" data-msys-unsubscribe="1">Unsubscribe</a></body></html>`;

describe.each(databases)('vouchers on $name', (database) => {
  const t = useTestApp(database);
  const { contact, label, campaign, runner } = campaignHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let members: string;
  const ids: string[] = [];

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'vouchers');
    b = await engineAccount(t.app, t.db, 'vouchers-other');
    for (const name of ['va', 'vb', 'vc']) ids.push(await contact(a, { email: `${name}@voucher.test` }));
    members = await label(a, 'Members', ids);
  });

  it('generates one code a contact of the recipient label (the label first, §5), found by email', async () => {
    const noLabel = await t.post('/v1/utils/vouchers', a.token, { name: 'Winter' });
    expect(noLabel.statusCode).toBe(400);
    expect(noLabel.json().message).toBe(voucherMessages.labelFirst);
    expect(
      (await t.post('/v1/utils/vouchers', a.token, { name: 'W', labelId: members, prefix: 'bad prefix' }))
        .statusCode,
    ).toBe(400);

    const made = await t.post('/v1/utils/vouchers', a.token, {
      name: 'Winter',
      labelId: members,
      prefix: 'WIN-',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'Winter', labelId: members, prefix: 'WIN-', codes: 3 });
    const id = made.json().data.id;
    const found = await t.getData(`/v1/utils/vouchers/${id}/find?email=VB@voucher.test`, a.token);
    expect(found.email).toBe('vb@voucher.test');
    expect(found.code).toMatch(/^WIN-[0-9A-F]{10}$/);
    const outsider = await contact(a, { email: 'out@voucher.test' });
    expect(outsider).toBeTruthy();
    const missing = await t.get(`/v1/utils/vouchers/${id}/find?email=out@voucher.test`, a.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(voucherMessages.notInLabel);

    // Another company sees none of it, and cannot use another's label.
    expect((await t.get(`/v1/utils/vouchers/${id}/find?email=vb@voucher.test`, b.token)).statusCode).toBe(
      404,
    );
    expect((await t.getData('/v1/utils/vouchers', b.token)).items).toEqual([]);
    expect((await t.post('/v1/utils/vouchers', b.token, { name: 'X', labelId: members })).statusCode).toBe(
      404,
    );
  });

  it("fills each recipient's {{voucher}} with its own code, one drawn at the send for a later joiner", async () => {
    const list = (await t.post('/v1/utils/vouchers', a.token, { name: 'Send', labelId: members })).json()
      .data;
    expect(list.codes).toBe(3);
    const joiner = await contact(a, { email: 'vd@voucher.test' });
    const joined = await t.post(`/v1/contacts/label/${members}/members`, a.token, { contactIds: [joiner] });
    expect(joined.statusCode, joined.body).toBe(200);
    const sender = await validatedSender(t.db, a.companyId, 'news@acme.test');
    const made = await campaign(a, {
      name: 'Codes',
      subject: 'Your code',
      senderId: sender,
      labels: [members],
      content: { html },
      voucherListId: list.id,
    });
    const theirs = await campaign(b, { name: 'Theirs' });
    expect(
      (await t.call('PATCH', `/v1/email-marketing/${theirs.id}`, b.token, { voucherListId: list.id }))
        .statusCode,
    ).toBe(404);
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    expect(await runner().runDue()).toBe(1);
    await t.composeQueued();
    const rows = await t.db.query<{ rcpt_to: string; raw: Uint8Array }>(
      'SELECT rcpt_to, raw FROM messages WHERE company_id = $1 AND campaign_id = $2 ORDER BY rcpt_to',
      [a.companyId, `campaign-${made.id}`],
    );
    expect(rows).toHaveLength(4);
    const codes = new Set<string>();
    for (const row of rows) {
      const { code } = await t.getData(`/v1/utils/vouchers/${list.id}/find?email=${row.rcpt_to}`, a.token);
      expect(Buffer.from(row.raw).toString()).toContain(`Your code: ${code}`);
      codes.add(code);
    }
    expect(codes.size).toBe(4);
    expect((await t.getData('/v1/utils/vouchers', a.token)).items[0]).toMatchObject({
      id: list.id,
      codes: 4,
    });
    // A deleted list leaves the campaign without one.
    expect((await t.call('DELETE', `/v1/utils/vouchers/${list.id}`, a.token)).statusCode).toBe(200);
    expect((await t.getData(`/v1/email-marketing/${made.id}`, a.token)).voucherListId).toBeNull();
  });
});
