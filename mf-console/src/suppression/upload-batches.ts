import type { SuppressionBulkEntry } from '@app/contract';

/** Entries per PUT: small enough for a progress bar that moves, well below the engine's 10,000. */
export const uploadBatchSize = 1_000;

export interface UploadProgress {
  done: number;
  total: number;
}

export interface UploadOutcome {
  uploaded: number;
  /** The first entry not uploaded and why, when a batch failed (the rest are not tried). */
  failed?: { from: number; reason: string };
}

/**
 * Uploads `entries` from position `from` in batches, one after the other, telling `progress` after
 * each; stops at the first failed batch (each batch is all or none) so the rest can be tried again.
 */
export async function uploadInBatches(
  entries: readonly SuppressionBulkEntry[],
  from: number,
  put: (batch: SuppressionBulkEntry[]) => Promise<unknown>,
  progress: (state: UploadProgress) => void,
): Promise<UploadOutcome> {
  let done = from;
  progress({ done, total: entries.length });
  while (done < entries.length) {
    const batch = entries.slice(done, done + uploadBatchSize).map(({ recipient, type, description }) => ({
      recipient,
      type,
      ...(description ? { description } : {}),
    }));
    try {
      await put(batch);
    } catch (error) {
      return {
        uploaded: done - from,
        failed: { from: done, reason: error instanceof Error ? error.message : String(error) },
      };
    }
    done += batch.length;
    progress({ done, total: entries.length });
  }
  return { uploaded: done - from };
}
