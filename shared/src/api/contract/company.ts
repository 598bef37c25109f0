import { z } from 'zod';
import { environmentSchema } from './users.ts';

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  industry: z.string(),
  website: z.string(),
  /** Milliseconds since the epoch. */
  createdAt: z.number(),
  sandbox: z.boolean(),
  environment: environmentSchema,
  productionStatus: z.string(),
  /** Team text like "(UTC+07:00) Bangkok, Hanoi, Jakarta"; the offset is read from it (§9). */
  timezone: z.string(),
  country: z.string(),
  language: z.string(),
  /** The caller's role in this company. */
  role: z.string(),
});

export type Company = z.output<typeof companySchema>;
