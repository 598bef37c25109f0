import { memberPermissions, permissions } from '@app/contract/accounts/team';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, signin, signUp, type TestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { useTeamFixture } from '../../testing/team.ts';

describe.each(databases)('team members and invitations on $name', (database) => {
  const t = useTestApp(database);
  const team = useTeamFixture(t);
  const { invite, members, tokenOf, accept, joined } = team;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(() => {
    ({ a, b } = team);
  });

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
      permissions: memberPermissions,
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
      await t.post('/v1/company/roles', c.token, {
        name: 'Team lead',
        permissions: ['team.manage', ...memberPermissions],
      })
    ).json().data;
    const lead = await joined(c, role.id);
    const cId = (await members(c)).find((item: { you: boolean }) => item.you).id;
    const demote = await t.call('PUT', `/v1/company/members/${cId}/role`, lead.token, { role: 'MEMBER' });
    expect(demote.statusCode).toBe(403);
    expect((await t.call('DELETE', `/v1/company/members/${cId}`, lead.token)).statusCode).toBe(403);
    expect((await invite(lead, uniqueEmail('boss'), 'ADMIN')).statusCode).toBe(403);
    expect((await invite(lead, uniqueEmail('peer'))).statusCode).toBe(200);
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
