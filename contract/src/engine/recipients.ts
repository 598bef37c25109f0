import { z } from 'zod';
import { headerText, jsonObject } from './storable.ts';

interface Address {
  email: string;
  name?: string;
  header_to?: string;
}

const addressObject = z.object({
  // Missing, it is empty: that recipient alone is refused (rcpt_to_errors), as SparkPost does.
  email: z.string().max(320).default(''),
  name: headerText(256).optional(),
  header_to: headerText(998).optional(),
});

/**
 * A recipient as SparkPost clients send it; `address` may be a plain email string. The address is
 * not checked for validity here: an invalid one rejects that recipient only (rcpt_to_errors).
 */
export const sparkpostRecipient = z.object({
  address: z.union([
    z
      .string()
      .max(320)
      .transform((email): Address => ({ email })),
    addressObject,
  ]),
  return_path: headerText(320).optional(),
  tags: z.array(z.string().max(64)).max(10).optional(),
  metadata: jsonObject(10 * 1024, 'metadata').optional(),
  substitution_data: jsonObject(100 * 1024, 'substitution_data').optional(),
});

export type SparkpostRecipient = z.output<typeof sparkpostRecipient>;
