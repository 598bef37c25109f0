import { describe, expect, it } from 'vitest';
import { missionPercent, missionSteps } from './mission.ts';

const nothing = { emailSent: false, verifiedDomain: false, validatedSender: false, uploadedFile: false };

describe('the onboarding mission', () => {
  it('starts at 0 % and reaches 100 % when every step is done, in the order a company takes them', () => {
    expect(missionSteps(nothing).map((step) => step.title)).toEqual([
      'Send your first email',
      'Verify a sending domain',
      'Add and confirm a sender',
      'Upload your logo',
    ]);
    expect(missionPercent(missionSteps(nothing))).toBe(0);
    expect(missionPercent(missionSteps({ ...nothing, verifiedDomain: true }))).toBe(25);
    const all = { emailSent: true, verifiedDomain: true, validatedSender: true, uploadedFile: true };
    expect(missionPercent(missionSteps(all))).toBe(100);
  });
});
