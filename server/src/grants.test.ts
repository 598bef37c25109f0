import { memberPermissions, permissions } from '@app/contract/accounts/team';
import { describe, expect, it } from 'vitest';
import { apiKeyGrants, permissionForGrant, permissionGrants, sessionGrants } from './grants.ts';

describe('console sessions on /api/v1', () => {
  it('a role with every permission holds every grant', () => {
    expect(sessionGrants(permissions)).toBe('all');
  });

  it('a member changes only what sending needs, and views everything a key can view', () => {
    const grants = sessionGrants(memberPermissions);
    expect(grants).not.toBe('all');
    expect(grants).toContain('transmissions/modify');
    expect(grants).toContain('templates/view');
    for (const grant of [
      'api_keys/manage',
      'subaccounts/manage',
      'sending_domains/manage',
      'templates/modify',
    ]) {
      expect(grants).not.toContain(grant);
    }
  });

  it('every managing grant is opened by exactly one permission, named in refusals', () => {
    const opened = Object.values(permissionGrants).flat();
    expect(new Set(opened).size).toBe(opened.length);
    for (const grant of opened) expect(apiKeyGrants).toContain(grant);
    expect(permissionForGrant('api_keys/manage')).toBe('apiKeys.manage');
    expect(permissionForGrant('webhooks/view')).toBe('webhooks.manage');
    expect(permissionForGrant('smtp/inject')).toBeUndefined();
  });
});
