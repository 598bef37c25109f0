import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { testClock } from '../../testing/app.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import type { MessageFacts } from '../messages/message-facts.ts';
import {
  createEngagementRecorder,
  MAX_COUNTED_MESSAGES_PER_MINUTE,
  MAX_ENGAGEMENTS_PER_MESSAGE_MINUTE,
} from './engagement-recorder.ts';

const facts = (id: string, createdAt: Date): MessageFacts => ({
  id,
  companyId: randomUUID(),
  subaccountId: 0,
  transmissionId: '123',
  mailFrom: 'bounces@acme.test',
  rcptTo: 'jane@dest.test',
  friendlyFrom: 'shop@acme.test',
  subject: 'Hi',
  campaignId: 'c',
  templateId: null,
  transactional: false,
  ipPool: '',
  metadata: {},
  tags: [],
  createdAt,
  finishedAt: null,
  size: 100,
});

describe('the engagement recorder', () => {
  const clock = testClock(new Date('2026-05-01T09:00:30Z'));
  const written: NewMessageEvent[] = [];
  const unsubscribed: Record<string, unknown>[] = [];
  const db = { transaction: (work: (tx: Db) => Promise<unknown>) => work(db) } as unknown as Db;
  const recorder = createEngagementRecorder(db, clock, {
    messageFacts: async (id) => facts(id, new Date('2026-05-01T08:00:00Z')),
    insertEvents: async (_tx, events) => {
      written.push(...events);
    },
    linkUnsubscribe: async (_message, fields) => {
      unsubscribed.push(fields);
    },
  });
  const request = {
    method: 'GET',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    ip: '198.51.100.7',
  };

  it(`records at most ${MAX_ENGAGEMENTS_PER_MESSAGE_MINUTE} opens and clicks of one message a minute`, async () => {
    const messageId = randomUUID();
    const open = { messageId, engagement: 'open' as const, amp: false };
    const outcomes = [];
    for (let n = 0; n <= MAX_ENGAGEMENTS_PER_MESSAGE_MINUTE; n++)
      outcomes.push(await recorder.record(open, request));
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(
      MAX_ENGAGEMENTS_PER_MESSAGE_MINUTE,
    );
    expect(outcomes.at(-1)).toBe('capped');
    // Another message is not held back by the first one's cap.
    expect(await recorder.record({ ...open, messageId: randomUUID() }, request)).toBe('recorded');
    clock.advance(60_000);
    expect(await recorder.record(open, request)).toBe('recorded');
  });

  it(`records no new message once ${MAX_COUNTED_MESSAGES_PER_MINUTE} are counted in a minute, so none goes uncapped`, async () => {
    clock.advance(60_000);
    const counted = randomUUID();
    const open = (messageId: string) => ({ messageId, engagement: 'open' as const, amp: false });
    expect(await recorder.record(open(counted), request)).toBe('recorded');
    // A flood of distinct tokens fills the count (the first message is one of them).
    for (let n = 1; n < MAX_COUNTED_MESSAGES_PER_MINUTE; n++)
      await recorder.record(open(randomUUID()), request);
    written.length = 0;
    const flooding = randomUUID();
    expect(await recorder.record(open(flooding), request)).toBe('capped');
    expect(await recorder.record(open(flooding), request)).toBe('capped');
    // A message already counted this minute still records, up to its cap.
    expect(await recorder.record(open(counted), request)).toBe('recorded');
    expect(written).toHaveLength(1);
    clock.advance(60_000);
    expect(await recorder.record(open(flooding), request)).toBe('recorded');
  });

  it('writes the AMP types for the AMP part, with the link clicked', async () => {
    written.length = 0;
    const link = { index: 0, name: '', url: 'https://shop.example/amp' };
    await recorder.record({ messageId: randomUUID(), engagement: 'click', amp: true, link }, request);
    expect(written[0]).toMatchObject({
      type: 'amp_click',
      rcptTo: 'jane@dest.test',
      fields: {
        target_link_url: 'https://shop.example/amp',
        user_agent: request.userAgent,
        ip_address: '198.51.100.7',
      },
    });
    expect(written[0]?.fields).not.toHaveProperty('target_link_name');
    expect(written[0]?.fields).not.toHaveProperty('prefetched');
  });

  it('unsubscribes a person who follows an unsubscribe link, never a scanner', async () => {
    const link = { index: 1, name: 'Unsubscribe', url: 'https://shop.example/bye', unsubscribe: true };
    const click = { messageId: randomUUID(), engagement: 'click' as const, amp: false, link };
    await recorder.record(click, { ...request, userAgent: 'Barracuda Sentinel (EE)' });
    expect(unsubscribed).toEqual([]);
    await recorder.record(click, request);
    expect(unsubscribed).toEqual([
      {
        mailfrom: 'jane@dest.test',
        user_agent: request.userAgent,
        ip_address: '198.51.100.7',
        target_link_url: 'https://shop.example/bye',
      },
    ]);
  });
});
