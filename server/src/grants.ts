import { type Permission, permissions } from '@app/contract/accounts/team';
import { type ApiKeyGrant, apiKeyGrants, permissionGrants } from '@app/contract/engine/grants';

export {
  type ApiKeyGrant,
  apiKeyGrants,
  permissionGrants,
  sessionGrants,
  subaccountGrants,
} from '@app/contract/engine/grants';

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

/** The permission that opens `grant` to a console session (for its refusal's wording). */
export function permissionForGrant(grant: ApiKeyGrant): Permission | undefined {
  return permissions.find((permission) =>
    (permissionGrants[permission] ?? []).some((opened) => opened === grant || impliedBy[grant] === opened),
  );
}
