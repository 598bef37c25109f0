import { type ApiKeyGrant, apiKeyGrants } from '@app/shared/api/contract/engine/grants';
import { type Permission, permissions } from '@app/shared/api/contract/team';

export { type ApiKeyGrant, apiKeyGrants, subaccountGrants } from '@app/shared/api/contract/engine/grants';

// A modify or manage grant includes the matching view grant.
const impliedBy: Partial<Record<ApiKeyGrant, ApiKeyGrant>> = {
  'templates/view': 'templates/modify',
  'transmissions/view': 'transmissions/modify',
  'tracking_domains/view': 'tracking_domains/manage',
  'webhooks/view': 'webhooks/modify',
};

export function isApiKeyGrant(value: string): value is ApiKeyGrant {
  return (apiKeyGrants as readonly string[]).includes(value);
}

export function holdsGrant(grants: readonly string[], grant: ApiKeyGrant): boolean {
  const implying = impliedBy[grant];
  return grants.includes(grant) || (implying !== undefined && grants.includes(implying));
}

/**
 * What a console session's role permissions (shared/src/api/contract/team.ts) allow on `/api/v1`. A session
 * reads everything (requireGrant lets its GETs through); these are the changes each permission opens, plus
 * the view grants every session holds (some reads are POSTs, like the content previewer).
 */
export const permissionGrants: Readonly<Record<Permission, readonly ApiKeyGrant[]>> = {
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
};

const sessionViewGrants: readonly ApiKeyGrant[] = [
  'message_events/view',
  'metrics/view',
  'templates/view',
  'tracking_domains/view',
  'transmissions/view',
  'webhooks/view',
];

/** The grants of a console session with these permissions: 'all' when it holds every permission (ADMIN). */
export function sessionGrants(held: readonly Permission[]): readonly ApiKeyGrant[] | 'all' {
  if (permissions.every((permission) => held.includes(permission))) return 'all';
  return [...new Set([...sessionViewGrants, ...held.flatMap((permission) => permissionGrants[permission])])];
}

/** The permission that opens `grant` to a console session (for its refusal's wording). */
export function permissionForGrant(grant: ApiKeyGrant): Permission | undefined {
  return permissions.find((permission) =>
    permissionGrants[permission].some((opened) => opened === grant || impliedBy[grant] === opened),
  );
}
