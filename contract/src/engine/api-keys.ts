import { z } from 'zod';

/** A CIDR netmask or one address (checked on the server with node:net). */
const netmask = z.string().trim().min(1).max(64);

export const apiKeyCreateBody = z.object({
  label: z.string().trim().min(1, 'A label is required').max(1024, 'The label is at most 1024 characters'),
  grants: z.array(z.string()).min(1, 'Choose at least one grant').max(50),
  valid_ips: z.array(netmask).max(100).optional(),
});

export const apiKeyUpdateBody = apiKeyCreateBody.partial();

export const apiKeyView = z.object({
  id: z.string(),
  label: z.string(),
  grants: z.array(z.string()),
  valid_ips: z.array(z.string()),
  short_key: z.string(),
  subaccount_id: z.number().optional(),
  created: z.string(),
  updated: z.string().optional(),
  last_used: z.string().optional(),
});

export const apiKeyCreated = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  short_key: z.string(),
});

export type ApiKeyView = z.infer<typeof apiKeyView>;
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;
