import type { WebhookBatchStatus } from '@app/contract';

/** Why a batch did not arrive (or that it did), in words. */
export function outcomeOf(batch: WebhookBatchStatus): string {
  if (batch.state === 'delivered')
    return batch.attempts > 0
      ? `Delivered after ${batch.attempts} failed ${batch.attempts === 1 ? 'attempt' : 'attempts'}`
      : 'Delivered';
  if (batch.state === 'failed' && batch.attempts === 0)
    return 'Dropped: its events waited over 8 hours behind failing batches';
  const answer = batch.response_code
    ? `Your endpoint answered HTTP ${batch.response_code}`
    : 'No answer: the connection failed or timed out';
  return batch.state === 'failed' ? `${answer}; given up after 8 hours of retries` : answer;
}

export const stateLabels = { delivered: 'Delivered', retrying: 'Retrying', failed: 'Failed' } as const;
