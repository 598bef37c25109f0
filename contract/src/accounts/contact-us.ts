import { z } from 'zod';
import { emailSchema, phoneSchema } from '../common.ts';

/** A user sends at most this many contact-us messages per hour. */
export const contactMessagesPerHour = 5;

/** §3 contact-us message: company, email, message, name, phone. */
export const contactUsBody = z
  .object({
    name: z.string().trim().min(1, 'Your name is required').max(200),
    email: emailSchema,
    company: z.string().trim().min(1, 'The company is required').max(200),
    /** Optional: empty when the user gives none. */
    phone: z.union([z.literal(''), phoneSchema]).default(''),
    message: z
      .string()
      .trim()
      .min(10, 'Write at least 10 characters')
      .max(5000, 'Write at most 5000 characters'),
  })
  .strict();

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The operator's mailbox got it (false: stored, but the mail could not be sent). */
  mailed: z.boolean(),
});

export const contactMessageListData = z.object({ items: z.array(contactMessageSchema) });

export type ContactUsBody = z.input<typeof contactUsBody>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
