import { randomUUID } from 'node:crypto';
import type { Db } from '../../server/src/db/db.ts';
import type { EventStore } from '../../server/src/engine/events/event-store.ts';
import type { MessageEventType, NewMessageEvent } from '../../server/src/engine/events/message-event.ts';

/**
 * Realistic message events for the events-search bench, written through the real writer
 * (`EventStore.insert`) in batches: a few companies of very different sizes, thousands of
 * recipient domains (a handful of big mailbox providers take most), campaigns, transmissions of
 * ~1,000 events, a few hundred subjects, templated bounce reasons, every event type, over 35 days.
 */

/** How the events of a mailing split by type (per 10,000). */
const typeWeights: ReadonlyArray<readonly [MessageEventType, number]> = [
  ['injection', 3000],
  ['delivery', 2700],
  ['open', 1400],
  ['initial_open', 900],
  ['click', 800],
  ['bounce', 350],
  ['delay', 300],
  ['policy_rejection', 60],
  ['out_of_band', 150],
  ['spam_complaint', 40],
  ['generation_failure', 100],
  ['generation_rejection', 60],
  ['list_unsubscribe', 80],
  ['link_unsubscribe', 60],
];

const bigProviders = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'aol.com'];
const recipientDomainCount = 3000;
const recipientsPerDomain = 120;
const subjectCount = 300;
const campaignsPerCompany = 60;
const eventsPerTransmission = 1000;
const historyDays = 35;

/** Bounce classes and the reasons seen with them (SparkPost's classification codes). */
const bounces: ReadonlyArray<readonly [number, string]> = [
  [10, '550 5.1.1 The email account that you tried to reach does not exist'],
  [10, '550 5.1.1 <{rcpt}>: Recipient address rejected: User unknown in virtual mailbox table'],
  [30, '550 5.1.2 Host unknown: no MX record for the domain'],
  [20, '452 4.2.2 The email account that you tried to reach is over quota'],
  [22, '552 5.2.2 Mailbox full: user has exceeded storage allocation'],
  [23, '554 5.3.4 Message too big for system'],
  [24, '421 4.4.2 Connection timed out while talking to the receiving server'],
  [25, '550 5.7.1 Administrative prohibition: sender not allowed'],
  [50, '554 5.7.1 Service unavailable; client host blocked using Spamhaus zen'],
  [51, '550 5.7.1 Message rejected as spam by content filtering'],
  [52, '554 5.6.0 Message rejected because of an unacceptable attachment'],
  [53, '550 5.7.26 Unauthenticated email is not accepted: DMARC policy reject'],
  [54, '451 4.7.1 Relaying denied: greylisted, please try again later'],
  [60, '550 5.0.0 Auto-reply: I am out of the office until Monday'],
  [70, '421 4.7.0 Try again later, closing connection (rate limited)'],
  [90, '550 5.7.1 Unsubscribed recipient on the suppression list'],
  [100, '550 5.4.0 Undetermined failure: DNS resolution failed'],
];

const words = ['Your', 'weekly', 'order', 'invoice', 'news', 'offer', 'update', 'reset', 'welcome', 'report'];

/** A small fast PRNG (mulberry32), seeded so every run writes the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchCompany {
  id: string;
  /** Share of all events. */
  share: number;
  sendingDomains: string[];
}

/** The values the measured queries look for: each exists in the largest company's events. */
export interface BenchValues {
  companyId: string;
  recipient: string;
  recipientDomain: string;
  sendingDomain: string;
  fromAddress: string;
  subject: string;
  transmissionId: string;
  reason: string;
}

const recipientDomainOf = (index: number) =>
  index < bigProviders.length ? (bigProviders[index] as string) : `mail${index}.example`;
const subjectOf = (index: number) =>
  `${words[index % words.length]} ${words[(index * 7) % words.length]} #${index}`;

/** Creates the bench's companies (largest first: 50%, 25%, 15%, 7%, 3% of the events). */
export async function createBenchCompanies(db: Db, now: Date): Promise<BenchCompany[]> {
  const shares = [0.5, 0.25, 0.15, 0.07, 0.03];
  const companies: BenchCompany[] = [];
  for (const [index, share] of shares.entries()) {
    const { id } = await db.one<{ id: string }>(
      'INSERT INTO companies (name, created_at) VALUES ($1, $2) RETURNING id',
      [`Bench company ${index + 1}`, now],
    );
    companies.push({
      id,
      share,
      sendingDomains: [`mail.brand${index}.example`, `news.brand${index}.example`, `brand${index}.example`],
    });
  }
  return companies;
}

/**
 * Writes `total` events through `store.insert`, `batchSize` per transaction, timestamps spread over
 * the {@link historyDays} days before `now`. Calls `progress` after each batch.
 */
export async function generateEvents(
  db: Db,
  store: EventStore,
  companies: readonly BenchCompany[],
  options: { total: number; batchSize: number; now: Date; progress?: (written: number) => void },
): Promise<BenchValues> {
  const next = random(20_261_124);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const typeTable: MessageEventType[] = typeWeights.flatMap(([type, weight]) =>
    Array.from({ length: weight / 10 }, () => type),
  );
  // Skewed: a third of the recipients at the big providers, the rest over thousands of domains.
  const domainIndex = () =>
    next() < 0.35 ? Math.floor(next() * bigProviders.length) : Math.floor(next() ** 2 * recipientDomainCount);
  const cumulative = companies.map((_, index) =>
    companies.slice(0, index + 1).reduce((sum, company) => sum + company.share, 0),
  );
  const companyOf = (draw: number) =>
    companies[cumulative.findIndex((edge) => draw <= edge)] ?? companies[0]!;
  const end = options.now.getTime();
  const spanMs = historyDays * 86_400_000;
  let transmissionBase = 7_000_000_000_000_000_000n;
  let largestTransmission = '';
  let largestSubject = '';

  let written = 0;
  while (written < options.total) {
    const size = Math.min(options.batchSize, options.total - written);
    const batch: NewMessageEvent[] = new Array(size);
    // A batch is a stretch of transmissions: ~1,000 events each, one company and campaign each.
    let company = companyOf(next());
    let transmissionId = '';
    let campaignId = '';
    let subject = '';
    let sendingDomain = '';
    let transmissionStart = 0;
    for (let index = 0; index < size; index += 1) {
      if ((written + index) % eventsPerTransmission === 0 || transmissionId === '') {
        company = companyOf(next());
        transmissionBase += 1n;
        transmissionId = String(transmissionBase);
        campaignId = `campaign-${Math.floor(next() * campaignsPerCompany)}`;
        subject = subjectOf(Math.floor(next() * subjectCount));
        sendingDomain = pick(company.sendingDomains);
        transmissionStart = end - next() * spanMs;
        if (company === companies[0]) {
          largestTransmission = transmissionId;
          largestSubject = subject;
        }
      }
      const type = pick(typeTable);
      const domain = recipientDomainOf(domainIndex());
      const rcptTo = `user${Math.floor(next() * recipientsPerDomain)}@${domain}`;
      const bounce =
        type === 'bounce' || type === 'out_of_band' || type === 'delay' ? pick(bounces) : undefined;
      const reason = bounce ? bounce[1].replace('{rcpt}', rcptTo) : '';
      const ccDraw = next();
      batch[index] = {
        companyId: company.id,
        subaccountId: next() < 0.2 ? 1 + Math.floor(next() * 3) : 0,
        type,
        // Within an hour of the transmission's start, never after now.
        timestamp: new Date(Math.min(end - 1, transmissionStart + next() * 3_600_000)),
        messageId: randomUUID(),
        transmissionId,
        campaignId,
        templateId: next() < 0.5 ? `template-${Math.floor(next() * 20)}` : null,
        rcptTo,
        friendlyFrom: `news@${sendingDomain}`,
        subject,
        ipPool: 'default',
        bounceClass: bounce ? bounce[0] : null,
        reason,
        fields: {
          msg_from: `msprvs1=bounces@${sendingDomain}`,
          rcpt_type: ccDraw < 0.9 ? 'to' : ccDraw < 0.97 ? 'cc' : 'bcc',
          raw_rcpt_to: rcptTo,
          msg_size: String(2000 + Math.floor(next() * 40_000)),
          ...(bounce ? { error_code: bounce[1].slice(0, 3), raw_reason: reason } : {}),
        },
      };
    }
    await db.transaction((tx) => store.insert(tx, batch));
    written += size;
    options.progress?.(written);
  }

  const largest = companies[0]!;
  return {
    companyId: largest.id,
    recipient: `user7@${recipientDomainOf(2)}`,
    recipientDomain: recipientDomainOf(40),
    sendingDomain: largest.sendingDomains[1]!,
    fromAddress: `news@${largest.sendingDomains[0]}`,
    subject: largestSubject,
    transmissionId: largestTransmission,
    reason: 'greylisted',
  };
}
