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
] as const;

export type Permission = (typeof permissions)[number];

/** A short label and what each permission allows, for the role editor and the refusals. */
export const permissionInfo: Readonly<Record<Permission, { label: string; description: string }>> = {
  'team.manage': {
    label: 'Manage the team',
    description: 'Invite and remove members, change their roles, create and delete custom roles',
  },
  'apiKeys.manage': { label: 'Manage API keys', description: 'Create, change and delete API keys' },
  'domains.manage': {
    label: 'Manage domains',
    description: 'Add, verify and delete sending, bounce and tracking domains',
  },
  'subaccounts.manage': {
    label: 'Manage subaccounts',
    description: 'Create, change and terminate subaccounts',
  },
  'webhooks.manage': { label: 'Manage webhooks', description: 'Create, change and delete webhooks' },
  'templates.manage': {
    label: 'Manage templates',
    description: 'Create, change and delete templates, snippets and stored recipient lists',
  },
  'suppression.manage': {
    label: 'Manage the suppression list',
    description: 'Add and remove suppressed addresses',
  },
  send: {
    label: 'Send email',
    description:
      'Send transmissions and test mail, manage sandbox authorized recipients and the sandbox inbox',
  },
  'environment.switch': {
    label: 'Switch environment',
    description: 'Switch between sandbox and production, request production, complete the company profile',
  },
  'settings.manage': {
    label: 'Manage company settings',
    description: 'Change company-wide settings such as event retention and IP pools',
  },
};

/** What the console says where a role lacks `permission` (the server's 403 says the same first words). */
export const roleRefusal = (permission: Permission): string =>
  `Your role does not allow this: ${permissionInfo[permission].label.toLowerCase()}. Ask an admin of your team.`;

/** The permissions among `given` that `held` lacks: nobody gives a permission they do not hold. */
export function permissionsNotHeld(held: readonly Permission[], given: readonly string[]): Permission[] {
  return permissions.filter((permission) => given.includes(permission) && !held.includes(permission));
}

/** The permissions' labels, for a sentence: "Manage API keys, Send email". */
export const permissionLabels = (list: readonly Permission[]): string =>
  list.map((permission) => permissionInfo[permission].label).join(', ');
