import { z } from 'zod';
import { dashboardRanges } from './dashboard-ranges.ts';

/** `GET /v1/dashboard/stats?days=30`. */
export const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (dashboardRanges as readonly number[]).includes(days), 'must be 7, 30 or 90')
    .default(30),
});

const campaignLine = z.object({ id: z.string(), name: z.string() });

/** Home's statistics (§1 dashboard): campaigns started in the range, the contact book, what comes next. */
export const dashboardStats = z.object({
  days: z.number().int(),
  campaigns: z.object({
    /** Campaigns started in the range, and the recipients they queued, delivered, opened, clicked. */
    sent: z.number().int(),
    recipients: z.number().int(),
    delivered: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
  }),
  contacts: z.object({ total: z.number().int(), subscribed: z.number().int(), added: z.number().int() }),
  recent: z.array(
    campaignLine.extend({
      sentAt: z.string(),
      queued: z.number().int(),
      opened: z.number().int(),
      clicked: z.number().int(),
    }),
  ),
  scheduled: z.array(campaignLine.extend({ scheduledAt: z.string() })),
  /**
   * The hour of the day (0–23, the team's time zone) when most of the company's recipients opened
   * in the last 90 days, and how many opens it had; null before any open.
   */
  peak: z.object({ hour: z.number().int(), opens: z.number().int() }).nullable(),
});

export type DashboardStats = z.output<typeof dashboardStats>;
