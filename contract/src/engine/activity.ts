import { z } from 'zod';

export { activityExportRowLimit } from './activity-limits.ts';

/**
 * The production Activity's filters, in the event search's own parameter names (GET
 * /api/v1/events/message): what the console keeps in its URL and what an export job repeats.
 */
export const activityFilterKeys = [
  'from',
  'to',
  'events',
  'recipients',
  'recipient_types',
  'recipient_domains',
  'from_addresses',
  'sending_domains',
  'subjects',
  'bounce_classes',
  'reasons',
  'transmissions',
] as const;

export type ActivityFilterKey = (typeof activityFilterKeys)[number];

export const activityFilters = z.object(
  Object.fromEntries(activityFilterKeys.map((key) => [key, z.string().trim().max(2048).optional()])) as {
    [K in ActivityFilterKey]: z.ZodOptional<z.ZodString>;
  },
);

export type ActivityFilters = z.output<typeof activityFilters>;

/** Exports of one company waiting or being written at once; another is refused until one ends. */
export const activityExportsPending = 3;

export const activityExportStatuses = ['queued', 'running', 'done', 'failed'] as const;

export const activityExportSchema = z.object({
  id: z.string(),
  status: z.enum(activityExportStatuses),
  rowCount: z.number(),
  truncated: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The console path of the file once done. */
  downloadPath: z.string().nullable(),
});

export type ActivityExport = z.output<typeof activityExportSchema>;

export const activityExportParams = z.object({ id: z.uuid({ error: 'Not an export id' }) });

/** §7 GET /notifications: what the product told the signed-in user, newest first. */
export const userNotificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** A path to open (a download...), or ''. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});

export type UserNotification = z.output<typeof userNotificationSchema>;

export const userNotificationQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const userNotificationParams = z.object({ id: z.uuid({ error: 'Not a notification id' }) });

/** A production message as the engine stored it, for /activity/{id}. html is NOT sanitized. */
export const activityMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  html: z.string().nullable(),
  text: z.string(),
});

export type ActivityMessage = z.output<typeof activityMessageSchema>;

export const activityMessageParams = z.object({ id: z.uuid({ error: 'Not a message id' }) });
