import { withUnsubscribeFooter } from '@app/contract/marketing/campaign-footer';
import type { CampaignContent } from '@app/contract/marketing/campaigns';
import { createCompanyStore } from '../../server/src/accounts/company/company-store.ts';
import type { Db } from '../../server/src/db/db.ts';
import { engineCampaignId } from '../../server/src/marketing/campaigns/campaign-content.ts';
import { campaignStore } from '../../server/src/marketing/campaigns/campaign-store.ts';
import { validatedSender } from '../../server/src/testing/senders.ts';
import { addVerifiedSendingDomain } from '../../server/src/testing/sending-domains.ts';

/** The campaign benches' audience: contacts in one label of a production company, with a validated sender. */
export interface BenchAudience {
  companyId: string;
  labelId: string;
  senderId: string;
  /** The contacts that may be mailed: those a send must reach, each once. */
  mailable: number;
}

export interface AudienceOptions {
  /** A production company on the UNLIMITED plan whose `domain` is verified; by default a new one with bench.test. */
  company?: { id: string; domain: string };
  /** The SQL of contact `g`'s address (default: c<g>@bench<g % 97>.test, 97 domains). */
  address?: string;
  /** One contact in this many is unsubscribed (default 10; 0: none). */
  unsubscribedEvery?: number;
}

/** A production company on the UNLIMITED plan with bench.test verified: the campaign benches' sender. */
async function benchCompany(db: Db): Promise<{ id: string; domain: string }> {
  const companies = createCompanyStore(db);
  const id = await companies.insert(db, { name: 'Campaign bench', phone: '', now: new Date() });
  await db.transaction((tx) => companies.setPlan(tx, id, 'UNLIMITED'));
  await db.query("UPDATE companies SET environment = 'production' WHERE id = $1", [id]);
  await addVerifiedSendingDomain(db, id, 'bench.test');
  return { id, domain: 'bench.test' };
}

/**
 * `contacts` contacts in one label, created a millisecond apart, of a company (see AudienceOptions), with
 * a validated sender at its domain.
 */
export async function seedAudience(
  db: Db,
  contacts: number,
  options: AudienceOptions = {},
): Promise<BenchAudience> {
  const company = options.company ?? (await benchCompany(db));
  const companyId = company.id;
  const senderId = await validatedSender(db, companyId, `news@${company.domain}`);
  const every = options.unsubscribedEvery ?? 10;
  const address = options.address ?? `'c' || g || '@bench' || (g % 97) || '.test'`;
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
         SELECT $1, ${address}, 'Name' || g,
                CASE WHEN $5::int > 0 AND g % $5::int = 0 THEN 'unsubscribed' ELSE 'subscribed' END, 'bench', '{}',
                now() - g * interval '1 millisecond', now()
         FROM generate_series($2::int, $3::int) g
         RETURNING id)
       INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
       SELECT $4, id, $1, now() FROM added`,
      [companyId, from, to, labelId, every],
    );
  }
  await db.exec('ANALYZE contacts; ANALYZE contact_label_members');
  const unsubscribed = every > 0 ? Math.floor(contacts / every) : 0;
  return { companyId, labelId, senderId, mailable: contacts - unsubscribed };
}

/**
 * A campaign to the audience's label, sent now (SENDING, for a worker to claim). Its content is by default
 * the composer's new campaign: the default design with the footer of links every campaign gets, so each
 * reader's pages are signed per recipient.
 */
export async function sendingCampaign(
  db: Db,
  audience: BenchAudience,
  content: CampaignContent = { design: withUnsubscribeFooter(null, 'https://bench.test') },
): Promise<string> {
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
      content,
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
