import { canChange, consoleFeature } from '@app/shared';

export type DomainKind = 'sendingDomain' | 'bounceDomain' | 'trackingDomain';
export type DomainAction = 'create' | 'detail' | 'update' | 'delete';

/**
 * Whether the §6 flag `<kind>.<action>` is on for the company (the shell loads it before any page) and, for a
 * change, whether the user's role may manage domains (a role without it sees the domains, read only).
 */
export const domainFeature = (kind: DomainKind, action: DomainAction) =>
  consoleFeature(`${kind}.${action}`) && (action === 'detail' || canChange('domains.manage'));
