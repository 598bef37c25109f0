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
  'contacts.manage': { label: 'Manage contacts', description: 'Add and edit contacts, fields and segments' },
  'contacts.import': { label: 'Import contacts', description: 'Import contacts from CSV and Excel files' },
  'contacts.export': { label: 'Export contacts', description: "Export contacts and one contact's data" },
  'contacts.delete': { label: 'Delete contacts', description: 'Delete and erase contacts' },
  'labels.manage': { label: 'Manage labels', description: 'Create, rename and delete contact labels' },
  'campaigns.compose': {
    label: 'Compose campaigns',
    description: 'Create, edit, duplicate and delete campaigns and A/B tests',
  },
  'campaigns.send': {
    label: 'Send campaigns',
    description: 'Send, schedule, pause and cancel campaigns, pick A/B winners',
  },
  'automation.manage': { label: 'Manage automation', description: 'Create, change and start automations' },
  'forms.manage': { label: 'Manage forms', description: 'Create, change, publish and delete forms' },
  'pages.manage': { label: 'Manage pages', description: 'Create, change, publish and delete pages' },
  'marketingTemplates.manage': {
    label: 'Manage marketing templates',
    description: 'Create, change and delete email, page and form templates',
  },
  'files.manage': {
    label: 'Manage files',
    description: 'Upload, rename and delete files in the File Manager',
  },
  'senders.manage': { label: 'Manage senders', description: 'Add, validate and delete sender addresses' },
  'billing.manage': {
    label: 'Manage billing',
    description: 'Change the plan, pay and manage payment methods',
  },
  'company.manage': { label: 'Manage the company profile', description: "Change the company's profile" },
};

/** The permissions of the marketing half: the smtp variant's role editor does not offer them. */
export const marketingPermissions: readonly Permission[] = permissions.slice(
  permissions.indexOf('contacts.manage'),
);

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
