import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { Db } from '../db/db.ts';
import { auth, lastMailTo, linkIn, signin, signUp, type TestAccount, uniqueEmail } from './accounts.ts';
import type { useTestApp } from './app.ts';

/** The token of the last invitation link mailed to `email`. */
export async function invitationTokenOf(db: Db, email: string): Promise<string> {
  return (
    linkIn((await lastMailTo(db, email)).text)
      .pathname.split('/')
      .pop() ?? ''
  );
}

/** Accepts an invitation through its link's token (no login). */
export function acceptInvitation(
  app: FastifyInstance,
  token: string,
  password = 'Secret123',
  fullname = 'New Member',
) {
  return app.inject({
    method: 'POST',
    url: '/v1/company/members/validate',
    payload: { id: token, password, fullname },
  });
}

/** Invites, accepts through the mailed link and signs in: a member of `owner`'s company with `role`. */
export async function joinMember(
  app: FastifyInstance,
  db: Db,
  owner: TestAccount,
  role = 'MEMBER',
): Promise<TestAccount & { id: string }> {
  const email = uniqueEmail('member');
  const invited = await app.inject({
    method: 'POST',
    url: '/v1/company/members',
    headers: auth(owner.token),
    payload: { email, role },
  });
  if (invited.statusCode !== 200) throw new Error(`invitation failed: ${invited.body}`);
  const accepted = await acceptInvitation(app, await invitationTokenOf(db, email));
  if (accepted.statusCode !== 200) throw new Error(`acceptance failed: ${accepted.body}`);
  const signedIn = await signin(app, email, 'Secret123');
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const list = await app.inject({ method: 'GET', url: '/v1/company/members', headers: auth(owner.token) });
  const member = list.json().data.items.find((item: { email: string }) => item.email === email);
  return { email, password: 'Secret123', token: signedIn.json().data.accessToken, id: member.id };
}

/**
 * The team tests' two companies (A and B, made before the tests run, with room for the members they
 * invite: the FREE plan's limit has its own test) and their calls.
 */
export function useTeamFixture(t: ReturnType<typeof useTestApp>) {
  const fixture = {
    a: undefined as unknown as TestAccount,
    b: undefined as unknown as TestAccount,
    invite: (account: TestAccount, email: string, role = 'MEMBER') =>
      t.post('/v1/company/members', account.token, { email, role }),
    members: async (account: TestAccount) => (await t.getData('/v1/company/members', account.token)).items,
    tokenOf: (email: string) => invitationTokenOf(t.db, email),
    accept: (id: string, password = 'Secret123', fullname = 'New Member') =>
      acceptInvitation(t.app, id, password, fullname),
    joined: (owner: TestAccount, role = 'MEMBER') => joinMember(t.app, t.db, owner, role),
  };
  beforeAll(async () => {
    fixture.a = await signUp(t.app, t.db, 'alice', 'Company A');
    fixture.b = await signUp(t.app, t.db, 'bob', 'Company B');
    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
  });
  return fixture;
}
