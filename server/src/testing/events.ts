import { randomUUID } from 'node:crypto';
import type { NewMessageEvent } from '../engine/events/message-event.ts';

/**
 * A message event of `companyId` at `at`, as the engine writes them, for tests that write events
 * straight through the event store: a delivery of one order mail (a fresh message id), master
 * account, which `overrides` changes.
 */
export function testEvent(
  companyId: string,
  at: Date,
  overrides: Partial<NewMessageEvent> = {},
): NewMessageEvent {
  return {
    companyId,
    subaccountId: 0,
    type: 'delivery',
    timestamp: at,
    messageId: randomUUID(),
    transmissionId: '1001',
    campaignId: 'spring',
    templateId: null,
    rcptTo: 'jane@mail.example',
    friendlyFrom: 'orders@shop.example',
    subject: 'Your order',
    ipPool: 'default',
    bounceClass: null,
    reason: '',
    fields: {},
    ...overrides,
  };
}
