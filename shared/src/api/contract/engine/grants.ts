/** SparkPost-style grants an API key can hold: the vocabulary of what a caller may do. */
export const apiKeyGrants = [
  'account/modify',
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

/** The grants a subaccount's key may hold (SparkPost's list). */
export const subaccountGrants: readonly ApiKeyGrant[] = [
  'smtp/inject',
  'sending_domains/manage',
  'tracking_domains/view',
  'tracking_domains/manage',
  'message_events/view',
  'suppression_lists/manage',
  'transmissions/view',
  'transmissions/modify',
  'webhooks/view',
  'webhooks/modify',
];
