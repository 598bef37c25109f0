import { matchRoute } from '@app/contract/routes/routes';
import { registerRouteLookup } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { preparingPath, switchTarget } from './targets.ts';

describe('switch targets', () => {
  beforeAll(() => {
    // What the shell registers at boot.
    registerRouteLookup((pathname) => {
      const route = matchRoute(pathname)?.route;
      return route ? { name: route.name, title: route.title } : null;
    });
  });

  it('names the area of the to path from the route table', () => {
    expect(switchTarget('?to=%2Fdomain%2Fsending')).toEqual({
      path: '/domain/sending',
      title: 'Sending Domain',
    });
    expect(switchTarget('?to=/webhook/42/edit?x=1')).toEqual({
      path: '/webhook/42/edit?x=1',
      title: 'Edit Webhook',
    });
    expect(switchTarget('?to=/no/such/page')).toEqual({ path: '/no/such/page', title: null });
  });

  it('ignores missing, foreign and switch-page targets', () => {
    expect(switchTarget('')).toBeNull();
    expect(switchTarget('?to=https://evil.example/')).toBeNull();
    expect(switchTarget('?to=//evil.example')).toBeNull();
    expect(switchTarget('?to=/switch-to-production-environment')).toBeNull();
    expect(switchTarget('?to=/preparing-sandbox-environment')).toBeNull();
  });

  it('keeps the destination on the way through the preparing page', () => {
    expect(preparingPath('production', '/domain/add')).toBe(
      '/preparing-production-environment?to=%2Fdomain%2Fadd',
    );
    expect(preparingPath('sandbox', undefined)).toBe('/preparing-sandbox-environment');
  });
});
