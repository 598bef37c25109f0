import { permissions } from '@app/contract/accounts/team';
import { apiKeyGrants } from '@app/contract/engine/grants';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  lastMailTo,
  linkIn,
  signin,
  signUp,
  type TestAccount,
  uniqueEmail,
} from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { acceptInvitation, invitationTokenOf, joinMember } from '../../testing/team.ts';

describe.each(databases)('team members and roles on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'alice', 'Company A');
    b = await signUp(t.app, t.db, 'bob', 'Company B');
    // Room for the members these tests invite; the FREE plan's limit has its own test.
    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
  });

  const invite = (account: TestAccount, email: string, role = 'MEMBER') =>
    t.post('/v1/company/members', account.token, { email, role });
  const members = async (account: TestAccount) =>
    (await t.getData('/v1/company/members', account.token)).items;
  const tokenOf = (email: string) => invitationTokenOf(t.db, email);
  const accept = (id: string, password = 'Secret123', fullname = 'New Member') =>
    acceptInvitation(t.app, id, password, fullname);
  const joined = (owner: TestAccount, role = 'MEMBER') => joinMember(t.app, t.db, owner, role);

  it('invites by mail; the link shows the invitation and accepting creates a member who signs in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await invite(a, email.toUpperCase());
    expect(invited.statusCode).toBe(200);
    expect(invited.json().data).toMatchObject({
      email,
      role: 'MEMBER',
      roleName: 'Member',
      status: 'invited',
    });

    const mail = await lastMailTo(t.db, email);
    expect(mail.subject).toContain('Company A');
    const link = linkIn(mail.text);
    const token = link.pathname.split('/').pop() ?? '';
    expect(link.href).toBe(`${t.config.publicUrl}/verify/member/${token}`);
    expect(mail.html).toContain(link.href);
    // The list never shows the secret of the link.
    expect(JSON.stringify(await members(a))).not.toContain(token);

    const lookup = await t.app.inject({ method: 'GET', url: `/v1/company/members/invitation/${token}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data).toMatchObject({
      companyName: 'Company A',
      email,
      role: 'MEMBER',
      roleName: 'Member',
    });

    expect((await accept(token, 'short')).statusCode).toBe(400);
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ email, companyName: 'Company A' });

    const signedIn = await signin(t.app, email, 'Secret123');
    expect(signedIn.statusCode).toBe(200);
    const memberToken = signedIn.json().data.accessToken;
    expect((await t.getData('/v1/company/detail', memberToken)).name).toBe('Company A');
    expect((await t.getData('/v1/me', memberToken)).fullname).toBe('New Member');
    expect(await t.getData('/v1/company/permissions', memberToken)).toEqual({
      role: 'MEMBER',
      roleName: 'Member',
      permissions: ['send'],
    });

    const listed = (await members(a)).find((item: { email: string }) => item.email === email);
    expect(listed).toMatchObject({ status: 'active', role: 'MEMBER', fullname: 'New Member', you: false });
    expect(listed.invitedAt).not.toBeNull();

    // Used: the link works no more.
    expect((await accept(token)).statusCode).toBe(410);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/company/members/invitation/${token}` })).statusCode,
    ).toBe(404);
  });

  it('refuses a second invitation and an address that has an account (409)', async () => {
    const email = uniqueEmail('twice');
    expect((await invite(a, email)).statusCode).toBe(200);
    const again = await invite(a, email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'duplicate',
      message: expect.stringContaining('already invited'),
    });
    const user = await invite(a, b.email);
    expect(user.statusCode).toBe(409);
    expect(user.json().message).toContain('already has an account');
    expect((await invite(a, uniqueEmail('x'), 'NO_SUCH_ROLE')).json().code).toBe('invalidRole');
  });

  it('an expired link is refused clearly; the invitation can be sent again, once a minute', async () => {
    const email = uniqueEmail('late');
    const { id } = (await invite(a, email)).json().data;
    const first = await tokenOf(email);

    const early = await t.post('/v1/company/members/resend', a.token, { id });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toContain('less than a minute ago');

    // A week later (sessions would end with a moved clock; the invitation's end moves instead).
    await t.db.query('UPDATE member_invitations SET expires_at = $2 WHERE id = $1', [id, t.clock.now()]);
    t.clock.advance(61_000);
    const expired = await accept(first);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toContain('expired');
    expect((await members(a)).find((item: { id: string }) => item.id === id).status).toBe('expired');

    const resent = await t.post('/v1/company/members/resend', a.token, { id });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.status).toBe('invited');
    const second = await tokenOf(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(404);
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('changes roles; never the own role, never the last admin, and a removed member loses access', async () => {
    const member = await joined(a);
    const changed = await t.call('PUT', `/v1/company/members/${member.id}/role`, a.token, { role: 'ADMIN' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ role: 'ADMIN', roleName: 'Admin' });
    expect((await t.getData('/v1/company/permissions', member.token)).permissions).toEqual([...permissions]);

    const own = await t.call('PUT', `/v1/company/members/${member.id}/role`, member.token, {
      role: 'MEMBER',
    });
    expect(own.json()).toMatchObject({ code: 'modificationNotAllowed' });
    // Two admins: the other may be made a member; then the last admin stays.
    const aId = (await members(a)).find((item: { you: boolean }) => item.you).id;
    expect(
      (await t.call('PUT', `/v1/company/members/${aId}/role`, member.token, { role: 'MEMBER' })).statusCode,
    ).toBe(200);
    const last = await t.call('PUT', `/v1/company/members/${member.id}/role`, a.token, { role: 'MEMBER' });
    expect(last.statusCode).toBe(403);
    expect(last.json().code).toBe('notAuthorized');
    const removeSelf = await t.call('DELETE', `/v1/company/members/${member.id}`, member.token);
    expect(removeSelf.statusCode).toBe(409);
    expect(removeSelf.json().message).toContain('yourself');
    const back = await t.call('PUT', `/v1/company/members/${aId}/role`, member.token, { role: 'ADMIN' });
    expect(back.statusCode).toBe(200);

    const removed = await t.call('DELETE', `/v1/company/members/${member.id}`, a.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ removed: 'member' });
    expect((await t.get('/v1/me', member.token)).statusCode).toBe(401);
  });

  it('the last admin cannot be removed or demoted by a custom role holding team.manage', async () => {
    const c = await signUp(t.app, t.db, 'carol', 'Company C');
    const role = (
      await t.post('/v1/company/roles', c.token, { name: 'Team lead', permissions: ['team.manage', 'send'] })
    ).json().data;
    const lead = await joined(c, role.id);
    const cId = (await members(c)).find((item: { you: boolean }) => item.you).id;
    const demote = await t.call('PUT', `/v1/company/members/${cId}/role`, lead.token, { role: 'MEMBER' });
    expect(demote.statusCode).toBe(403);
    expect((await t.call('DELETE', `/v1/company/members/${cId}`, lead.token)).statusCode).toBe(403);
    expect((await invite(lead, uniqueEmail('boss'), 'ADMIN')).statusCode).toBe(403);
    expect((await invite(lead, uniqueEmail('peer'))).statusCode).toBe(200);
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

  it("company A never lists, changes or deletes company B's members, invitations or roles (404)", async () => {
    const bInvite = (await invite(b, uniqueEmail('b-invitee'))).json().data;
    const bRole = (
      await t.post('/v1/company/roles', b.token, { name: 'B only', permissions: ['send'] })
    ).json().data;
    const bOwner = (await members(b)).find((item: { you: boolean }) => item.you);

    const aList = JSON.stringify(await t.getData('/v1/company/members', a.token));
    expect(aList).not.toContain(b.email);
    expect(aList).not.toContain(bInvite.id);
    expect(JSON.stringify(await t.getData('/v1/company/roles', a.token))).not.toContain('B only');

    for (const id of [bInvite.id, bOwner.id]) {
      expect((await t.call('DELETE', `/v1/company/members/${id}`, a.token)).statusCode).toBe(404);
      expect(
        (await t.call('PUT', `/v1/company/members/${id}/role`, a.token, { role: 'MEMBER' })).statusCode,
      ).toBe(404);
    }
    expect((await t.post('/v1/company/members/resend', a.token, { id: bInvite.id })).statusCode).toBe(404);
    expect((await t.call('PUT', `/v1/company/roles/${bRole.id}`, a.token, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/v1/company/roles/${bRole.id}`, a.token)).statusCode).toBe(404);
    expect((await invite(a, uniqueEmail('cross'), bRole.id)).json().code).toBe('invalidRole');
    expect((await t.call('DELETE', '/v1/company/members/not-a-uuid', a.token)).statusCode).toBe(404);

    expect((await members(b)).some((item: { id: string }) => item.id === bInvite.id)).toBe(true);
    expect((await t.getData('/v1/company/roles', b.token)).items).toHaveLength(3);
  });

  it("the FREE plan's member limit counts members and open invitations", async () => {
    await t.db.query("UPDATE plan_quotas SET quota = 3 WHERE plan_id = 'FREE' AND feature = 'member'");
    try {
      const d = await signUp(t.app, t.db, 'dave', 'Company D');
      expect((await invite(d, uniqueEmail('d1'))).statusCode).toBe(200);
      const second = (await invite(d, uniqueEmail('d2'))).json().data;
      const over = await invite(d, uniqueEmail('d3'));
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: 'quotaExceeded',
        message: expect.stringContaining('Team member limit reached: your plan allows 3 members'),
      });
      const list = await t.getData('/v1/company/members', d.token);
      expect(list).toMatchObject({ limit: 3, used: 3 });
      expect((await t.call('DELETE', `/v1/company/members/${second.id}`, d.token)).json().data).toEqual({
        removed: 'invitation',
      });
      expect((await invite(d, uniqueEmail('d3'))).statusCode).toBe(200);
    } finally {
      await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    }
  });

  it('resending an expired invitation, or accepting one, never passes the member limit', async () => {
    await t.db.query("UPDATE plan_quotas SET quota = 3 WHERE plan_id = 'FREE' AND feature = 'member'");
    try {
      const g = await signUp(t.app, t.db, 'gus', 'Company G');
      const first = uniqueEmail('g1');
      const late = uniqueEmail('g2');
      expect((await invite(g, first)).statusCode).toBe(200);
      const lateInvitation = (await invite(g, late)).json().data;
      // The second invitation expires: it no longer counts, so a third address is invited in its place.
      await t.db.query('UPDATE member_invitations SET expires_at = $2 WHERE id = $1', [
        lateInvitation.id,
        t.clock.now(),
      ]);
      t.clock.advance(61_000);
      const third = uniqueEmail('g3');
      expect((await invite(g, third)).statusCode).toBe(200);
      // Sending the expired one again would make four of three.
      const resent = await t.post('/v1/company/members/resend', g.token, { id: lateInvitation.id });
      expect(resent.statusCode).toBe(409);
      expect(resent.json()).toMatchObject({
        code: 'quotaExceeded',
        message: expect.stringContaining('Team member limit reached: your plan allows 3 members'),
      });
      for (const email of [first, third]) {
        expect((await accept(await tokenOf(email))).statusCode).toBe(200);
      }
      expect(await t.getData('/v1/company/members', g.token)).toMatchObject({ limit: 3, used: 3 });

      // Invitations made under a larger plan are refused at acceptance once the members fill the limit.
      await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
      const extra = uniqueEmail('g4');
      expect((await invite(g, extra)).statusCode).toBe(200);
      await t.db.query("UPDATE plan_quotas SET quota = 3 WHERE plan_id = 'FREE' AND feature = 'member'");
      const over = await accept(await tokenOf(extra));
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: 'quotaExceeded',
        message: expect.stringContaining('Company G has reached its plan limit of 3 members'),
      });
      const active = (await members(g)).filter((item: { status: string }) => item.status === 'active');
      expect(active).toHaveLength(3);
    } finally {
      await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    }
  });

  it('preferences: time zone on the user, usage alert through /notification-alert', async () => {
    const updated = await t.call('PUT', '/v1/user', a.token, { timezone: 'Asia/Jakarta', time: '12' });
    expect(updated.json().data).toMatchObject({ timezone: 'Asia/Jakarta', time: '12' });
    expect((await t.call('PUT', '/v1/user', a.token, { timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect(await t.getData('/v1/notification-alert', a.token)).toEqual({
      usageAlert: true,
      usageAlertPercent: 80,
    });
    const set = await t.call('PUT', '/v1/notification-alert', a.token, {
      usageAlert: false,
      usageAlertPercent: 90,
    });
    expect(set.json().data).toEqual({ usageAlert: false, usageAlertPercent: 90 });
    expect(await t.getData('/v1/notification-alert', b.token)).toEqual({
      usageAlert: true,
      usageAlertPercent: 80,
    });
  });
});
