import { z } from 'zod';

/** `key`: the operator link's key (printed in the server log), which shows everyone's mail. */
export const capturedMailKeyQuery = z.object({ key: z.string().max(200).optional() });

export const capturedMailListQuery = capturedMailKeyQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const capturedMailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});

export const capturedMailSchema = capturedMailSummarySchema.extend({
  html: z.string(),
  text: z.string(),
});

export const capturedMailListData = z.object({
  items: z.array(capturedMailSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** all: the operator link; own: the signed-in user's mail only. */
  scope: z.enum(['all', 'own']),
});

export const capturedMailParams = z.object({ id: z.uuid() });

export type CapturedMail = z.output<typeof capturedMailSchema>;
export type CapturedMailList = z.output<typeof capturedMailListData>;
