import { type ConsoleProfile, featureFlagsFor, isFeatureOn } from '@app/contract';
import { routes } from '@app/contract/routes/routes';
import { describe, expect, it } from 'vitest';
import { routeFeatureOn } from '../routing/route-features.ts';
import { consoleMenu, currentMenuPath, marketingMenu, visibleMenu } from './menu.ts';

/** The smtp variant: no marketing route is in the build. */
const marketingPaths = routes.filter((route) => route.app === '@app/mf-marketing').map((route) => route.path);
const smtpBuild = (path: string) => !marketingPaths.includes(path);
const labels = (groups: ReturnType<typeof visibleMenu>) =>
  groups.flatMap((group) => group.items.map((item) => item.label));
const menuOf = (profile?: ConsoleProfile) => {
  const flags = featureFlagsFor(profile);
  return labels(visibleMenu((feature) => isFeatureOn(flags, feature), smtpBuild));
};
const opens = (profile: ConsoleProfile | undefined, route: string) =>
  routeFeatureOn(route, featureFlagsFor(profile));

const everyItem = [
  'Analytic',
  'Activity',
  'Preset',
  'Configuration',
  'Templates',
  'Suppression List',
  'Email Validation',
  'API Instruction',
  'Sending Domains',
  'Bounce Domains',
  'Tracking Domains',
  'Webhooks',
  'IP Pools',
  'Subaccounts',
  'API Keys',
  'Usage Monitoring',
  'Account Setting',
  'Contact Us',
];
const without = (...hidden: string[]) => everyItem.filter((label) => !hidden.includes(label));

describe('the marketing items', () => {
  it('come first with the §2 labels when their routes are open, and go with them', () => {
    const all = labels(
      visibleMenu(
        () => true,
        () => true,
      ),
    );
    expect(all.slice(0, 12)).toEqual([
      'Home',
      'Contact Book',
      'Add Contact',
      'Campaign',
      'Campaign Category',
      'A/B Test Email',
      'Form API',
      'Page',
      'Page Integration',
      'File Manager',
      'Template Manager',
      'Manage Sender',
    ]);
    const noSender = labels(
      visibleMenu(
        () => true,
        (path) =>
          path !== '/sender' &&
          !path.startsWith('/campaign') &&
          !path.startsWith('/ab-test') &&
          !path.startsWith('/form') &&
          !path.startsWith('/page'),
      ),
    );
    expect(noSender.slice(0, 5)).toEqual([
      'Home',
      'Contact Book',
      'Add Contact',
      'File Manager',
      'Template Manager',
    ]);
    expect(noSender).not.toContain('Manage Sender');
    expect(noSender).not.toContain('Campaign');
    expect(noSender).not.toContain('Form API');
    expect(noSender).not.toContain('Page');
  });
});

describe('§6 restricted profiles: menu and routes', () => {
  it('the full console shows every item and opens every route', () => {
    expect(menuOf()).toEqual(everyItem);
    expect(opens(undefined, 'api-key-create')).toBe(true);
  });

  it('A (limited): no subaccounts, no sending-domain creation, no key creation or edits, no environment, no user management', () => {
    expect(menuOf('A')).toEqual(without('Subaccounts'));
    for (const route of [
      'subaccount',
      'api-key-create',
      'api-key-edit',
      'switch-to-production-environment',
      'create-member',
    ]) {
      expect(opens('A', route), route).toBe(false);
    }
    expect(opens('A', 'api-key')).toBe(true);
    expect(opens('A', 'sending-domain')).toBe(true);
    // A may still add bounce and tracking domains: the add page opens and offers only those.
    expect(opens('A', 'domain-add')).toBe(true);
  });

  it('B: usage off, user management on', () => {
    expect(menuOf('B')).toEqual(without('Usage Monitoring'));
    expect(opens('B', 'usage-monitoring')).toBe(false);
    expect(opens('B', 'create-member')).toBe(true);
  });

  it('C (usage only): support, preset, suppression, validation, configuration, domains, subaccounts, webhooks, keys and templates hidden', () => {
    expect(menuOf('C')).toEqual(['Analytic', 'Activity', 'Usage Monitoring', 'Account Setting']);
    for (const route of [
      'contact-us',
      'preset',
      'configuration',
      'domain-add',
      'template',
      'ip-pool',
      'api-instruction',
    ]) {
      expect(opens('C', route), route).toBe(false);
    }
    expect(opens('C', 'create-member')).toBe(false);
  });

  it('D: like C, and no account setting', () => {
    expect(menuOf('D')).toEqual(['Analytic', 'Activity', 'Usage Monitoring']);
    expect(opens('D', 'account-setting')).toBe(false);
  });

  it('E: no environment, support, account setting, validation, tracking or bounce domains', () => {
    expect(menuOf('E')).toEqual(
      without('Email Validation', 'Bounce Domains', 'Tracking Domains', 'Account Setting', 'Contact Us'),
    );
    expect(opens('E', 'switch-to-sandbox-environment')).toBe(false);
    expect(opens('E', 'create-member')).toBe(false);
  });

  it('F: analytics and activity only', () => {
    expect(menuOf('F')).toEqual(['Analytic', 'Activity', 'Preset']);
    for (const route of [
      'usage-monitoring',
      'account-setting',
      'configuration',
      'webhook',
      'api-key',
      'ip-pool',
    ]) {
      expect(opens('F', route), route).toBe(false);
    }
  });
});

describe('the current menu item', () => {
  const menu = [...marketingMenu, ...consoleMenu];
  it('is the longest item path the address is under', () => {
    expect(currentMenuPath(menu, '/page/integration')).toBe('/page/integration');
    expect(currentMenuPath(menu, '/page/42')).toBe('/page');
    expect(currentMenuPath(menu, '/contact/add')).toBe('/contact/add');
    expect(currentMenuPath(menu, '/pages-and-more')).toBeUndefined();
  });
  it("is the Template Manager in a template's composer, the engine's Templates elsewhere under /template", () => {
    expect(currentMenuPath(menu, '/template/form/compose/3')).toBe('/template-manager');
    expect(currentMenuPath(menu, '/template/email/compose/3')).toBe('/template-manager');
    expect(currentMenuPath(menu, '/template/edit/welcome')).toBe('/template');
  });
});
