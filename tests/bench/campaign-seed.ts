import { withUnsubscribeFooter } from '@app/contract/marketing/campaign-footer';
import { createCompanyStore } from '../../server/src/accounts/company/company-store.ts';
import type { Db } from '../../server/src/db/db.ts';
import { engineCampaignId } from '../../server/src/marketing/campaigns/campaign-content.ts';
import { campaignStore } from '../../server/src/marketing/campaigns/campaign-store.ts';
import { validatedSender } from '../../server/src/testing/senders.ts';
import { addVerifiedSendingDomain } from '../../server/src/testing/sending-domains.ts';

/** The campaign benches' audience: `contacts` contacts in one label, every tenth unsubscribed. */
export interface BenchAudience {
  companyId: string;
  labelId: string;
  senderId: string;
  /** The contacts that may be mailed: those a send must reach, each once. */
  mailable: number;
}

/**
 * A production company on the UNLIMITED plan with a verified domain (bench.test), a validated sender and
 * `contacts` contacts in one label, created a millisecond apart, every tenth unsubscribed.
 */
export async function seedAudience(db: Db, contacts: number): Promise<BenchAudience> {
  const companies = createCompanyStore(db);
  const companyId = await companies.insert(db, { name: 'Campaign bench', phone: '', now: new Date() });
  await db.transaction((tx) => companies.setPlan(tx, companyId, 'UNLIMITED'));
  await db.query("UPDATE companies SET environment = 'production' WHERE id = $1", [companyId]);
  await addVerifiedSendingDomain(db, companyId, 'bench.test');
  const senderId = await validatedSender(db, companyId, 'news@bench.test');
  const { id: labelId } = await db.one<{ id: string }>(
    `INSERT INTO contact_labels (company_id, name, members, created_at) VALUES ($1, 'Everyone', $2, now())
     RETURNING id::text AS id`,
    [companyId, contacts],
  );
  // In slices of 100,000: one statement of a million rows holds PGlite's memory.
  for (let from = 1; from <= contacts; from += 100_000) {
    const to = Math.min(contacts, from + 99_999);
    await db.query(
      `WITH added AS (
         INSERT INTO contacts (company_id, email, firstname, status, source, fields, created_at, updated_at)
         SELECT $1, 'c' || g || '@bench' || (g % 97) || '.test', 'Name' || g,
                CASE WHEN g % 10 = 0 THEN 'unsubscribed' ELSE 'subscribed' END, 'bench', '{}',
                now() - g * interval '1 millisecond', now()
         FROM generate_series($2::int, $3::int) g
         RETURNING id)
       INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
       SELECT $4, id, $1, now() FROM added`,
      [companyId, from, to, labelId],
    );
  }
  await db.exec('ANALYZE contacts; ANALYZE contact_label_members');
  return { companyId, labelId, senderId, mailable: contacts - Math.floor(contacts / 10) };
}

/**
 * The composer's new campaign to the audience's label (its default design with the footer of links every
 * campaign gets, so each reader's pages are signed per recipient), sent now: SENDING, for a worker to claim.
 */
export async function sendingCampaign(db: Db, audience: BenchAudience): Promise<string> {
  const campaign = await campaignStore.insert(
    db,
    audience.companyId,
    {
      name: 'Bench',
      subject: 'Hello {{firstname}}',
      preheader: '',
      senderId: audience.senderId,
      replyTo: null,
      categoryId: null,
      content: { design: withUnsubscribeFooter(null, 'https://bench.test') },
      ab: null,
      sendRate: null,
      voucherListId: null,
      labels: [audience.labelId],
      segments: [],
      excludedLabels: [],
      excludedSegments: [],
    },
    new Date(),
  );
  await campaignStore.move(db, audience.companyId, campaign.id, {
    from: ['DRAFT'],
    to: 'SENDING',
    now: new Date(),
  });
  return campaign.id;
}

/** Exactly once, as the engine's queue shows it: each count must be 0. */
export interface OnceFigures {
  /** Subscribed contacts with no message of the campaign. */
  without: number;
  /** Addresses with two messages or more. */
  twice: number;
  /** Unsubscribed contacts with a message. */
  unsubscribed: number;
}

export const onceFigures = (db: Db, companyId: string, campaignId: string) =>
  db.one<OnceFigures>(
    `WITH sent AS (SELECT rcpt_to, count(*) AS n FROM messages WHERE company_id = $1 AND campaign_id = $2 GROUP BY rcpt_to)
     SELECT (SELECT count(*)::int FROM contacts c WHERE c.company_id = $1 AND c.status = 'subscribed'
               AND NOT EXISTS (SELECT 1 FROM sent WHERE sent.rcpt_to = c.email)) AS without,
            (SELECT count(*)::int FROM sent WHERE n > 1) AS twice,
            (SELECT count(*)::int FROM contacts c JOIN sent ON sent.rcpt_to = c.email
             WHERE c.company_id = $1 AND c.status <> 'subscribed') AS unsubscribed`,
    [companyId, engineCampaignId(campaignId)],
  );
