import { describe, expect, it } from 'vitest';
import { checklistSteps, flagsToRecord, type JourneyState } from './checklist.ts';

const fresh: JourneyState = {
  environment: 'sandbox',
  verifiedRecipients: 0,
  sandboxEmailSent: false,
  profileCompleted: false,
  sendingDomains: 0,
  verifiedSendingDomains: 0,
  apiKeys: 0,
  productionMessages: 0,
};

describe('getting-started checklist', () => {
  it('a new account has every step to do, first the authorized recipient', () => {
    const steps = checklistSteps(fresh);
    expect(steps.map((step) => step.done)).toEqual([false, false, false, false, false, false]);
    expect(steps[0]).toMatchObject({ title: 'Verify an authorized recipient', to: '/configuration' });
  });

  it('an added but unverified domain sends the user to verify it, not to add another', () => {
    const domain = checklistSteps({ ...fresh, sendingDomains: 1 }).find((step) => step.id === 'domain');
    expect(domain).toMatchObject({ done: false, to: '/domain/sending', action: 'Verify the domain' });
    expect(checklistSteps({ ...fresh, sendingDomains: 1, verifiedSendingDomains: 1 })[3]?.done).toBe(true);
  });

  it("leaves out steps the company's console profile has no place for, unless already done", () => {
    const noKeys = (path: string) => path !== 'apiKey.create';
    expect(checklistSteps(fresh, noKeys).map((step) => step.id)).toEqual([
      'recipient',
      'test',
      'profile',
      'domain',
      'code',
    ]);
    expect(checklistSteps({ ...fresh, apiKeys: 1 }, noKeys).map((step) => step.id)).toContain('key');
  });

  it('records a done step in the tour flags once, and never a step still to do', () => {
    const steps = checklistSteps({ ...fresh, apiKeys: 2, verifiedRecipients: 1 });
    expect(flagsToRecord(steps, {})).toEqual(['sandboxSetAuthorizedRecipient', 'productionAddApiKeys']);
    expect(flagsToRecord(steps, { productionAddApiKeys: true, sandboxSetAuthorizedRecipient: true })).toEqual(
      [],
    );
  });
});
