import { apiKeyGrants, permissions, sessionGrants, subaccountGrants } from '@app/contract';
import { ApiError, engineFieldErrors } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { allowedGrants, grantAreas, grantPresets, grantsSummary, savedGrants } from './grants.ts';

describe('the grant checkboxes', () => {
  it('offer every grant of the engine exactly once', () => {
    const shown = grantAreas.flatMap((area) => area.grants.map(({ grant }) => grant));
    expect([...shown].sort()).toEqual([...apiKeyGrants].sort());
  });

  it('presets hold only known grants, and a subaccount key sees only its own list', () => {
    for (const preset of grantPresets) {
      for (const grant of preset.grants) expect(apiKeyGrants).toContain(grant);
    }
    expect(allowedGrants(true)).toEqual(subaccountGrants);
    expect(allowedGrants(false)).toEqual(apiKeyGrants);
  });

  it("offer only the grants the user's role opens: a custom role never gives what it does not hold", () => {
    const opened = sessionGrants(['apiKeys.manage', 'templates.manage']);
    const offered = allowedGrants(false, opened);
    expect(offered).toEqual(expect.arrayContaining(['api_keys/manage', 'templates/modify', 'metrics/view']));
    for (const grant of ['account/modify', 'smtp/inject', 'subaccounts/manage', 'transmissions/modify']) {
      expect(offered).not.toContain(grant);
    }
    expect([...allowedGrants(true, opened)].sort()).toEqual([
      'message_events/view',
      'tracking_domains/view',
      'transmissions/view',
      'webhooks/view',
    ]);
    expect(allowedGrants(false, sessionGrants([...permissions]))).toEqual(apiKeyGrants);
  });

  it('keep the grants a key holds that the role cannot give, whatever is picked', () => {
    const offered = ['templates/modify', 'metrics/view'];
    const held = ['smtp/inject', 'metrics/view'];
    expect(savedGrants('select', ['templates/modify'], offered, held)).toEqual([
      'templates/modify',
      'smtp/inject',
    ]);
    expect(savedGrants('all', [], offered, held)).toEqual([
      'templates/modify',
      'metrics/view',
      'smtp/inject',
    ]);
    expect(savedGrants('select', ['smtp/inject'], offered, [])).toEqual([]);
  });

  it('summarises a key holding everything it may as All', () => {
    expect(grantsSummary([...subaccountGrants], true)).toBe('All');
    expect(grantsSummary([...subaccountGrants], false)).toBe(subaccountGrants.join(', '));
    expect(grantsSummary(['smtp/inject'], false)).toBe('smtp/inject');
  });
});

describe("the engine's refusals", () => {
  const fields = { label: 'label', grants: 'grants', valid_ips: 'validIps', key_grants: 'grants' };

  it('land on the field they name, by param or in their description', () => {
    const named = new ApiError(
      'x',
      400,
      { errors: [{ param: 'key_grants', description: 'no such grant' }] },
      false,
    );
    expect(engineFieldErrors(named, fields)).toEqual({ grants: 'no such grant' });
    const described = new ApiError(
      'x',
      422,
      { errors: [{ message: 'invalid', description: 'valid_ips must be IP addresses or CIDR netmasks: x' }] },
      false,
    );
    expect(engineFieldErrors(described, fields)).toEqual({
      validIps: 'valid_ips must be IP addresses or CIDR netmasks: x',
    });
  });

  it('otherwise become the form error', () => {
    expect(engineFieldErrors(new ApiError('fallback', 500, undefined, false), fields)).toEqual({
      form: 'fallback',
    });
  });
});
