import type { FlagPath } from '@app/contract';

/** The sidebar: groups shown as a tree, items point at §2 routes. */
export interface MenuItem {
  label: string;
  path: string;
  /** The §6 flag that hides the item (restricted profiles); marketing items have none. */
  feature?: FlagPath;
  /** Other paths that are this item's screens (its composers), beside `path` and the paths under it. */
  prefixes?: readonly string[];
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

/**
 * The marketing half's items, §2 labels word for word, each shown when its route is in the build
 * (the full variant, the vendor's areas) and the plan has its feature group on. An item is added
 * with its screen: never a placeholder.
 */
export const marketingMenu: MenuGroup[] = [
  {
    label: 'Marketing',
    items: [
      { label: 'Home', path: '/dashboard' },
      { label: 'Contact Book', path: '/contact' },
      { label: 'Add Contact', path: '/contact/add' },
      { label: 'Campaign', path: '/campaign' },
      { label: 'Campaign Category', path: '/campaign/category' },
      { label: 'A/B Test Email', path: '/ab-test' },
      { label: 'Form API', path: '/form' },
      { label: 'Page', path: '/page' },
      { label: 'Page Integration', path: '/page/integration' },
      { label: 'File Manager', path: '/file-manager' },
      {
        label: 'Template Manager',
        path: '/template-manager',
        prefixes: ['/template/email', '/template/page', '/template/form'],
      },
      { label: 'Manage Sender', path: '/sender' },
      { label: 'Subscriber Setting', path: '/subscriber-setting' },
    ],
  },
];

export const consoleMenu: MenuGroup[] = [
  {
    label: 'Analytics',
    items: [
      { label: 'Analytic', path: '/analytic', feature: 'analytic' },
      { label: 'Activity', path: '/activity', feature: 'activity' },
      { label: 'Preset', path: '/preset', feature: 'analytic.preset' },
    ],
  },
  {
    label: 'Sending',
    items: [
      { label: 'Configuration', path: '/configuration', feature: 'configuration' },
      { label: 'Templates', path: '/template', feature: 'template' },
      { label: 'Suppression List', path: '/suppression', feature: 'suppression' },
      { label: 'Email Validation', path: '/email-validation', feature: 'emailValidation' },
      { label: 'API Instruction', path: '/api-instruction', feature: 'apiKey.instruction' },
    ],
  },
  {
    label: 'Configuration',
    items: [
      { label: 'Sending Domains', path: '/domain/sending', feature: 'sendingDomain' },
      { label: 'Bounce Domains', path: '/domain/bounce', feature: 'bounceDomain' },
      { label: 'Tracking Domains', path: '/domain/tracking', feature: 'trackingDomain' },
      { label: 'Webhooks', path: '/webhook', feature: 'webhook' },
      { label: 'IP Pools', path: '/ip-pool', feature: 'ipPool' },
      { label: 'Subaccounts', path: '/subaccount', feature: 'subaccount' },
      { label: 'API Keys', path: '/api-key', feature: 'apiKey' },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'Usage Monitoring', path: '/usage-monitoring', feature: 'usage' },
      { label: 'Account Setting', path: '/account-setting', feature: 'app.accountSetting' },
      { label: 'Contact Us', path: '/contact-us', feature: 'app.support' },
    ],
  },
];

/**
 * The menu a company may use: items whose flag is off go, so do items whose route is not open to it
 * (`routeOpen`: the build's areas and the plan), and groups left empty.
 */
export function visibleMenu(
  on: (feature: FlagPath) => boolean,
  routeOpen: (path: string) => boolean,
): MenuGroup[] {
  return [...marketingMenu, ...consoleMenu]
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) => (item.feature === undefined || on(item.feature)) && routeOpen(item.path),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

/**
 * The path of the item the user is in: the longest item path (or prefix) that `pathname` is or is
 * under, so /page/integration is Page Integration's, not Page's, and a template composer is the
 * Template Manager's, not the engine's Templates.
 */
export function currentMenuPath(groups: readonly MenuGroup[], pathname: string): string | undefined {
  let best: { path: string; length: number } | undefined;
  for (const item of groups.flatMap((group) => group.items)) {
    for (const prefix of [item.path, ...(item.prefixes ?? [])]) {
      const under = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (under && prefix.length > (best?.length ?? -1)) best = { path: item.path, length: prefix.length };
    }
  }
  return best?.path;
}
