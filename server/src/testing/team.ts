import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import { auth, lastMailTo, linkIn, signin, type TestAccount, uniqueEmail } from './accounts.ts';

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
