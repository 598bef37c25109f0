import { z } from 'zod';
import { headerText } from './storable.ts';

const usagePeriod = z.object({ used: z.number(), limit: z.number(), start: z.string(), end: z.string() });

/** `GET /account`: the company, its plan, and with `include=usage` this period's sends. */
/**
 * SparkPost's account options (PUT /account `options`), each a boolean; one never set takes its default:
 * rest_tracking_default true, smtp_tracking_default false, click_tracking true (false turns click tracking
 * off where a send does not ask for it), initial_open_pixel_tracking false here (SparkPost: true),
 * transactional_default false, transactional_unsub false, inline_seeds (kept; no seeding here).
 */
export const accountOptionNames = [
  'smtp_tracking_default',
  'rest_tracking_default',
  'transactional_unsub',
  'transactional_default',
  'initial_open_pixel_tracking',
  'click_tracking',
  'inline_seeds',
] as const;
export type AccountOptionName = (typeof accountOptionNames)[number];
export type AccountOptions = Partial<Record<AccountOptionName, boolean>>;

export const accountView = z.object({
  customer_id: z.string(),
  company_name: z.string(),
  country_code: z.string(),
  /** When the plan's monthly allowance starts again (usage months are calendar months in UTC). */
  anniversary_date: z.string(),
  created: z.string(),
  /** When the company's name or profile, or the account options, last changed. */
  updated: z.string(),
  status: z.string(),
  /** When the status last changed: an account is active from its creation and stays so. */
  status_updated: z.string(),
  status_reason_category: z.string(),
  tfa_required: z.boolean(),
  service_level: z.string(),
  subscription: z.object({
    code: z.string(),
    name: z.string(),
    plan_volume: z.number(),
    /** Since when the company is on this plan. */
    effective_date: z.string(),
    self_serve: z.boolean(),
    type: z.string(),
  }),
  /** The options set (PUT /account); one not set takes its default (see accountOptionNames). */
  options: z.record(z.string(), z.boolean()),
  /** Online support: the console's contact form; there is no phone support. */
  support: z.object({ phone: z.boolean(), online: z.boolean() }),
  usage: z
    .object({
      timestamp: z.string(),
      day: usagePeriod.optional(),
      month: usagePeriod.optional(),
      sandbox: z.object({ used: z.number(), limit: z.number() }).optional(),
    })
    .optional(),
});
export type AccountView = z.infer<typeof accountView>;

export const accountQuery = z.object({
  include: z.enum(['usage'], "include's only value is usage").optional(),
});

/** `PUT /account`: the documented fields; company_name and options are kept, tfa_required is refused (see the route). */
export const accountUpdateBody = z.object({
  company_name: headerText(255).trim().min(1, 'company_name must not be empty').optional(),
  tfa_required: z.boolean().optional(),
  options: z.record(z.string(), z.boolean()).optional(),
});

const messagingPeriod = z.object({ start: z.string(), end: z.string(), used: z.number() });

/** `GET /usage`: this day's and month's sends (recipient validation is not offered yet). */
export const usageView = z.object({
  messaging: z.object({
    day: messagingPeriod.optional(),
    month: messagingPeriod.optional(),
    last_usage_date: z.string().nullable(),
    timestamp: z.string(),
  }),
});
export type UsageView = z.infer<typeof usageView>;
