import { z } from 'zod';
import { currentPasswordSchema, emailSchema, newPasswordSchema, phoneSchema } from '../common.ts';
import { policyVersion } from '../rules/constants.ts';

/** The policy version users must accept (§9). */
export const currentPolicyVersion = policyVersion;

export const hourFormatSchema = z.enum(['12', '24']);

export const userSchema = z.object({
  userId: z.string(),
  fullname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  image: z.string(),
  phone: z.string(),
  time: hourFormatSchema,
  language: z.string(),
  tours: z.record(z.string(), z.boolean()),
  hints: z.object({ complete: z.boolean(), data: z.record(z.string(), z.unknown()) }),
  validate: z.boolean(),
  toggleContact: z.boolean(),
  policyVersion: z.string(),
  lastProductUpdate: z.string(),
  twoFactorEnabled: z.boolean(),
  role: z.string(),
  /** An IANA time zone for showing times ('' = the browser's). */
  timezone: z.string(),
});

export const environmentSchema = z.enum(['sandbox', 'production']);
export type EnvironmentName = z.infer<typeof environmentSchema>;

export const userDetailSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullname: z.string(),
  lastname: z.string(),
  image: z.string(),
  phone: z.string(),
  environment: environmentSchema,
});

const name = z.string().trim().max(100);

/** An IANA time zone name the runtime knows ('' = none chosen: the browser's zone is used). */
export const isTimeZone = (value: string): boolean => {
  if (value === '') return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, 'Choose a time zone from the list, like Asia/Jakarta');

export const updateUserBody = z.object({
  fullname: name.optional(),
  firstname: name.optional(),
  lastname: name.optional(),
  phone: z.union([phoneSchema, z.literal('')]).optional(),
  time: hourFormatSchema.optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Use a language code like en or id')
    .optional(),
  image: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  timezone: timeZoneSchema.optional(),
});

/** GET and PUT /notification-alert (§7): the signed-in user's alert mails. */
export const notificationAlertSchema = z.object({
  /** Mail me when the company's monthly email usage passes the threshold. */
  usageAlert: z.boolean(),
  /** The threshold, in percent of the monthly quota. */
  usageAlertPercent: z.number().int('Use a whole number').min(1, 'At least 1%').max(100, 'At most 100%'),
});
export type NotificationAlert = z.output<typeof notificationAlertSchema>;

export const changePasswordBody = z.object({
  oldPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** The change-password form: the new password typed twice and different from the current one. */
export const changePasswordForm = changePasswordBody
  .extend({ confirm: z.string() })
  .refine((form) => form.newPassword === form.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match',
  })
  .refine((form) => form.newPassword !== form.oldPassword, {
    path: ['newPassword'],
    message: 'Choose a new password that is different from your current one',
  });

export const changeEmailBody = z.object({ email: emailSchema, password: currentPasswordSchema });
export const changeEmailData = z.object({ email: z.string(), validated: z.literal(false) });

export const policyVersionData = z.object({
  policyVersion: z.string(),
  current: z.string(),
  needsUpdate: z.boolean(),
});
export const policyVersionBody = z.object({ policyVersion: z.literal(currentPolicyVersion) });

export type User = z.output<typeof userSchema>;
export type UserDetail = z.output<typeof userDetailSchema>;
export type UpdateUserBody = z.input<typeof updateUserBody>;
