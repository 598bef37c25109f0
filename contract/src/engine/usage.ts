import { z } from 'zod';

/** -1 means unlimited (§9). */
const limit = z.number().int();

export const quotaItemSchema = z.object({
  feature: z.string(),
  usage: z.number().int(),
  quota: limit,
  enable: z.boolean(),
  /** Reset period of the quota: monthly, daily or none (lifetime). */
  type: z.enum(['monthly', 'daily', 'none']),
  plan: z.string(),
  version: z.number().int(),
  /** ISO timestamps of the current period; null for lifetime quotas. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  lastUpdated: z.string().nullable(),
});

export const usageData = z.object({
  email: quotaItemSchema,
  bulk: quotaItemSchema,
  daily: quotaItemSchema,
  extra: quotaItemSchema,
  purify: quotaItemSchema,
  sandbox: quotaItemSchema,
});

export const quotaSummaryData = z.object({
  plan: z.string(),
  quota: limit,
  usage: z.number().int(),
  remaining: limit,
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
});

export const subFeatureSchema = z.object({
  name: z.string(),
  text: z.string(),
  limit,
  enable: z.boolean(),
});

export const featureGroupSchema = z.object({
  name: z.string(),
  enable: z.boolean(),
  subFeatures: z.array(subFeatureSchema),
});

export const activeSubscriptionData = z.object({
  packetId: z.string(),
  plan: z.string(),
  startDate: z.string(),
  expiredDate: z.string().nullable(),
  features: z.array(featureGroupSchema),
  price: z.number(),
  subscription: z.string(),
  subscribe: z.boolean(),
  version: z.number().int(),
  group: z.string(),
  paymentMethod: z.string().nullable(),
});

export type QuotaItem = z.output<typeof quotaItemSchema>;
export type Usage = z.output<typeof usageData>;
export type ActiveSubscription = z.output<typeof activeSubscriptionData>;
