import { z } from 'zod';

export const capturedMailListQuery = z.object({
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
});

export const capturedMailParams = z.object({ id: z.uuid() });

export type CapturedMail = z.output<typeof capturedMailSchema>;
export type CapturedMailList = z.output<typeof capturedMailListData>;
