import { describe, expect, it } from 'vitest';
import { explain } from './explain.ts';

const flags = { is_role: false, is_disposable: false, is_free: false };

describe('explain', () => {
  it('explains a typo with the domain that has no mail server', () => {
    const explained = explain({
      valid: false,
      result: 'typo',
      reason: 'Invalid Domain',
      ...flags,
      is_free: true,
      delivery_confidence: 0,
      did_you_mean: 'ann@gmail.com',
    });
    expect(explained.tone).toBe('danger');
    expect(explained.headline).toMatch(/typo/);
    expect(explained.facts).toContainEqual({
      label: 'Mail server',
      value: 'None found: the domain cannot receive mail',
    });
    expect(explained.facts).toContainEqual({
      label: 'Free provider',
      value: 'Yes: a free webmail service such as Gmail or Yahoo',
    });
  });

  it('says a valid address has a mail server, and gives no reason', () => {
    const explained = explain({ valid: true, result: 'valid', ...flags, delivery_confidence: 85 });
    expect(explained.tone).toBe('success');
    expect(explained.facts.map((fact) => fact.label)).not.toContain('Reason');
    expect(explained.facts).toContainEqual({ label: 'Delivery confidence', value: '85 out of 100' });
  });
});
