import { type LeaseHolder, standaloneHolder } from '../worker-presence/lease-holder.ts';
import type { RecipientValidator } from './recipient-validator.ts';
import type { ValidationJobStore } from './validation-job-store.ts';

export interface ListValidationOptions {
  /** Addresses validated per claim: small enough that a slice's work never holds the event loop long. */
  sliceSize?: number;
  /**
   * How long a claim keeps other processes off a job; a process that dies mid-slice loses it once it
   * is found dead, at the latest then.
   */
  leaseMs?: number;
  /** This process among the worker processes (whose claims are free, whether it may go on); standalone by default. */
  holder?: LeaseHolder;
}

/** The workers' part of list validation: triggered jobs, one slice at a time, safe in several processes. */
export function createListValidation(
  store: ValidationJobStore,
  validator: RecipientValidator,
  options: ListValidationOptions = {},
) {
  const sliceSize = options.sliceSize ?? 500;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const holder = options.holder ?? standaloneHolder();
  return {
    /** Validates the next slice of the job waiting longest; the number of addresses done (0: nothing due). */
    async runDue(): Promise<number> {
      if (!holder.alive()) return 0;
      const slice = await store.claimSlice(sliceSize, leaseMs, holder.id(), holder.deadHolders());
      if (!slice) return 0;
      try {
        const results = await validator.validateMany(slice.addresses.map((one) => one.address));
        await store.recordSlice(
          slice.jobId,
          slice.addresses.map((one, index) => ({
            position: one.position,
            result: results[index] as (typeof results)[number],
          })),
        );
      } catch (error) {
        await store.fail(slice.jobId);
        throw error;
      }
      return slice.addresses.length;
    },
  };
}

export type ListValidation = ReturnType<typeof createListValidation>;
