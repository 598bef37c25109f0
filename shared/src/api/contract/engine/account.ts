import { z } from 'zod';
import { headerText } from './storable.ts';

const usagePeriod = z.object({ used: z.number(), limit: z.number(), start: z.string(), end: z.string() });

/** `GET /account`: the company, its plan, and with `include=usage` this period's sends. */
export const accountView = z.object({
  customer_id: z.string(),
  company_name: z.string(),
  country_code: z.string(),
  created: z.string(),
  status: z.string(),
  tfa_required: z.boolean(),
  service_level: z.string(),
  subscription: z.object({
    code: z.string(),
    name: z.string(),
    plan_volume: z.number(),
    self_serve: z.boolean(),
  }),
  options: z.record(z.string(), z.boolean()),
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

/** `PUT /account`: the documented fields; only company_name is stored (see the route). */
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
