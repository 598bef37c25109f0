/** The transactional console's sidebar: groups shown as a tree, items point at §2 route names. */
export interface MenuItem {
  label: string;
  path: string;
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

export const consoleMenu: MenuGroup[] = [
  {
    label: 'Analytics',
    items: [
      { label: 'Analytic', path: '/analytic' },
      { label: 'Activity', path: '/activity' },
      { label: 'Preset', path: '/preset' },
    ],
  },
  {
    label: 'Sending',
    items: [
      { label: 'Templates', path: '/template' },
      { label: 'Suppression List', path: '/suppression' },
      { label: 'Email Validation', path: '/email-validation' },
      { label: 'API Instruction', path: '/api-instruction' },
    ],
  },
  {
    label: 'Configuration',
    items: [
      { label: 'Sending Domains', path: '/domain/sending' },
      { label: 'Bounce Domains', path: '/domain/bounce' },
      { label: 'Tracking Domains', path: '/domain/tracking' },
      { label: 'Webhooks', path: '/webhook' },
      { label: 'Subaccounts', path: '/subaccount' },
      { label: 'API Keys', path: '/api-key' },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'Usage Monitoring', path: '/usage-monitoring' },
      { label: 'Account Setting', path: '/account-setting' },
      { label: 'Contact Us', path: '/contact-us' },
    ],
  },
];
