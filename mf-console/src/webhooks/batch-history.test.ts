import type { WebhookBatchStatus } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { outcomeOf } from './batch-history.ts';

const batch = (fields: Partial<WebhookBatchStatus>): WebhookBatchStatus => ({
  batch_id: 'b',
  webhook_id: 'w',
  ts: '2026-11-24T10:00:00Z',
  batch_size: 3,
  attempts: 0,
  state: 'delivered',
  ...fields,
});

describe('a batch in the history', () => {
  it('says how it ended or why it is retried', () => {
    expect(outcomeOf(batch({ response_code: '200' }))).toBe('Delivered');
    expect(outcomeOf(batch({ attempts: 2, response_code: '200' }))).toBe('Delivered after 2 failed attempts');
    expect(outcomeOf(batch({ state: 'retrying', attempts: 1, response_code: '500' }))).toBe(
      'Your endpoint answered HTTP 500',
    );
    expect(outcomeOf(batch({ state: 'retrying', attempts: 1 }))).toBe(
      'No answer: the connection failed or timed out',
    );
    expect(outcomeOf(batch({ state: 'failed', attempts: 9, response_code: '410' }))).toBe(
      'Your endpoint answered HTTP 410; given up after 8 hours of retries',
    );
    expect(outcomeOf(batch({ state: 'failed' }))).toMatch(/^Dropped/);
  });
});
