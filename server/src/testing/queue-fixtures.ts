import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.ts';
import type {
  DeliveryJob,
  DeliveryOutcome,
  DeliveryTransport,
} from '../engine/delivery/delivery-transport.ts';
import { insertMessages, type NewMessage } from '../engine/messages/message-writer.ts';

/** A company row to hang messages on (no users: the queue never reads them). */
export async function newCompany(db: Db, name = 'Acme'): Promise<string> {
  const { id } = await db.one<{ id: string }>(
    'INSERT INTO companies (name, created_at) VALUES ($1, now()) RETURNING id',
    [name],
  );
  return id;
}

/** A composed message as acceptance stores it: production, non-transactional, to `rcptTo`. */
export function queuedMessage(
  companyId: string,
  rcptTo: string,
  overrides: Partial<NewMessage> = {},
): NewMessage {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    companyId,
    subaccountId: 0,
    transmissionId: '77',
    environment: 'production',
    mailFrom: 'news@acme.test',
    rcptTo,
    friendlyFrom: 'news@acme.test',
    subject: 'Hello',
    messageIdHeader: `<${id}@acme.test>`,
    campaignId: 'spring',
    templateId: null,
    options: { transactional: false, metadata: { plan: 'pro' }, tags: ['eu'] },
    raw: Buffer.from(`From: news@acme.test\r\nTo: ${rcptTo}\r\nSubject: Hello\r\n\r\nHello there\r\n`),
    createdAt: new Date(),
    ...overrides,
  };
}

export async function enqueue(db: Db, messages: NewMessage[]): Promise<void> {
  await db.transaction((tx) => insertMessages(tx, messages));
}

/** A transport answering what `script` says (delivered by default) and recording every job. */
export function fakeTransport(
  script: (job: DeliveryJob, call: number) => DeliveryOutcome | Promise<DeliveryOutcome> = () => delivered(),
) {
  const jobs: DeliveryJob[] = [];
  const transport: DeliveryTransport = {
    async deliver(job) {
      jobs.push(job);
      return script(job, jobs.length);
    },
  };
  return { transport, jobs };
}

export const delivered = (): DeliveryOutcome => ({
  status: 'delivered',
  reply: { code: 250, enhanced: '2.0.0', text: 'OK queued as 1234' },
  host: 'mx.dest.test',
  ip: '127.0.0.1',
  localAddress: '127.0.0.2',
  tls: true,
});

export const refused = (code: number, enhanced: string, text: string): DeliveryOutcome => ({
  status: code >= 500 ? 'failed' : 'deferred',
  reply: { code, enhanced, text },
  host: 'mx.dest.test',
  ip: '127.0.0.1',
  tls: false,
});
