import { planFeatureGroups } from '@app/contract/accounts/plans';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain-error.ts';
import { signUp } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { ensureWithinPlan, planGroupsOf, planLimitOf } from './plan-catalogue.ts';

interface Group {
  name: string;
  enable: boolean;
  subFeatures: Array<{ name: string; text: string; limit: number; enable: boolean }>;
}

const limitsOf = (groups: Group[]) =>
  Object.fromEntries(groups.flatMap((group) => group.subFeatures.map((sub) => [sub.name, sub.limit])));

describe.each(databases)('the plan catalogue on $name', (database) => {
  const t = useTestApp(database);

  async function company(plan?: string) {
    const { token } = await signUp(t.app, t.db);
    const { id } = await t.getData('/v1/company/detail', token);
    if (plan) await t.db.query('UPDATE subscriptions SET plan_id = $2 WHERE company_id = $1', [id, plan]);
    const groups = async (): Promise<Group[]> =>
      (await t.getData('/app/subscriptions/active-subscription', token)).features;
    return { id: id as string, groups };
  }

  it('gives a new company FREE with the 24 feature groups of §3, in order, and a first taste of marketing', async () => {
    const { groups } = await company();
    const answer = await groups();
    expect(answer.map((group) => group.name)).toEqual([...planFeatureGroups]);
    const on = answer.filter((group) => group.enable).map((group) => group.name);
    expect(on).toContain('transactional email');
    expect(on).toContain('contacts');
    expect(on).not.toContain('whatsapp');
    expect(limitsOf(answer)).toMatchObject({
      emailSentLimit: 3000,
      memberLimit: 3,
      contactLimit: 500,
      marketingEmailLimit: 300,
      storageLimit: 104_857_600,
    });
    expect(answer.find((group) => group.name === 'team')?.subFeatures).toEqual([
      { name: 'memberLimit', text: 'Team members', limit: 3, enable: true },
    ]);
  });

  it("has §9's sample professional plan, figure for figure", async () => {
    const { groups } = await company('PROFESSIONAL');
    const answer = await groups();
    expect(limitsOf(answer)).toMatchObject({
      memberLimit: 3,
      abTestEmailLimit: 10,
      customFieldLimit: 4,
      contactTesterLimit: 10,
      contactLimit: 15_000,
      publishedPageLimit: 5,
      marketingEmailLimit: 1000,
      storageLimit: 1_073_741_824,
      senderDomainLimit: 2,
      senderLimit: 5,
      emailTemplateLimit: 5,
      pageTemplateLimit: 5,
      formTemplateLimit: 5,
      eventLimit: 5,
      productLimit: 5,
      couponLimit: 5,
      publishedFormLimit: 10,
      formSubmissionLimit: 40_000,
      formUploadLimit: 1_073_741_824,
      automationLimit: 4,
      automationEmailLimit: 10,
      shortUrlLimit: 500,
      socialCampaignLimit: 6,
      emailSentLimit: 3000,
    });
    expect(answer.find((group) => group.name === 'A/B testing')?.enable).toBe(true);
  });

  it('shows a group off when the install has it off, whatever the plan says', async () => {
    const { groups } = await company('UNLIMITED');
    await t.db.query(`UPDATE install_feature_groups SET enabled = false WHERE feature_group = 'forms'`);
    try {
      const answer = await groups();
      expect(answer.find((group) => group.name === 'forms')?.enable).toBe(false);
      expect(answer.find((group) => group.name === 'contacts')?.enable).toBe(true);
    } finally {
      await t.db.query(`UPDATE install_feature_groups SET enabled = true WHERE feature_group = 'forms'`);
    }
  });

  it('reads one limit as the whole catalogue gives it: off groups, overrides and unknown names included', async () => {
    const free = await company();
    const unlimited = await company('UNLIMITED');
    await t.db.query(
      `INSERT INTO company_limit_overrides (company_id, name, quota) VALUES ($1, 'contactLimit', 42), ($1, 'formLimit', 0)`,
      [free.id],
    );
    await t.db.query(`UPDATE install_feature_groups SET enabled = false WHERE feature_group = 'forms'`);
    try {
      for (const { id } of [free, unlimited]) {
        for (const group of await planGroupsOf(t.db, id)) {
          for (const sub of group.subFeatures) {
            expect(await planLimitOf(t.db, id, group.name, sub.name), `${group.name} ${sub.name}`).toBe(
              group.enable && sub.enable ? sub.limit : 0,
            );
          }
        }
      }
      expect(await planLimitOf(t.db, free.id, 'contacts', 'contactLimit')).toBe(42);
      expect(await planLimitOf(t.db, unlimited.id, 'forms', 'formSubmissionLimit')).toBe(0);
      expect(await planLimitOf(t.db, unlimited.id, 'contacts', 'noSuchLimit')).toBe(0);
    } finally {
      await t.db.query(`UPDATE install_feature_groups SET enabled = true WHERE feature_group = 'forms'`);
    }
  });

  it('refuses to pass a limit with quotaExceeded naming the feature and sub-feature, and never an unlimited one', async () => {
    const free = await company();
    await ensureWithinPlan(t.db, free.id, { group: 'contacts', subFeature: 'contactLimit', used: 499 });
    const refusal = await ensureWithinPlan(t.db, free.id, {
      group: 'contacts',
      subFeature: 'contactLimit',
      used: 499,
      adding: 2,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'quotaExceeded',
      message: 'Quota of contactLimit on contacts is exceeded',
      payload: { feature: 'contacts', subfeature: 'contactLimit' },
    });
    // A group the plan does not have leaves no room; an unlimited plan always has room.
    await expect(
      ensureWithinPlan(t.db, free.id, { group: 'URL shortener', subFeature: 'shortUrlLimit', used: 0 }),
    ).rejects.toMatchObject({ code: 'quotaExceeded' });
    const unlimited = await company('UNLIMITED');
    await ensureWithinPlan(t.db, unlimited.id, {
      group: 'contacts',
      subFeature: 'contactLimit',
      used: 10_000_000,
      adding: 1_000_000,
    });
  });
});
