import { permissions } from '@app/contract/accounts/team';
import { apiKeyGrants } from '@app/contract/engine/grants';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, signUp, type TestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';
import { useTeamFixture } from '../../testing/team.ts';

describe.each(databases)('team roles and permissions on $name', (database) => {
  const t = useTestApp(database);
  const team = useTeamFixture(t);
  const { invite, joined } = team;
  let a: TestAccount;

  beforeAll(() => {
    a = team.a;
  });

  it('a role holding only team.manage cannot raise itself, nor give what it lacks, nor mint a key beyond it', async () => {
    const f = await signUp(t.app, t.db, 'fay', 'Company F');
    const leadRole = (
      await t.post('/v1/company/roles', f.token, { name: 'Team lead', permissions: ['team.manage'] })
    ).json().data;
    const lead = await joined(f, leadRole.id);
    const everything = [...permissions];

    // The attack: edit the role one holds to all ten permissions...
    const raised = await t.call('PUT', `/v1/company/roles/${leadRole.id}`, lead.token, {
      permissions: everything,
    });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({
      code: 'modificationNotAllowed',
      message: 'You cannot change the role you hold (Team lead): ask another member who manages the team',
    });
    const renamed = await t.call('PUT', `/v1/company/roles/${leadRole.id}`, lead.token, { name: 'Boss' });
    expect(renamed.statusCode).toBe(409);
    const bulk = await t.call('PUT', '/v1/company/roles', lead.token, {
      updated: [{ id: leadRole.id, permissions: everything }],
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().code).toBe('modificationNotAllowed');
    const deleteOwn = await t.call(
      'DELETE',
      `/v1/company/roles/${leadRole.id}?replacementRoleId=MEMBER`,
      lead.token,
    );
    expect(deleteOwn.statusCode).toBe(409);
    // ...then mint an API key with every grant.
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(lead.token),
      payload: { label: 'all of it', grants: [...apiKeyGrants] },
    });
    expect(key.statusCode).toBe(403);
    expect(key.json().errors[0].description).toBe('Your role does not allow this: manage api keys');
    expect((await t.getData('/v1/company/permissions', lead.token)).permissions).toEqual(['team.manage']);

    // Nor a permission it lacks, given to any role, member or invitation.
    const apiRole = await t.post('/v1/company/roles', lead.token, {
      name: 'Key maker',
      permissions: ['apiKeys.manage', 'team.manage'],
    });
    expect(apiRole.statusCode).toBe(403);
    expect(apiRole.json()).toMatchObject({
      code: 'notAuthorized',
      message: 'Your role does not allow this: you cannot give permissions you do not hold (Manage API keys)',
      payload: { field: 'permissions' },
    });
    const sender = (
      await t.post('/v1/company/roles', f.token, { name: 'Sender', permissions: ['send'] })
    ).json().data;
    const widened = await t.call('PUT', `/v1/company/roles/${sender.id}`, lead.token, {
      permissions: ['send', 'apiKeys.manage'],
    });
    expect(widened.statusCode).toBe(403);
    const bulkCreate = await t.call('PUT', '/v1/company/roles', lead.token, {
      created: [{ name: 'Sneaky', permissions: ['settings.manage'] }],
    });
    expect(bulkCreate.statusCode).toBe(403);
    // Taking a permission away is not giving one: the lead may narrow a role it does not hold.
    const narrowed = await t.call('PUT', `/v1/company/roles/${sender.id}`, lead.token, { permissions: [] });
    expect(narrowed.statusCode).toBe(200);
    const keyRole = (
      await t.post('/v1/company/roles', f.token, { name: 'Keys', permissions: ['apiKeys.manage'] })
    ).json().data;
    const invited = await invite(lead, uniqueEmail('keys'), keyRole.id);
    expect(invited.statusCode).toBe(403);
    expect(invited.json().message).toBe(
      'Your role does not allow this: the role Keys gives permissions you do not hold (Manage API keys)',
    );
    const member = await joined(f);
    const promoted = await t.call('PUT', `/v1/company/members/${member.id}/role`, lead.token, {
      role: keyRole.id,
    });
    expect(promoted.statusCode).toBe(403);
    const viewer = (await t.post('/v1/company/roles', f.token, { name: 'Viewer', permissions: [] })).json()
      .data;
    expect(
      (await t.call('PUT', `/v1/company/members/${member.id}/role`, lead.token, { role: viewer.id }))
        .statusCode,
    ).toBe(200);
    const replaced = await t.call(
      'DELETE',
      `/v1/company/roles/${viewer.id}?replacementRoleId=${keyRole.id}`,
      lead.token,
    );
    expect(replaced.statusCode).toBe(403);

    // A role with team.manage and apiKeys.manage mints keys only with the grants those open.
    const keeper = await joined(
      f,
      (
        await t.post('/v1/company/roles', f.token, {
          name: 'Key keeper',
          permissions: ['team.manage', 'apiKeys.manage'],
        })
      ).json().data.id,
    );
    const allGrants = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(keeper.token),
      payload: { label: 'all of it', grants: [...apiKeyGrants] },
    });
    expect(allGrants.statusCode).toBe(422);
    expect(allGrants.json().errors[0].description).toMatch(
      /^your role's permissions do not open these grants: account\/modify, inbound_domains\/manage, /,
    );
    // It may change a key holding more than its role opens, as long as it adds none of those grants.
    const adminKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(f.token),
      payload: { label: 'admin made', grants: ['smtp/inject', 'metrics/view'] },
    });
    const keyPath = `/api/v1/api-keys/${adminKey.json().results.id}`;
    const relabelled = await t.app.inject({
      method: 'PUT',
      url: keyPath,
      headers: auth(keeper.token),
      payload: { label: 'renamed', grants: ['smtp/inject', 'metrics/view', 'templates/view'] },
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    const added = await t.app.inject({
      method: 'PUT',
      url: keyPath,
      headers: auth(keeper.token),
      payload: { grants: ['smtp/inject', 'transmissions/modify'] },
    });
    expect(added.statusCode).toBe(422);
    expect(added.json().errors[0].description).toBe(
      "your role's permissions do not open these grants: transmissions/modify",
    );
    // The admin keeps everything: it may give any role and change the lead's.
    expect((await invite(f, uniqueEmail('admin-keys'), keyRole.id)).statusCode).toBe(200);
    expect(
      (
        await t.call('PUT', `/v1/company/roles/${leadRole.id}`, f.token, {
          permissions: ['team.manage', 'send'],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a MEMBER reads everything but gets 403 on changes, in the console and on /api/v1', async () => {
    const member = await joined(a);
    const refused = await invite(member, uniqueEmail('nope'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'notAuthorized',
      message: 'Your role does not allow this: manage the team',
      payload: { subfeature: 'team.manage' },
    });
    expect((await t.post('/v1/company/roles', member.token, { name: 'x', permissions: [] })).statusCode).toBe(
      403,
    );
    expect(
      (await t.post('/v1/on-boarding/switch-environment', member.token, { environment: 'sandbox' }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('PUT', '/v1/settings/event-retention', member.token, { days: 10 })).statusCode).toBe(
      403,
    );
    // Sending is a member's: authorized recipients (test mail) are allowed.
    expect(
      (await t.post('/v1/authorized-recipient', member.token, { emails: [uniqueEmail('rcpt')] })).statusCode,
    ).toBe(200);

    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(member.token),
      payload: { label: 'mine', grants: ['smtp/inject'] },
    });
    expect(key.statusCode).toBe(403);
    expect(key.json()).toEqual({
      errors: [
        {
          message: 'Forbidden.',
          code: '1100',
          description: 'Your role does not allow this: manage api keys',
        },
      ],
    });
    // Sending is open to a member on /api/v1 too (what the sandbox then says is another matter).
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transmissions',
      headers: auth(member.token),
      payload: {
        recipients: [{ address: { email: uniqueEmail('to') } }],
        content: { from: 'team@example.com', subject: 'Hi', text: 'Hello' },
      },
    });
    expect(sent.statusCode).not.toBe(403);
    expect((await t.call('DELETE', '/v1/sandbox/messages', member.token)).statusCode).toBe(200);
    const reads = [
      '/api/v1/api-keys',
      '/api/v1/subaccounts',
      '/api/v1/templates',
      '/api/v1/suppression-list',
    ];
    for (const url of reads) {
      expect((await t.app.inject({ method: 'GET', url, headers: auth(member.token) })).statusCode, url).toBe(
        200,
      );
    }
    for (const url of [
      '/v1/company/members',
      '/v1/company/roles',
      '/v1/company/detail',
      '/v1/authorized-recipient',
    ]) {
      expect((await t.get(url, member.token)).statusCode, url).toBe(200);
    }
    // The admin's session keeps every grant.
    const adminKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(a.token),
      payload: { label: 'admin', grants: ['smtp/inject'] },
    });
    expect(adminKey.statusCode).toBe(200);
  });

  it('custom roles: create, rename, delete with a replacement for their members', async () => {
    const created = await t.post('/v1/company/roles', a.token, {
      name: 'Developer',
      permissions: ['apiKeys.manage', 'templates.manage', 'send'],
    });
    expect(created.statusCode).toBe(200);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'Developer', builtIn: false, members: 0 });
    expect(
      (await t.post('/v1/company/roles', a.token, { name: 'developer', permissions: [] })).statusCode,
    ).toBe(409);
    expect((await t.post('/v1/company/roles', a.token, { name: 'Admin', permissions: [] })).statusCode).toBe(
      409,
    );
    expect(
      (await t.post('/v1/company/roles', a.token, { name: 'Odd', permissions: ['everything'] })).statusCode,
    ).toBe(400);

    const dev = await joined(a, role.id);
    expect((await t.getData('/v1/company/permissions', dev.token)).permissions).toEqual([
      'apiKeys.manage',
      'templates.manage',
      'send',
    ]);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(dev.token),
      payload: { label: 'dev', grants: ['transmissions/modify'] },
    });
    expect(key.statusCode).toBe(200);
    // Never more than the role gives.
    const beyond = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth(dev.token),
      payload: { label: 'dev', grants: ['subaccounts/manage'] },
    });
    expect(beyond.statusCode).toBe(422);

    const renamed = await t.call('PUT', `/v1/company/roles/${role.id}`, a.token, { name: 'Engineer' });
    expect(renamed.json().data).toMatchObject({ name: 'Engineer', members: 1 });
    expect((await t.call('PUT', '/v1/company/roles/MEMBER', a.token, { name: 'X' })).statusCode).toBe(409);

    const roles = (await t.getData('/v1/company/roles', a.token)).items;
    expect(roles.map((item: { id: string }) => item.id)).toEqual(['ADMIN', 'MEMBER', role.id]);
    expect(roles[0].permissions).toEqual([...permissions]);

    const missing = await t.call('DELETE', `/v1/company/roles/${role.id}`, a.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'invalidRole', payload: { field: 'replacementRoleId' } });
    const deleted = await t.call('DELETE', `/v1/company/roles/${role.id}?replacementRoleId=MEMBER`, a.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ deleted: role.id, reassigned: 1 });
    expect(await t.getData('/v1/company/permissions', dev.token)).toMatchObject({ role: 'MEMBER' });
  });

  it('saves the roles editor at once (created, updated, deleted lists), all or nothing', async () => {
    const c = await signUp(t.app, t.db, 'erin', 'Company E');
    const first = (await t.post('/v1/company/roles', c.token, { name: 'Old', permissions: ['send'] })).json()
      .data;
    const second = (await t.post('/v1/company/roles', c.token, { name: 'Keep', permissions: [] })).json()
      .data;
    const holder = await joined(c, first.id);
    const saved = await t.call('PUT', '/v1/company/roles', c.token, {
      created: [{ name: 'Fresh', permissions: ['webhooks.manage'] }],
      updated: [{ id: second.id, permissions: ['suppression.manage'] }],
      deleted: [first.id],
      replacementRoleId: second.id,
    });
    expect(saved.statusCode).toBe(200);
    const items = saved.json().data.items;
    expect(items.map((role: { name: string }) => role.name).sort()).toEqual([
      'Admin',
      'Fresh',
      'Keep',
      'Member',
    ]);
    expect(items.find((role: { id: string }) => role.id === second.id)).toMatchObject({
      permissions: ['suppression.manage'],
      members: 1,
    });
    expect((await t.getData('/v1/company/permissions', holder.token)).role).toBe(second.id);

    // One bad entry and nothing changes.
    const refused = await t.call('PUT', '/v1/company/roles', c.token, {
      created: [{ name: 'Never', permissions: [] }],
      deleted: ['MEMBER'],
    });
    expect(refused.statusCode).toBe(409);
    const names = (await t.getData('/v1/company/roles', c.token)).items.map(
      (role: { name: string }) => role.name,
    );
    expect(names).not.toContain('Never');
  });
});

describe.each([
  { variant: 'smtp' as const, status: 200 },
  { variant: 'full' as const, status: 403 },
])('giving the Member role in the $variant variant', ({ variant, status }) => {
  const t = useTestApp(defaultDatabase, { config: { variant } });
  const team = useTeamFixture(t);

  it('a lead who manages the team and sends may give it only where Member has nothing more (smtp)', async () => {
    const role = (
      await t.post('/v1/company/roles', team.a.token, { name: 'Lead', permissions: ['team.manage', 'send'] })
    ).json().data;
    const lead = await team.joined(team.a, role.id);
    const invited = await team.invite(lead, uniqueEmail('peer'));
    expect(invited.statusCode).toBe(status);
    // The full variant's Member also composes and sends campaigns, manages contacts...: the lead lacks those.
    if (status === 403) expect(invited.json().message).toContain('Manage contacts');
  });
});
