import { beforeAll, expect } from 'vitest';
import { createDesignRenderer } from '../content/email-designs/render/design-renderer.ts';
import { type MarketingEngine, marketingEngineOf } from '../engine/interfaces.ts';
import { createCampaignRunner } from '../marketing/campaigns/campaign-runner.ts';
import { createRecipientLinks } from '../marketing/campaigns/recipient-pages/recipient-links.ts';
import { companyDoorOf } from '../marketing/company-door.ts';
import { createAudiences } from '../marketing/contacts/audience/audience.ts';
import { createSegmentService } from '../marketing/contacts/segments/segment-service.ts';
import { senderDoorOf } from '../marketing/senders/sender-door.ts';
import type { TestAccount } from './accounts.ts';
import { useTestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { type EngineAccount, engineAccount } from './engine.ts';
import { validatedSender } from './senders.ts';

type Harness = ReturnType<typeof useTestApp>;

export const unsubscribeLink = '<a href="https://acme.test/bye" data-msys-unsubscribe="1">Unsubscribe</a>';
/** A campaign's content that may be sent: the reader's name and an unsubscribe link. */
export const campaignHtml = `<html><body><p>Hi {{firstname}}</p>${unsubscribeLink}</body></html>`;

/** The campaign files' accounts: `a` campaigns from a validated sender at acme.test; `b` is another company. */
export async function campaigners(
  t: Harness,
): Promise<{ a: EngineAccount; b: EngineAccount; senderA: string }> {
  const a = await engineAccount(t.app, t.db, 'campaigner');
  const b = await engineAccount(t.app, t.db, 'other');
  return { a, b, senderA: await validatedSender(t.db, a.companyId, 'news@acme.test') };
}

/** The campaign tests' helpers on the test app `t`: contacts, labels, campaigns and the send's worker. */
export function campaignHelpers(t: Harness) {
  const contact = async (account: TestAccount, body: object): Promise<string> => {
    const response = await t.post('/v1/contacts', account.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id;
  };
  const label = async (account: TestAccount, name: string, contactIds: string[]): Promise<string> => {
    const created = await t.post('/v1/contacts/label', account.token, { name });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().data.id;
    if (contactIds.length > 0) {
      const added = await t.post(`/v1/contacts/label/${id}/members`, account.token, { contactIds });
      expect(added.statusCode, added.body).toBe(200);
    }
    return id;
  };
  const campaign = async (account: TestAccount, body: object) => {
    const response = await t.post('/v1/email-marketing', account.token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; status: string };
  };
  /** A campaign of `account` from `senderId` to the label `labelId` that may be sent as it is. */
  const ready = (account: TestAccount, senderId: string, labelId: string, extra: object = {}) =>
    campaign(account, {
      name: 'November news',
      subject: 'News for {{firstname}}',
      senderId,
      labels: [labelId],
      content: { html: campaignHtml },
      ...extra,
    });
  /** The campaign worker, as a worker process runs it (`engine` to stand between it and the engine). */
  const runner = (
    options: { engine?: Pick<MarketingEngine, 'submitCampaignBatch'>; batchSize?: number } = {},
  ) => {
    const company = companyDoorOf(t.accounts.companies);
    const segments = createSegmentService({ db: t.db, clock: t.clock, company });
    return createCampaignRunner({
      db: t.db,
      clock: t.clock,
      engine: options.engine ?? marketingEngineOf(t.engine),
      audiences: createAudiences({ db: t.db, segmentCondition: segments.segmentCondition }),
      senders: senderDoorOf(t.db),
      company,
      renderDesign: createDesignRenderer({ publicUrl: t.config.publicUrl, secret: 'campaign-tests' }),
      links: createRecipientLinks({ secret: t.secret, publicUrl: t.config.publicUrl }),
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    });
  };
  /** The addresses the campaign's messages went to, as the engine queued them (one entry a message). */
  const messagesOf = async (companyId: string, campaignId: string) =>
    (
      await t.db.query<{ rcpt_to: string }>(
        'SELECT rcpt_to FROM messages WHERE company_id = $1 AND campaign_id = $2 ORDER BY rcpt_to',
        [companyId, `campaign-${campaignId}`],
      )
    ).map((row) => row.rcpt_to);
  return { contact, label, campaign, ready, runner, messagesOf };
}

/**
 * A campaign test file's set-up on `database`: the test app, {@link campaignHelpers}, and the accounts
 * of {@link campaigners}, made before the file's tests (`accounts()` once they run). `readyOfA` is a
 * campaign of `a` from its validated sender to the label `labelId`, ready to be sent.
 */
export function useCampaignTests(database: TestDatabase) {
  const t = useTestApp(database);
  const helpers = campaignHelpers(t);
  let made: Awaited<ReturnType<typeof campaigners>> | undefined;
  beforeAll(async () => {
    made = await campaigners(t);
  });
  const accounts = () => {
    if (!made) throw new Error('The campaign tests have not started');
    return made;
  };
  return {
    t,
    ...helpers,
    accounts,
    readyOfA: (labelId: string, extra: object = {}) =>
      helpers.ready(accounts().a, accounts().senderA, labelId, extra),
  };
}
