import { z } from 'zod';

export const subaccountStatuses = ['active', 'suspended', 'terminated'] as const;

const name = z.string().trim().min(1, 'A name is required').max(64, 'The name is at most 64 characters');
// SparkPost's rule: at most 20 letters, digits and underscores; empty means any pool.
const ipPool = z
  .string()
  .max(20, 'The IP pool id is at most 20 characters')
  .regex(/^\w*$/, 'The IP pool id holds only letters, digits and underscores');

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
  /** Deliverability features are not offered: turning them on is refused. */
  options: z
    .object({
      deliverability: z.literal(false, 'deliverability features are not offered by this server').optional(),
    })
    .optional(),
});

export const subaccountView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(subaccountStatuses),
  compliance_status: z.string(),
  ip_pool: z.string().optional(),
  /** Deliverability features are not offered: always false. */
  options: z.object({ deliverability: z.boolean() }),
  created: z.string(),
});

export const subaccountSortKeys = ['created_at', 'updated_at', 'id', 'name'] as const;

/** Any of these asks for a page (`total_count`, `links`) instead of the whole list. */
export const subaccountListQuery = z.object({
  /** Subaccounts with this option on: none, as no option is offered. */
  option: z.enum(['deliverability'], "option's only value is deliverability").optional(),
  cursor: z.string().max(64).optional(),
  per_page: z.coerce.number().int().min(1).max(100, 'per_page is at most 100').optional(),
  sort_by: z.enum(subaccountSortKeys, `sort_by is one of ${subaccountSortKeys.join(', ')}`).optional(),
  order: z.enum(['asc', 'desc'], "order is 'asc' or 'desc'").optional(),
  ip_pool: z.string().max(20).optional(),
  status: z.enum(subaccountStatuses, 'status is active, suspended or terminated').optional(),
  name: z.string().max(64).optional(),
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids is a comma-separated list of subaccount ids')
    .optional(),
});
export type SubaccountListQuery = z.infer<typeof subaccountListQuery>;

export const subaccountCreated = z.object({
  subaccount_id: z.number(),
  label: z.string().optional(),
  key: z.string().optional(),
  short_key: z.string().optional(),
});

export type SubaccountView = z.infer<typeof subaccountView>;
export type SubaccountCreateBody = z.input<typeof subaccountCreateBody>;
export type SubaccountUpdateBody = z.input<typeof subaccountUpdateBody>;
export type SubaccountCreated = z.infer<typeof subaccountCreated>;

/** `GET /api/v1/subaccounts`: with any parameter, a page with its total and the next page's link. */
export const subaccountListAnswer = z.object({
  results: z.array(subaccountView),
  total_count: z.number().optional(),
  links: z.object({ next: z.string().optional() }).optional(),
});
