import { z } from 'zod';

/**
 * Event webhooks (`/api/v1/webhooks`) as SparkPost's webhooks.apib documents them, plus our
 * Standard Webhooks `signing_secret` (returned on create, and on get to callers holding webhooks/modify). Event types are checked by the
 * server against the event catalog, so an unknown type's error names it.
 */
export const webhookAuthTypes = ['none', 'basic', 'oauth2'] as const;

/** A header name (RFC 9110 token) and a value without line breaks. */
const headerName = z
  .string()
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/, 'must be a valid HTTP header name');
const headerValue = z
  .string()
  .max(4096)
  .regex(/^[^\r\n\0]*$/, 'must not contain line breaks');

export const maxCustomHeaders = 20;

export const webhookCustomHeaders = z
  .record(headerName, headerValue)
  .refine((headers) => Object.keys(headers).length <= maxCustomHeaders, {
    message: `at most ${maxCustomHeaders} custom headers`,
  });

/** Distinct subaccount numbers, at most 10 (SparkPost's limit). */
const exceptionSubaccounts = z
  .array(z.number().int().min(1).max(2_147_483_647))
  .max(10, 'at most 10 subaccounts')
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not have duplicate values' });

export const webhookAuthRequestDetails = z.object({
  url: z.string().min(1).max(2048),
  /** Sent form-encoded to the token URL (client_id, client_secret, grant_type...). */
  body: z.record(z.string().min(1).max(256), z.string().max(4096)),
});

export const webhookBasicCredentials = z.object({
  username: z.string().min(1).max(256),
  password: z.string().max(1024).optional(),
});

const webhookFields = {
  name: z.string().trim().min(1).max(1024),
  target: z.string().min(1).max(2048),
  events: z.array(z.string().min(1).max(64)).min(1).max(100),
  active: z.boolean(),
  custom_headers: webhookCustomHeaders,
  exception_subaccounts: exceptionSubaccounts,
  auth_type: z.enum(webhookAuthTypes),
  auth_request_details: webhookAuthRequestDetails,
  auth_credentials: webhookBasicCredentials,
  /** Deprecated by SparkPost in favour of auth_type: sent as `X-MessageSystems-Webhook-Token`. */
  auth_token: z.string().max(1024),
};

export const webhookCreateBody = z.object({
  name: webhookFields.name,
  target: webhookFields.target,
  events: webhookFields.events,
  active: webhookFields.active.default(true),
  custom_headers: webhookFields.custom_headers.optional(),
  exception_subaccounts: webhookFields.exception_subaccounts.min(1, 'must not be empty').optional(),
  auth_type: webhookFields.auth_type.default('none'),
  auth_request_details: webhookFields.auth_request_details.optional(),
  auth_credentials: webhookFields.auth_credentials.optional(),
  auth_token: webhookFields.auth_token.optional(),
});

export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

export const webhookUpdateBody = z.object({
  name: webhookFields.name.optional(),
  target: webhookFields.target.optional(),
  events: webhookFields.events.optional(),
  active: webhookFields.active.optional(),
  custom_headers: webhookFields.custom_headers.optional(),
  exception_subaccounts: webhookFields.exception_subaccounts.optional(),
  /** The event source: -1 the master and every subaccount, 0 the master only, n subaccount n. */
  subaccount_id: z.number().int().min(-1).max(2_147_483_647).optional(),
  auth_type: webhookFields.auth_type.optional(),
  auth_request_details: webhookFields.auth_request_details.optional(),
  auth_credentials: webhookFields.auth_credentials.optional(),
  auth_token: webhookFields.auth_token.optional(),
});

export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

export const webhookLink = z.object({ href: z.string(), rel: z.string(), method: z.array(z.string()) });

export const webhookView = z.object({
  id: z.string(),
  name: z.string(),
  target: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** Only to callers who may change the webhook (webhooks/modify; console: webhooks.manage). */
  custom_headers: z.record(z.string(), z.string()).optional(),
  /** As strings, as SparkPost serves them. */
  exception_subaccounts: z.array(z.string()).optional(),
  /** The event source when not "the master and every subaccount" (-1). */
  subaccount_id: z.number().optional(),
  auth_type: z.enum(webhookAuthTypes),
  /** Listed without client secrets; a single webhook's view has them for callers who may change it. */
  auth_request_details: z
    .object({ url: z.string(), body: z.record(z.string(), z.string()) })
    .or(z.object({})),
  auth_credentials: z
    .object({ username: z.string(), password: z.string().optional() })
    .or(z.object({ access_token: z.string(), expires_in: z.number() }))
    .or(z.object({})),
  /** Only to callers who may change the webhook. */
  auth_token: z.string().optional(),
  last_successful: z.string().optional(),
  last_failure: z.string().optional(),
  /** Our addition: the Standard Webhooks secret (`whsec_...`) that signs every batch; not in lists. */
  signing_secret: z.string().optional(),
  links: z.array(webhookLink),
});

export type WebhookView = z.infer<typeof webhookView>;

export const webhookCreated = z.object({
  id: z.string(),
  signing_secret: z.string(),
  links: z.array(webhookLink),
});
export type WebhookCreated = z.infer<typeof webhookCreated>;

/** What a webhook's target answered a POST, as the engine reports it. */
export const webhookTestResponse = z.object({
  status: z.number(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});

export type WebhookTestResponse = z.infer<typeof webhookTestResponse>;

export const webhookValidateResult = z.object({ msg: z.string(), response: webhookTestResponse });
export type WebhookValidateResult = z.infer<typeof webhookValidateResult>;

export const webhookBatchStatusQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const webhookBatchStatus = z.object({
  batch_id: z.string(),
  webhook_id: z.string(),
  ts: z.string(),
  batch_size: z.number(),
  attempts: z.number(),
  response_code: z.string().optional(),
  failure_code: z.string().optional(),
  latency: z.number().optional(),
  /** Ours, beyond SparkPost: delivered (2xx), retrying (after a failed attempt) or failed for good (8 hours passed). */
  state: z.enum(['delivered', 'retrying', 'failed']),
  /** When a retrying batch is attempted next (ISO 8601). */
  next_attempt: z.string().optional(),
});
export type WebhookBatchStatus = z.infer<typeof webhookBatchStatus>;

export const webhookSamplesQuery = z.object({ events: z.string().optional() });

/** `?timezone=`: the zone last_successful and last_failure are written in. */
export const webhookTimezoneQuery = z.object({ timezone: z.string().max(64).optional() });

export const webhookUpdated = z.object({ id: z.string(), links: z.array(z.unknown()) });
