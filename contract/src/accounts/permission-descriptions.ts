import type { Permission } from './permissions.ts';

/** What each permission allows, for the role editor (not needed at first paint: only labels are). */
export const permissionDescriptions: Readonly<Record<Permission, string>> = {
  'team.manage': 'Invite and remove members, change their roles, create and delete custom roles',
  'apiKeys.manage': 'Create, change and delete API keys',
  'domains.manage': 'Add, verify and delete sending, bounce and tracking domains',
  'subaccounts.manage': 'Create, change and terminate subaccounts',
  'webhooks.manage': 'Create, change and delete webhooks',
  'templates.manage': 'Create, change and delete templates, snippets and stored recipient lists',
  'suppression.manage': 'Add and remove suppressed addresses',
  send: 'Send transmissions and test mail, manage sandbox authorized recipients and the sandbox inbox',
  'environment.switch':
    'Switch between sandbox and production, request production, complete the company profile',
  'settings.manage': 'Change company-wide settings such as event retention and IP pools',
  'contacts.manage': 'Add and edit contacts, fields and segments',
  'contacts.import': 'Import contacts from CSV and Excel files',
  'contacts.export': "Export contacts and one contact's data",
  'contacts.delete': 'Delete and erase contacts',
  'labels.manage': 'Create, rename and delete contact labels',
  'campaigns.compose': 'Create, edit, duplicate and delete campaigns and A/B tests',
  'campaigns.send': 'Send, schedule, pause and cancel campaigns, pick A/B winners',
  'automation.manage': 'Create, change and start automations',
  'forms.manage': 'Create, change, publish and delete forms',
  'pages.manage': 'Create, change, publish and delete pages',
  'marketingTemplates.manage': 'Create, change and delete email, page and form templates',
  'files.manage': 'Upload, rename and delete files in the File Manager',
  'senders.manage': 'Add, validate and delete sender addresses',
  'billing.manage': 'Change the plan, pay and manage payment methods',
  'company.manage': "Change the company's profile",
};
