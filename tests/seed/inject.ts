import type { APIRequestContext } from '@playwright/test';
import { inlineContent, recipientPlan, type Stream, streamOf, streams } from './catalogue.ts';
import type { SeedAccount } from './seed-account.ts';

/**
 * Recipients per transmission: about twenty transmissions for a small seed (so every stream gets
 * some), 1,000 recipients each for a large one.
 */
export function batchSizeFor(messages: number): number {
  return Math.min(1000, Math.ceil(messages / 20));
}

/** The first batches go one to each stream, so even a small seed has every campaign and subaccount. */
function streamOfBatch(batch: number): Stream {
  return streams[batch] ?? streamOf(batch);
}

function transmissionOf(batch: number, from: number, to: number) {
  const stream = streamOfBatch(batch);
  const recipients = [];
  for (let index = from; index < to; index += 1) {
    const plan = recipientPlan(index);
    recipients.push({
      address: { email: plan.email, name: plan.name },
      substitution_data: { name: plan.name.split(' ')[0], order_id: `A-${100_000 + index}` },
    });
  }
  const subject = stream.subjects?.[batch % stream.subjects.length] ?? '';
  return {
    stream,
    body: {
      campaign_id: stream.campaign,
      description: `${stream.campaign} batch ${batch}`,
      metadata: { stream: stream.campaign, batch: String(batch) },
      options: { open_tracking: true, click_tracking: true, transactional: stream.transactional },
      substitution_data: { week: 40 + (batch % 8) },
      recipients,
      content: stream.template ? { template_id: stream.template } : inlineContent(stream, subject),
    },
  };
}

/**
 * Posts the messages as transmissions of `batchSizeFor(messages)` recipients, `parallel` at a time,
 * through the account's API key (a subaccount's streams with X-MSYS-SUBACCOUNT).
 * `onAccepted` hears each transmission's accepted count.
 */
export async function injectMessages(
  request: APIRequestContext,
  account: SeedAccount,
  messages: number,
  onAccepted: (count: number) => void,
  parallel = 3,
): Promise<void> {
  const size = batchSizeFor(messages);
  const batches = Math.ceil(messages / size);
  let next = 0;
  const worker = async () => {
    while (next < batches) {
      const batch = next;
      next += 1;
      const { stream, body } = transmissionOf(batch, batch * size, Math.min(messages, (batch + 1) * size));
      const subaccount = stream.subaccount === 0 ? undefined : account.subaccounts[stream.subaccount - 1];
      const response = await request.post('/api/v1/transmissions', {
        headers: {
          authorization: account.apiKey,
          ...(subaccount === undefined ? {} : { 'x-msys-subaccount': String(subaccount) }),
        },
        data: body,
        timeout: 300_000,
      });
      if (!response.ok())
        throw new Error(`transmission ${batch}: ${response.status()} ${await response.text()}`);
      const accepted = (await response.json()) as { results: { total_accepted_recipients: number } };
      onAccepted(accepted.results.total_accepted_recipients);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
