import { z } from 'zod';
import { monthlyVolumes, productTourSchema, sendingUseCases } from '../accounts/onboarding.ts';
import { environmentSchema } from '../accounts/users.ts';
import { emailSchema, phoneSchema } from '../common.ts';
import { companyCategories } from '../rules/constants.ts';
import { authorizedRecipientLimit } from './sandbox-limits.ts';

export { authorizedRecipientLimit, authorizedRecipientResendSeconds } from './sandbox-limits.ts';

// ---- environment and onboarding -------------------------------------------------------------

export const setSandboxBody = z.object({ sandbox: z.boolean() });

export const switchEnvironmentBody = z.object({ environment: environmentSchema });

/** §5: a URL must be http(s) or ftp; a missing scheme gets https:// prepended. Empty = no website. */
const websiteSchema = z
  .string()
  .trim()
  .max(2048)
  .transform((value) => (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .pipe(
    z.union([
      z.literal(''),
      z.url({
        protocol: /^(https?|ftp)$/,
        hostname: z.regexes.domain,
        error: 'Enter a website like https://example.com',
      }),
    ]),
  );

export const completeProfileBody = z.object({
  name: z.string().trim().min(1, 'The company name is required').max(200),
  phone: phoneSchema,
  industry: z.enum(companyCategories, { error: 'Choose one of the listed industries' }),
  website: websiteSchema.default(''),
  country: z.string().trim().min(2, 'The country is required').max(100),
  /** Team timezone text like "(UTC+07:00) Bangkok, Hanoi, Jakarta"; unchanged when absent. */
  timezone: z
    .string()
    .trim()
    .max(200)
    .regex(/^\(UTC[+-]\d{2}:\d{2}\) \S/, 'Use a timezone like "(UTC+07:00) Bangkok, Hanoi, Jakarta"')
    .optional(),
});

/** What the company tells the operator when it asks for production (stored with the request). */
export const requestProductionBody = z
  .object({
    reason: z
      .string()
      .trim()
      .min(10, 'Tell us in at least 10 characters why you need production')
      .max(2000, 'Write at most 2000 characters'),
    monthlyVolume: z.enum(monthlyVolumes, { error: 'Choose the expected monthly volume' }),
    useCase: z.enum(sendingUseCases, { error: 'Choose what you will send' }),
  })
  .strict();

export const companyProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  industry: z.string(),
  website: z.string(),
  country: z.string(),
  timezone: z.string(),
  language: z.string(),
});

/** What the environment and on-boarding calls answer: where the company is and what it may do next. */
export const onboardingStateData = z.object({
  environment: environmentSchema,
  sandbox: z.boolean(),
  /** 'None' until the company asks for production, then 'Requested'. Switching does not depend on it. */
  productionStatus: z.string(),
  /** productionDataCompletion and productionWelcome are both set: switching to production is allowed. */
  productionReady: z.boolean(),
  company: companyProfileSchema,
  tour: productTourSchema,
});

// ---- authorized recipients ------------------------------------------------------------------

export const authorizedRecipientSchema = z.object({
  /** Handle for DELETE; deliberately not the id of the verification link, which only the mail carries. */
  id: z.string(),
  email: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** When the last verification mail went out; null if it could not be sent. */
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});

export const authorizedRecipientListData = z.object({
  items: z.array(authorizedRecipientSchema),
  limit: z.number().int(),
});

export const addAuthorizedRecipientsBody = z.object({
  emails: z
    .array(emailSchema)
    .min(1, 'Enter at least one email address')
    .max(authorizedRecipientLimit, `At most ${authorizedRecipientLimit} addresses`),
});

export const addAuthorizedRecipientsData = authorizedRecipientListData.extend({
  /** The addresses that were new and got a verification mail; the others were already listed. */
  added: z.array(z.string()),
});

export const resendAuthorizedRecipientBody = z.object({ email: emailSchema });

export const authorizedRecipientParams = z.object({ id: z.string().max(100) });

export const verifiedRecipientData = z.object({
  email: z.string(),
  /** The first verification; opening the link again keeps it. */
  verifiedAt: z.string(),
  companyName: z.string(),
  /** The address was verified before this visit of the link. */
  alreadyVerified: z.boolean(),
});

export type VerifiedRecipient = z.output<typeof verifiedRecipientData>;

// ---- sandbox inbox --------------------------------------------------------------------------

export const sandboxMessageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  /** Matched against the subject and the recipient, case-insensitively. */
  search: z.string().trim().max(200).optional(),
  /** Only the messages of one transmission (the id /api/v1/transmissions answers). */
  transmissionId: z
    .string()
    .refine(
      (value) => /^[0-9]{1,19}$/.test(value) && BigInt(value) <= 9223372036854775807n,
      'A transmission id is a number',
    )
    .optional(),
});

export const sandboxMessageSummarySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /** Bytes of the MIME source. */
  size: z.number().int(),
});

export const sandboxMessageListData = z.object({
  items: z.array(sandboxMessageSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const sandboxMessageSchema = sandboxMessageSummarySchema.extend({
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  /** As sent, NOT sanitized: sanitize (DOMPurify) before rendering. null when there is no HTML part. */
  html: z.string().nullable(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});

export const sandboxMessageParams = z.object({ id: z.uuid() });

/** An attachment of a sandbox message by its position in `attachments` (0 = first). */
export const sandboxAttachmentParams = sandboxMessageParams.extend({
  index: z.coerce.number().int().min(0).max(999),
});

export const deletedCountData = z.object({ deleted: z.number().int() });

// ---- welcome screens ------------------------------------------------------------------------

export const sandboxDataSchema = z.object({
  environment: environmentSchema,
  sandbox: z.boolean(),
  productionReady: z.boolean(),
  tour: productTourSchema,
  authorizedRecipients: z.object({
    items: z.array(authorizedRecipientSchema),
    limit: z.number().int(),
    verified: z.number().int(),
  }),
  /** Today's sandbox sending quota (UTC day); quota -1 = unlimited, remaining -1 likewise. */
  quota: z.object({
    enabled: z.boolean(),
    quota: z.number().int(),
    usage: z.number().int(),
    remaining: z.number().int(),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
  }),
  sending: z.object({
    /** Base URL of the SparkPost-compatible API, e.g. https://mail.example.com/api/v1. */
    apiBaseUrl: z.string(),
    smtp: z.object({
      host: z.string(),
      port: z.number().int(),
      /** The password is an API key with the smtp/inject grant. */
      username: z.literal('SMTP_Injection'),
      /**
       * STARTTLS certificate of the relay: the operator's files (SMTP_TLS_CERT/KEY), or a self-signed one the
       * server generated (clients must then accept it, e.g. nodemailer's tls.rejectUnauthorized: false).
       */
      certificate: z.enum(['configured', 'self-signed']),
    }),
  }),
  /** Messages in the sandbox inbox: all of them and those created today (UTC). */
  messages: z.object({ total: z.number().int(), today: z.number().int() }),
});

export type OnboardingState = z.output<typeof onboardingStateData>;
export type CompleteProfileBody = z.input<typeof completeProfileBody>;
export type CompleteProfile = z.output<typeof completeProfileBody>;
export type RequestProductionBody = z.input<typeof requestProductionBody>;
export type RequestProduction = z.output<typeof requestProductionBody>;
export type AuthorizedRecipient = z.output<typeof authorizedRecipientSchema>;
export type AuthorizedRecipientList = z.output<typeof authorizedRecipientListData>;
export type SandboxMessageSummary = z.output<typeof sandboxMessageSummarySchema>;
export type SandboxMessageList = z.output<typeof sandboxMessageListData>;
export type SandboxMessage = z.output<typeof sandboxMessageSchema>;
export type SandboxData = z.output<typeof sandboxDataSchema>;

/** A sample message from the console ("send a test email"), counted like any other send. */
export const testSendBody = z.object({ email: emailSchema });

export const testSendResult = z.object({
  transmissionId: z.string(),
  environment: environmentSchema,
  recipient: z.string(),
});
