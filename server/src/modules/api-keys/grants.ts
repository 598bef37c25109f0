/** SparkPost-style grants an API key can hold. */
export const apiKeyGrants = [
  'api_keys/manage',
  'inbound_domains/manage',
  'ip_pools/manage',
  'message_events/view',
  'metrics/view',
  'recipient_lists/manage',
  'recipient-validation/manage',
  'relay_webhooks/manage',
  'sending_domains/manage',
  'smtp/inject',
  'subaccounts/manage',
  'suppression_lists/manage',
  'templates/modify',
  'templates/view',
  'tracking_domains/manage',
  'tracking_domains/view',
  'transmissions/modify',
  'transmissions/view',
  'webhooks/modify',
  'webhooks/view',
] as const;

export type ApiKeyGrant = (typeof apiKeyGrants)[number];

export function isApiKeyGrant(value: string): value is ApiKeyGrant {
  return (apiKeyGrants as readonly string[]).includes(value);
}
