// What a role may change, without zod: the console names permissions and refusals at first paint
// (team.ts re-exports them).

/**
 * What a console session may change (§6 Roles and permissions). Reading is never restricted: every member
 * of a company sees all of its data; a permission names a kind of change.
 */
export const permissions = [
  'team.manage',
  'apiKeys.manage',
  'domains.manage',
  'subaccounts.manage',
  'webhooks.manage',
  'templates.manage',
  'suppression.manage',
  'send',
  'environment.switch',
  'settings.manage',
  // Marketing (shown by the full variant only; see marketingPermissions)
  'contacts.manage',
  'contacts.import',
  'contacts.export',
  'contacts.delete',
  'labels.manage',
  'campaigns.compose',
  'campaigns.send',
  'automation.manage',
  'forms.manage',
  'pages.manage',
  'marketingTemplates.manage',
  'files.manage',
  'senders.manage',
  'billing.manage',
  'company.manage',
] as const;

export type Permission = (typeof permissions)[number];

/** Each permission's short label, for the role editor and the refusals (descriptions: permission-descriptions.ts). */
export const permissionLabel: Readonly<Record<Permission, string>> = {
  'team.manage': 'Manage the team',
  'apiKeys.manage': 'Manage API keys',
  'domains.manage': 'Manage domains',
  'subaccounts.manage': 'Manage subaccounts',
  'webhooks.manage': 'Manage webhooks',
  'templates.manage': 'Manage templates',
  'suppression.manage': 'Manage the suppression list',
  send: 'Send email',
  'environment.switch': 'Switch environment',
  'settings.manage': 'Manage company settings',
  'contacts.manage': 'Manage contacts',
  'contacts.import': 'Import contacts',
  'contacts.export': 'Export contacts',
  'contacts.delete': 'Delete contacts',
  'labels.manage': 'Manage labels',
  'campaigns.compose': 'Compose campaigns',
  'campaigns.send': 'Send campaigns',
  'automation.manage': 'Manage automation',
  'forms.manage': 'Manage forms',
  'pages.manage': 'Manage pages',
  'marketingTemplates.manage': 'Manage marketing templates',
  'files.manage': 'Manage files',
  'senders.manage': 'Manage senders',
  'billing.manage': 'Manage billing',
  'company.manage': 'Manage the company profile',
};

/** The permissions of the marketing half: the smtp variant's role editor does not offer them. */
export const marketingPermissions: readonly Permission[] = permissions.slice(
  permissions.indexOf('contacts.manage'),
);

/** What the console says where a role lacks `permission` (the server's 403 says the same first words). */
export const roleRefusal = (permission: Permission): string =>
  `Your role does not allow this: ${permissionLabel[permission].toLowerCase()}. Ask an admin of your team.`;

/**
 * The permissions among `given` that `held` lacks: nobody gives a permission they do not hold. Only
 * the permissions the build `offers` count (the smtp variant has no marketing to give).
 */
export function permissionsNotHeld(
  held: readonly Permission[],
  given: readonly string[],
  offered: readonly Permission[] = permissions,
): Permission[] {
  return offered.filter((permission) => given.includes(permission) && !held.includes(permission));
}

/** The role permissions a build variant offers: all in full; smtp, which has no marketing, none of those. */
export function buildPermissionsOf(variant: 'full' | 'smtp'): readonly Permission[] {
  if (variant === 'full') return permissions;
  return permissions.filter((permission) => !marketingPermissions.includes(permission));
}

/** The permissions' labels, for a sentence: "Manage API keys, Send email". */
export const permissionLabels = (list: readonly Permission[]): string =>
  list.map((permission) => permissionLabel[permission]).join(', ');
