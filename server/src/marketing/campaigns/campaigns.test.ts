import { defaultDesign } from '@app/contract/editor/default-design';
import { withUnsubscribeFooter } from '@app/contract/marketing/campaign-footer';
import { campaignMissing, campaignRefusals } from '@app/contract/marketing/campaign-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketingEngineOf } from '../../engine/interfaces.ts';
import { unsubscribeLink, useCampaignTests } from '../../testing/campaigns.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { validatedSender } from '../../testing/senders.ts';

describe.each(databases)('campaigns on $name', (database) => {
  const {
    t,
    contact,
    label,
    campaign,
    ready: readyCampaign,
    readyOfA: ready,
    runner,
    messagesOf,
    accounts,
  } = useCampaignTests(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let senderA: string;
  beforeAll(() => {
    ({ a, b, senderA } = accounts());
  });

  it('sends to each contact of the audience once, with its own data, as non-transactional mail', async () => {
    const ids = [
      await contact(a, { email: 'ana@send.test', firstname: 'Ana' }),
      await contact(a, { email: 'bo@send.test', firstname: 'Bo' }),
      await contact(a, { email: 'cy@send.test', firstname: 'Cy' }),
    ];
    await contact(a, { email: 'outside@send.test', firstname: 'Out' });
    const made = await ready(await label(a, 'Send', ids));
    const sent = await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('SENDING');
    expect(await runner({ batchSize: 2 }).runDue()).toBe(1);
    const done = await t.getData(`/v1/email-marketing/${made.id}`, a.token);
    expect(done).toMatchObject({ status: 'SENT', queued: 3, error: null });
    expect(await messagesOf(a.companyId, made.id)).toEqual(['ana@send.test', 'bo@send.test', 'cy@send.test']);
    await t.composeQueued();
    const row = await t.db.one<{ raw: Uint8Array; transactional: boolean }>(
      `SELECT raw, (options->>'transactional')::boolean AS transactional FROM messages
       WHERE company_id = $1 AND rcpt_to = $2`,
      [a.companyId, 'bo@send.test'],
    );
    const message = Buffer.from(row.raw).toString();
    expect(message).toContain('Subject: News for Bo');
    expect(message).toContain('Hi Bo');
    // Non-transactional: delivery adds the one-click List-Unsubscribe headers and honours the marketing list.
    expect(row.transactional).toBe(false);
    // Nothing more to do: the send is over.
    expect(await runner().runDue()).toBe(0);
  });

  it("takes a sent campaign's recipients along when it is deleted, or its company is", async () => {
    const recipients = async (campaignId: string) =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM campaign_recipients WHERE campaign_id = $1',
          [campaignId],
        )
      ).count;
    const c = await engineAccount(t.app, t.db, 'leaving');
    const senderC = await validatedSender(t.db, c.companyId, 'news@acme.test');
    const sent: string[] = [];
    for (const account of [a, c]) {
      const ids = [
        await contact(account, { email: 'one@gone.test' }),
        await contact(account, { email: 'two@gone.test' }),
      ];
      const made = await readyCampaign(
        account,
        account === a ? senderA : senderC,
        await label(account, 'Going', ids),
      );
      expect((await t.post(`/v1/email-marketing/${made.id}/send`, account.token, {})).statusCode).toBe(200);
      expect(await runner().runDue()).toBe(1);
      expect(await recipients(made.id)).toBe(2);
      sent.push(made.id);
    }
    const [ofA = '', ofC = ''] = sent;
    expect((await t.call('DELETE', `/v1/email-marketing/${ofA}`, a.token)).statusCode).toBe(200);
    expect(await recipients(ofA)).toBe(0);
    await t.db.query('DELETE FROM companies WHERE id = $1', [c.companyId]);
    expect(await recipients(ofC)).toBe(0);
  });

  it('sends no contact twice when a worker dies after the engine took a batch and before recording it', async () => {
    const ids: string[] = [];
    for (const name of ['ann', 'ben', 'cat', 'dan', 'eve']) {
      ids.push(await contact(a, { email: `${name}@crash.test`, firstname: name }));
    }
    const made = await ready(await label(a, 'Crash', ids));
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    const engine = marketingEngineOf(t.engine);
    let batches = 0;
    // The process dies right after the engine accepted its second batch.
    const dying = runner({
      batchSize: 2,
      engine: {
        async submitCampaignBatch(companyId, batch) {
          const accepted = await engine.submitCampaignBatch(companyId, batch);
          batches += 1;
          if (batches === 2) throw new Error('killed');
          return accepted;
        },
      },
    });
    await expect(dying.runDue()).rejects.toThrow('killed');
    expect(await messagesOf(a.companyId, made.id)).toHaveLength(4);
    // Its claim holds until it lapses; then another worker submits the pending batch again and goes on.
    expect(await runner({ batchSize: 2 }).runDue()).toBe(0);
    t.clock.advance(61_000);
    expect(await runner({ batchSize: 2 }).runDue()).toBe(1);
    expect(await messagesOf(a.companyId, made.id)).toEqual(
      ['ann', 'ben', 'cat', 'dan', 'eve'].map((name) => `${name}@crash.test`),
    );
    expect(await t.getData(`/v1/email-marketing/${made.id}`, a.token)).toMatchObject({
      status: 'SENT',
      queued: 5,
    });
  });

  it('pauses a send between batches, resumes it where it stood, and cancels one for good', async () => {
    const ids: string[] = [];
    for (const name of ['fay', 'gus', 'hal', 'ivy', 'jon']) {
      ids.push(await contact(a, { email: `${name}@pause.test`, firstname: name }));
    }
    const made = await ready(await label(a, 'Pause', ids));
    expect((await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {})).statusCode).toBe(200);
    const engine = marketingEngineOf(t.engine);
    // The owner pauses while the first batch goes to the engine.
    const pausing = runner({
      batchSize: 2,
      engine: {
        async submitCampaignBatch(companyId, batch) {
          const paused = await t.post(`/v1/email-marketing/${made.id}/pause`, a.token);
          expect(paused.json().data?.status ?? paused.body).toBe('PAUSED');
          return engine.submitCampaignBatch(companyId, batch);
        },
      },
    });
    expect(await pausing.runDue()).toBe(1);
    expect(await messagesOf(a.companyId, made.id)).toHaveLength(2);
    expect(await runner().runDue()).toBe(0);
    const again = await t.post(`/v1/email-marketing/${made.id}/pause`, a.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(campaignRefusals.notSending);
    expect((await t.post(`/v1/email-marketing/${made.id}/resume`, a.token)).json().data.status).toBe(
      'SENDING',
    );
    expect(await runner({ batchSize: 2 }).runDue()).toBe(1);
    expect(await messagesOf(a.companyId, made.id)).toEqual(
      ['fay', 'gus', 'hal', 'ivy', 'jon'].map((name) => `${name}@pause.test`),
    );
    expect(await t.getData(`/v1/email-marketing/${made.id}`, a.token)).toMatchObject({
      status: 'SENT',
      queued: 5,
    });
    expect((await t.post(`/v1/email-marketing/${made.id}/cancel`, a.token)).json().message).toBe(
      campaignRefusals.notCancellable,
    );

    const copy = (await t.post(`/v1/email-marketing/${made.id}/duplicate`, a.token)).json().data;
    expect((await t.post(`/v1/email-marketing/${copy.id}/send`, a.token, {})).statusCode).toBe(200);
    expect((await t.post(`/v1/email-marketing/${copy.id}/cancel`, a.token)).json().data.status).toBe(
      'CANCELLED',
    );
    expect(await runner().runDue()).toBe(0);
    expect(await messagesOf(a.companyId, copy.id)).toEqual([]);
  });

  it('lists what is missing before it sends, and refuses a draft nobody could receive', async () => {
    const empty = await campaign(a, { name: 'Empty' });
    const refused = await t.post(`/v1/email-marketing/${empty.id}/send`, a.token, {});
    expect(refused.statusCode).toBe(400);
    for (const missing of Object.values(campaignMissing).filter(
      (text) => text !== campaignMissing.unsubscribe && text !== campaignMissing.plan,
    )) {
      expect(refused.json().message).toContain(missing);
    }
    const lonely = await label(a, 'Nobody', []);
    const noLink = await ready(lonely, { content: { html: '<p>No way out</p>' } });
    const withoutLink = await t.post(`/v1/email-marketing/${noLink.id}/send`, a.token, {});
    expect(withoutLink.json().message).toBe(campaignMissing.unsubscribe);
    const nobody = await ready(lonely);
    const noRecipients = await t.post(`/v1/email-marketing/${nobody.id}/send`, a.token, {});
    expect(noRecipients.statusCode).toBe(400);
    expect(noRecipients.json().message).toBe(campaignRefusals.noRecipients);
  });

  it("answers the ready check before a send, and mails a test with a chosen contact's data", async () => {
    const empty = await campaign(a, { name: 'Unready' });
    expect(await t.getData(`/v1/email-marketing/${empty.id}/ready`, a.token)).toEqual({
      missing: [
        campaignMissing.subject,
        campaignMissing.sender,
        campaignMissing.recipients,
        campaignMissing.content,
      ],
    });
    const noTest = await t.post(`/v1/email-marketing/${empty.id}/send-test-v2`, a.token, {
      emails: ['me@acme.test'],
    });
    expect(noTest.statusCode).toBe(400);
    expect(noTest.json().message).toBe(campaignMissing.subject);

    const zed = await contact(a, { email: 'zed@test.test', firstname: 'Zed' });
    const made = await ready(await label(a, 'Tested', [zed]));
    expect(await t.getData(`/v1/email-marketing/${made.id}/ready`, a.token)).toEqual({ missing: [] });
    // A design from the block editor is ready once it has the composer's unsubscribe footer.
    const designed = await campaign(a, { name: 'Designed', content: { design: defaultDesign() } });
    expect((await t.getData(`/v1/email-marketing/${designed.id}/ready`, a.token)).missing).toContain(
      campaignMissing.unsubscribe,
    );
    const footed = await t.call('PATCH', `/v1/email-marketing/${designed.id}`, a.token, {
      content: { design: withUnsubscribeFooter(defaultDesign(), t.config.publicUrl) },
    });
    expect(footed.statusCode, footed.body).toBe(200);
    expect((await t.getData(`/v1/email-marketing/${designed.id}/ready`, a.token)).missing).not.toContain(
      campaignMissing.unsubscribe,
    );
    const tested = await t.post(`/v1/email-marketing/${made.id}/send-test-v2`, a.token, {
      emails: ['me@acme.test', 'boss@acme.test'],
      contactId: zed,
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toEqual({ sent: 2 });
    await t.composeQueued();
    const rows = await t.db.query<{ rcpt_to: string; raw: Uint8Array }>(
      'SELECT rcpt_to, raw FROM messages WHERE company_id = $1 AND campaign_id = $2 ORDER BY rcpt_to',
      [a.companyId, `campaign-${made.id}-test`],
    );
    expect(rows.map((row) => row.rcpt_to)).toEqual(['boss@acme.test', 'me@acme.test']);
    const message = Buffer.from(rows[0]?.raw ?? new Uint8Array()).toString();
    expect(message).toContain('Subject: [Test] News for Zed');
    expect(message).toContain('Hi Zed');
    // A test is not the campaign's send: nothing went to its audience, and it is still a draft.
    expect(await messagesOf(a.companyId, made.id)).toEqual([]);
    expect((await t.getData(`/v1/email-marketing/${made.id}`, a.token)).status).toBe('DRAFT');

    const tooMany = await t.post(`/v1/email-marketing/${made.id}/send-test-v2`, a.token, {
      emails: Array.from({ length: 11 }, (_, index) => `t${index}@acme.test`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('A test goes to at most 10 addresses');
    const stranger = await t.post(`/v1/email-marketing/${made.id}/send-test-v2`, b.token, {
      emails: ['x@b.test'],
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("schedules at the team's local time, sends only then, and takes a schedule back to a draft", async () => {
    const id = await contact(a, { email: 'later@schedule.test', firstname: 'Later' });
    const made = await ready(await label(a, 'Schedule', [id]));
    const now = t.clock.now();
    const past = await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {
      schedule: '2020-01-01 10:00',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(campaignRefusals.pastSchedule);
    const malformed = await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {
      schedule: '2030-02-30 10:00',
    });
    expect(malformed.statusCode).toBe(400);
    // The team's zone is UTC+07:00 by default (§9): 2 days ahead at 10:00 there is 03:00 UTC.
    const day = new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await t.post(`/v1/email-marketing/${made.id}/send`, a.token, {
      schedule: `${day} 10:00`,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data).toMatchObject({ status: 'SCHEDULED', scheduledAt: `${day}T03:00:00.000Z` });
    const edit = await t.call('PATCH', `/v1/email-marketing/${made.id}`, a.token, { subject: 'Changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(campaignRefusals.notDraft);
    expect(await runner().runDue()).toBe(0);
    const back = await t.post(`/v1/email-marketing/${made.id}/cancel-schedule`, a.token);
    expect(back.json().data).toMatchObject({ status: 'DRAFT', scheduledAt: null });
    expect(
      (await t.post(`/v1/email-marketing/${made.id}/send`, a.token, { schedule: `${day} 10:00` })).statusCode,
    ).toBe(200);
    t.clock.advance(3 * 86_400_000);
    expect(await runner().runDue()).toBe(1);
    expect(await messagesOf(a.companyId, made.id)).toEqual(['later@schedule.test']);
    t.clock.advance(-3 * 86_400_000);
  });

  it('edits, copies and deletes drafts; keeps every campaign to its company', async () => {
    const id = await contact(a, { email: 'mine@tenant.test' });
    const mine = await label(a, 'Tenant', [id]);
    const made = await ready(mine);
    // Its status, polled while it goes out, comes without the content (up to 2 MB).
    const status = await t.getData(`/v1/email-marketing/${made.id}/status`, a.token);
    expect(status).toMatchObject({ id: made.id, status: 'DRAFT' });
    expect(status).not.toHaveProperty('content');
    expect((await t.call('GET', `/v1/email-marketing/${made.id}/status`, b.token)).statusCode).toBe(404);
    // Its HTML as a file, only with the company's htmlDownload toggle (§6).
    const refused = await t.call('GET', `/v1/email-marketing/${made.id}/html`, a.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('needs the HTML download option');
    await t.accounts.companies.setToggle(a.companyId, 'htmlDownload', true);
    const file = await t.call('GET', `/v1/email-marketing/${made.id}/html`, a.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/html');
    expect(file.headers['content-disposition']).toContain(`campaign-${made.id}.html`);
    expect(file.body).toContain('Hi {{firstname}}');
    expect((await t.call('GET', `/v1/email-marketing/${made.id}/html`, b.token)).statusCode).toBe(404);
    await t.accounts.companies.setToggle(a.companyId, 'htmlDownload', false);
    // Content up to 2 MB of HTML is taken; more is refused with the limit's words.
    const big = `<p>${'x'.repeat(1_900_000)}</p>${unsubscribeLink}`;
    const large = await t.call('PATCH', `/v1/email-marketing/${made.id}`, a.token, {
      content: { html: big },
    });
    expect(large.statusCode, large.body.slice(0, 300)).toBe(200);
    const tooLarge = await t.call('PATCH', `/v1/email-marketing/${made.id}`, a.token, {
      content: { html: 'y'.repeat(2_200_000) },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body).toContain('The HTML is larger than 2 MB');
    const edited = await t.call('PATCH', `/v1/email-marketing/${made.id}`, a.token, {
      subject: 'New subject',
    });
    expect(edited.json().data).toMatchObject({ subject: 'New subject', labels: [mine] });
    const copy = await t.post(`/v1/email-marketing/${made.id}/duplicate`, a.token);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({
      name: 'Copy of November news',
      status: 'DRAFT',
      subject: 'New subject',
    });
    const listed = await t.getData('/v1/email-marketing?search=Copy%20of%20November', a.token);
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(copy.json().data.id);
    // A list leaves the content (up to 2 MB each) to the campaign's own GET.
    expect(listed.items[0]).not.toHaveProperty('content');

    // Company B sees none of it, and cannot use A's label or sender in its own campaign.
    for (const [method, url] of [
      ['GET', `/v1/email-marketing/${made.id}`],
      ['PATCH', `/v1/email-marketing/${made.id}`],
      ['DELETE', `/v1/email-marketing/${made.id}`],
      ['POST', `/v1/email-marketing/${made.id}/send`],
      ['POST', `/v1/email-marketing/${made.id}/count-recipient`],
      ['POST', `/v1/email-marketing/${made.id}/duplicate`],
      ['POST', `/v1/email-marketing/${made.id}/cancel-schedule`],
    ] as const) {
      const response = await t.call(
        method,
        url,
        b.token,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.getData('/v1/email-marketing', b.token)).total).toBe(0);
    const borrowed = await t.post('/v1/email-marketing', b.token, { name: 'Borrowed', labels: [mine] });
    expect(borrowed.statusCode).toBe(404);
    const borrowedSender = await t.post('/v1/email-marketing', b.token, {
      name: 'Borrowed',
      senderId: senderA,
    });
    expect(borrowedSender.statusCode).toBe(404);

    expect((await t.call('DELETE', `/v1/email-marketing/${made.id}`, a.token)).statusCode).toBe(200);
    expect((await t.get(`/v1/email-marketing/${made.id}`, a.token)).statusCode).toBe(404);
  });
});
