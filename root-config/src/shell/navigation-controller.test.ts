import type { Company } from '@app/contract/accounts/company';
import type { ActiveSubscription } from '@app/contract/engine/usage';
import { routeByName } from '@app/contract/routes/routes';
import { $company, $plan } from '@app/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { routeOffered, showAreas } from './navigation-controller.ts';

const planWith = (fileManager: boolean) =>
  ({
    features: [{ name: 'file manager', enable: fileManager, subFeatures: [] }],
  }) as unknown as ActiveSubscription;

describe('which marketing routes the shell offers', () => {
  afterEach(() => {
    $company.set(null);
    $plan.set(null);
  });

  it('only in a build that shows their area (the smtp variant shows none)', () => {
    showAreas(['transactionalEmail']);
    expect(routeOffered(routeByName('file-manager'))).toBe(false);
    expect(routeOffered(routeByName('analytic'))).toBe(true);
    showAreas(['transactionalEmail', 'fileManager']);
    expect(routeOffered(routeByName('file-manager'))).toBe(true);
  });

  it("only when the company's plan has the route's group on; without a plan read, the server decides", () => {
    showAreas(['fileManager']);
    $company.set({ environment: 'sandbox' } as Company);
    $plan.set(planWith(false));
    expect(routeOffered(routeByName('file-manager'))).toBe(false);
    $plan.set(planWith(true));
    expect(routeOffered(routeByName('file-manager'))).toBe(true);
    // The vendors that skip the usage calls read no plan (§1).
    $plan.set(null);
    expect(routeOffered(routeByName('file-manager'))).toBe(true);
  });
});
