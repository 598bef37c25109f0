import { z } from 'zod';

interface Address {
  email: string;
  name?: string;
  header_to?: string;
}

const addressObject = z.object({
  email: z.string().max(320),
  name: z.string().max(256).optional(),
  header_to: z.string().max(998).optional(),
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
  return_path: z.string().max(320).optional(),
  tags: z.array(z.string().max(64)).max(10).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  substitution_data: z.record(z.string(), z.unknown()).optional(),
});

export type SparkpostRecipient = z.output<typeof sparkpostRecipient>;
