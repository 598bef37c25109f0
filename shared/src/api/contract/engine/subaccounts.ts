import { z } from 'zod';

export const subaccountStatuses = ['active', 'suspended', 'terminated'] as const;

const name = z.string().trim().min(1, 'A name is required').max(64, 'The name is at most 64 characters');
const ipPool = z.string().trim().max(20, 'The IP pool id is at most 20 characters');

export const subaccountCreateBody = z.object({
  name,
  /** SparkPost's default: a key is made unless the caller says not to. */
  setup_api_key: z.boolean().default(true),
  key_label: z.string().trim().min(1).max(1024).optional(),
  key_grants: z.array(z.string()).max(50).optional(),
  key_valid_ips: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  ip_pool: ipPool.optional(),
});

export const subaccountUpdateBody = z.object({
  name: name.optional(),
  status: z.enum(subaccountStatuses, 'must be active, suspended or terminated').optional(),
  ip_pool: ipPool.nullable().optional(),
});

export const subaccountView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(subaccountStatuses),
  compliance_status: z.string(),
  ip_pool: z.string().optional(),
  created: z.string(),
});

export const subaccountCreated = z.object({
  subaccount_id: z.number(),
  label: z.string().optional(),
  key: z.string().optional(),
  short_key: z.string().optional(),
});

export type SubaccountView = z.infer<typeof subaccountView>;
