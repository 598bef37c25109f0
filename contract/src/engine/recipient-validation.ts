import { z } from 'zod';

export { maxValidationListAddresses, maxValidationListBytes } from './validation-list-limits.ts';

/** SparkPost's overall verdicts on an address. */
export const validationVerdict = z.enum(['valid', 'neutral', 'risky', 'undeliverable', 'typo']);
export type ValidationVerdict = z.infer<typeof validationVerdict>;

/** Why an address is undeliverable (SparkPost gives a reason only then, and with `typo`). */
export const validationReason = z.enum(['Invalid Syntax', 'Invalid Domain', 'Invalid Recipient']);
export type ValidationReason = z.infer<typeof validationReason>;

/** `GET /api/v1/recipient-validation/single/{address}`: SparkPost's validation object. */
export const recipientValidationResult = z.object({
  valid: z.boolean(),
  result: validationVerdict,
  reason: validationReason.optional(),
  is_role: z.boolean(),
  is_disposable: z.boolean(),
  is_free: z.boolean(),
  delivery_confidence: z.number().int().min(0).max(100),
  /** The address with its domain corrected, when the domain looks like a misspelt popular one. */
  did_you_mean: z.string().optional(),
});
export type RecipientValidationResult = z.infer<typeof recipientValidationResult>;

export const recipientValidationSingleParams = z.object({ address: z.string().min(1).max(1024) });

/**
 * A list job's `batch_status`: uploaded and waiting for `POST /recipient-validation/trigger/{list_id}`,
 * validating (queued for or in the workers), done, or failed.
 */
export const validationBatchStatus = z.enum(['queued_for_batch', 'validating', 'success', 'error']);
export type ValidationBatchStatus = z.infer<typeof validationBatchStatus>;

/** `GET /api/v1/recipient-validation/job/{list_id}` (and each entry of `GET …/list`). */
export const recipientValidationJob = z.object({
  list_id: z.string(),
  original_filename: z.string(),
  batch_status: validationBatchStatus,
  complete: z.boolean(),
  address_count: z.number().int(),
  /** Ours: how many of `address_count` are validated so far. */
  addresses_validated: z.number().int(),
  /** Unix seconds. */
  upload_timestamp: z.number().int(),
  /** Unix seconds, once complete. */
  complete_timestamp: z.number().int().optional(),
  /** Where the results CSV is, once complete (a path on this API: the same credentials apply). */
  results_url: z.string().optional(),
  subaccount_id: z.number().int().optional(),
});
export type RecipientValidationJob = z.infer<typeof recipientValidationJob>;

export const recipientValidationJobParams = z.object({ list_id: z.string().min(1).max(64) });

/** The columns of a job's results CSV: the address, then the single validation's fields. */
export const validationResultColumns = [
  'email',
  'valid',
  'result',
  'reason',
  'is_role',
  'is_disposable',
  'is_free',
  'delivery_confidence',
  'did_you_mean',
] as const;
