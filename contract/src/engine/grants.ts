import type { Permission } from '../accounts/permissions.ts';

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

/**
 * What a console session's role permissions (contract/src/accounts/team.ts) allow on `/api/v1`. A session
 * reads everything (the server's requireGrant lets its GETs through); these are the changes each permission opens, plus
 * the view grants every session holds (some reads are POSTs, like the content previewer).
 */
export const permissionGrants: Readonly<Partial<Record<Permission, readonly ApiKeyGrant[]>>> = {
  'team.manage': [],
  'apiKeys.manage': ['api_keys/manage'],
  'domains.manage': ['sending_domains/manage', 'tracking_domains/manage', 'inbound_domains/manage'],
  'subaccounts.manage': ['subaccounts/manage'],
  'webhooks.manage': ['webhooks/modify', 'relay_webhooks/manage'],
  'templates.manage': ['templates/modify', 'recipient_lists/manage'],
  'suppression.manage': ['suppression_lists/manage'],
  send: ['transmissions/modify', 'recipient-validation/manage'],
  'environment.switch': [],
  'settings.manage': ['ip_pools/manage', 'account/modify'],
  // The marketing permissions open nothing on /api/v1.
};

const sessionViewGrants: readonly ApiKeyGrant[] = [
  'message_events/view',
  'metrics/view',
  'templates/view',
  'tracking_domains/view',
  'transmissions/view',
  'webhooks/view',
];

/** The grants of a console session with these permissions: 'all' when it holds every one that opens /api/v1 (ADMIN). */
export function sessionGrants(held: readonly Permission[]): readonly ApiKeyGrant[] | 'all' {
  // Every permission that opens something on /api/v1 (the marketing ones open nothing there).
  const opening = Object.keys(permissionGrants) as Permission[];
  if (opening.every((permission) => held.includes(permission))) return 'all';
  return [
    ...new Set([...sessionViewGrants, ...held.flatMap((permission) => permissionGrants[permission] ?? [])]),
  ];
}
