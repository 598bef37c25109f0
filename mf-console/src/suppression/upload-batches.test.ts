import type { SuppressionBulkEntry } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { uploadBatchSize, uploadInBatches } from './upload-batches.ts';

const entries: SuppressionBulkEntry[] = Array.from({ length: uploadBatchSize * 2 + 5 }, (_, index) => ({
  recipient: `r${index}@example.com`,
  type: 'transactional',
}));

describe('uploadInBatches', () => {
  it('sends every entry in batches and reports progress after each', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    const outcome = await uploadInBatches(
      entries,
      0,
      async (batch) => sizes.push(batch.length),
      ({ done }) => seen.push(done),
    );
    expect(outcome).toEqual({ uploaded: entries.length });
    expect(sizes).toEqual([uploadBatchSize, uploadBatchSize, 5]);
    expect(seen).toEqual([0, uploadBatchSize, uploadBatchSize * 2, entries.length]);
  });

  it('stops at a failed batch and says where to resume', async () => {
    let calls = 0;
    const outcome = await uploadInBatches(
      entries,
      0,
      async () => {
        calls++;
        if (calls === 2) throw new Error('The server is busy');
      },
      () => {},
    );
    expect(outcome).toEqual({
      uploaded: uploadBatchSize,
      failed: { from: uploadBatchSize, reason: 'The server is busy' },
    });
    const resumed = await uploadInBatches(
      entries,
      uploadBatchSize,
      async () => {},
      () => {},
    );
    expect(resumed).toEqual({ uploaded: entries.length - uploadBatchSize });
  });
});
