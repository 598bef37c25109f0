import { describe, expect, it } from 'vitest';
import type { PlanFeatureGroup } from './plan-access.ts';
import { canUseFeature, subFeatureLimit, withinLimit } from './plan-access.ts';

const team: PlanFeatureGroup[] = [
  {
    name: 'contacts',
    enable: true,
    subFeatures: [
      { name: 'contactLimit', text: 'Contacts', limit: 15000, enable: true },
      { name: 'customFieldLimit', limit: -1, enable: true },
      { name: 'exportContact', enable: false },
    ],
  },
  { name: 'Transactional Email', enable: true, subFeatures: [] },
  { name: 'whatsapp', enable: false, subFeatures: [{ name: 'send', enable: true }] },
];
const global: PlanFeatureGroup[] = [
  { name: 'contacts', enable: true },
  { name: 'transactional email', enable: false },
  { name: 'whatsapp', enable: true },
];

describe('canUseFeature', () => {
  it('needs both the team and the global feature group enabled', () => {
    expect(canUseFeature({ teamFeatures: team, globalFeatures: global, group: 'contacts' })).toBe(true);
    expect(canUseFeature({ teamFeatures: team, globalFeatures: global, group: 'transactional email' })).toBe(
      false,
    );
    expect(canUseFeature({ teamFeatures: team, globalFeatures: global, group: 'whatsapp' })).toBe(false);
    expect(canUseFeature({ teamFeatures: team, globalFeatures: global, group: 'billing' })).toBe(false);
    expect(canUseFeature({ teamFeatures: undefined, globalFeatures: global, group: 'contacts' })).toBe(false);
  });
  it('needs the sub-feature flag too', () => {
    const base = { teamFeatures: team, globalFeatures: global, group: 'contacts' };
    expect(canUseFeature({ ...base, subFeature: 'contactLimit' })).toBe(true);
    expect(canUseFeature({ ...base, subFeature: 'exportContact' })).toBe(false);
    expect(canUseFeature({ ...base, subFeature: 'unknown' })).toBe(false);
  });
  it('checks the limit when usage is given; -1 is unlimited', () => {
    const base = { teamFeatures: team, globalFeatures: global, group: 'contacts' };
    expect(canUseFeature({ ...base, subFeature: 'contactLimit', used: 14999 })).toBe(true);
    expect(canUseFeature({ ...base, subFeature: 'contactLimit', used: 15000 })).toBe(false);
    expect(canUseFeature({ ...base, subFeature: 'customFieldLimit', used: 1_000_000 })).toBe(true);
  });
});

describe('withinLimit', () => {
  it('is unlimited at -1', () => {
    expect(withinLimit(-1, 999999)).toBe(true);
  });
  it('must stay below the limit', () => {
    expect(withinLimit(10, 9)).toBe(true);
    expect(withinLimit(10, 10)).toBe(false);
    expect(withinLimit(0, 0)).toBe(false);
  });
  it('no limit given means no limit', () => {
    expect(withinLimit(undefined, 5)).toBe(true);
  });
  it('reads a sub-feature limit from the plan', () => {
    expect(subFeatureLimit(team, 'Contacts', 'contactlimit')).toBe(15000);
    expect(subFeatureLimit(team, 'contacts', 'nope')).toBeUndefined();
  });
});
