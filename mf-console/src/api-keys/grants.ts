import { type ApiKeyGrant, apiKeyGrants, sessionGrants, subaccountGrants } from '@app/contract';
import { $company } from '@app/shared';

/** The grants by area, as the console shows them (SparkPost's "Select" list). */
export const grantAreas: ReadonlyArray<{
  area: string;
  grants: ReadonlyArray<{ grant: ApiKeyGrant; label: string }>;
}> = [
  {
    area: 'Sending',
    grants: [
      { grant: 'transmissions/modify', label: 'Transmissions: send and cancel' },
      { grant: 'transmissions/view', label: 'Transmissions: read' },
      { grant: 'smtp/inject', label: 'SMTP relay: send' },
    ],
  },
  {
    area: 'Templates',
    grants: [
      { grant: 'templates/modify', label: 'Templates: create, edit and delete' },
      { grant: 'templates/view', label: 'Templates: read' },
    ],
  },
  {
    area: 'Recipients',
    grants: [
      { grant: 'recipient_lists/manage', label: 'Recipient lists' },
      { grant: 'suppression_lists/manage', label: 'Suppression list' },
      { grant: 'recipient-validation/manage', label: 'Recipient validation' },
    ],
  },
  {
    area: 'Reporting',
    grants: [
      { grant: 'message_events/view', label: 'Message events: read' },
      { grant: 'metrics/view', label: 'Metrics: read' },
    ],
  },
  {
    area: 'Domains',
    grants: [
      { grant: 'sending_domains/manage', label: 'Sending domains' },
      { grant: 'tracking_domains/manage', label: 'Tracking domains' },
      { grant: 'tracking_domains/view', label: 'Tracking domains: read' },
      { grant: 'inbound_domains/manage', label: 'Inbound domains' },
    ],
  },
  {
    area: 'Webhooks',
    grants: [
      { grant: 'webhooks/modify', label: 'Webhooks: create, edit and delete' },
      { grant: 'webhooks/view', label: 'Webhooks: read' },
      { grant: 'relay_webhooks/manage', label: 'Relay webhooks' },
    ],
  },
  {
    area: 'Account',
    grants: [
      { grant: 'account/modify', label: 'Account: rename, tracking and sending defaults' },
      { grant: 'api_keys/manage', label: 'API keys' },
      { grant: 'subaccounts/manage', label: 'Subaccounts' },
      { grant: 'ip_pools/manage', label: 'IP pools' },
    ],
  },
];

/** Starting points for the "Select" list; only the grants a key may hold are applied. */
export const grantPresets: ReadonlyArray<{ name: string; grants: readonly ApiKeyGrant[] }> = [
  { name: 'Sending only', grants: ['transmissions/modify', 'smtp/inject', 'templates/view'] },
  {
    name: 'Read only',
    grants: [
      'transmissions/view',
      'templates/view',
      'message_events/view',
      'metrics/view',
      'tracking_domains/view',
      'webhooks/view',
    ],
  },
  {
    name: 'Sending and reporting',
    grants: ['transmissions/modify', 'smtp/inject', 'templates/view', 'message_events/view', 'metrics/view'],
  },
];

/**
 * What a key may hold: every grant for the primary account, SparkPost's short list for a subaccount; of
 * those, only the ones `opened` (by the signed-in user's role: nobody gives what they do not hold).
 */
export const allowedGrants = (
  forSubaccount: boolean,
  opened: readonly ApiKeyGrant[] | 'all' = 'all',
): readonly ApiKeyGrant[] =>
  (forSubaccount ? subaccountGrants : apiKeyGrants).filter(
    (grant) => opened === 'all' || opened.includes(grant),
  );

/**
 * The grants a key is saved with: the offered ones chosen (every offered one in "All" mode), and those it
 * already holds that the user's role cannot give: they stay, untouched (keeping a grant gives nothing).
 */
export function savedGrants(
  mode: 'all' | 'select',
  chosen: readonly string[],
  offered: readonly string[],
  held: readonly string[],
): string[] {
  const picked = mode === 'all' ? offered : chosen.filter((grant) => offered.includes(grant));
  const kept = held.filter((grant) => !offered.includes(grant));
  return [...new Set([...picked, ...kept])];
}

/** The grants the signed-in user's role opens on /api/v1 (all for an admin): the most a key they make holds. */
export const grantsMyRoleOpens = (): readonly ApiKeyGrant[] | 'all' =>
  sessionGrants($company.get()?.permissions ?? []);

/** "All" when a key holds every grant it could, else the grants themselves. */
export function grantsSummary(grants: readonly string[], forSubaccount: boolean): string {
  const allowed = allowedGrants(forSubaccount);
  if (allowed.every((grant) => grants.includes(grant))) return 'All';
  return grants.join(', ');
}
