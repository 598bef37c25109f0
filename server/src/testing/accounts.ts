import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';

export interface TestAccount {
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** A unique address per call, so tests sharing one database never collide. */
export function uniqueEmail(name = 'user'): string {
  counter += 1;
  return `${name}-${counter}-${Date.now().toString(36)}@example.test`;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest captured mail to an address. */
export async function lastMailTo(db: Db, to: string) {
  return db.one<{ subject: string; text: string; html: string }>(
    'SELECT subject, text, html FROM captured_mail WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1',
    [to],
  );
}

/** The first URL in a mail's text part. */
export function linkIn(text: string): URL {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}

export async function register(
  app: FastifyInstance,
  email: string,
  password = 'Password123',
  company = 'Acme',
) {
  return app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { email, password, company, phone: '+62 812 3456' },
  });
}

/** The confirmation token of the last mail to the address. */
export async function validationToken(db: Db, email: string): Promise<string> {
  return linkIn((await lastMailTo(db, email)).text).searchParams.get('token') ?? '';
}

export async function signin(
  app: FastifyInstance,
  email: string,
  password: string,
  logoutFromOthers?: boolean,
) {
  return app.inject({ method: 'POST', url: '/v1/signin', payload: { email, password, logoutFromOthers } });
}

/** Registers, confirms the email and signs in: a company owner with a full token. */
export async function signUp(
  app: FastifyInstance,
  db: Db,
  name = 'owner',
  company = 'Acme',
): Promise<TestAccount> {
  const email = uniqueEmail(name);
  const password = 'Password123';
  const registered = await register(app, email, password, company);
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const token = await validationToken(db, email);
  const validated = await app.inject({ method: 'POST', url: '/v1/validate', payload: { token } });
  if (validated.statusCode !== 200) throw new Error(`validate failed: ${validated.body}`);
  const signedIn = await signin(app, email, password);
  if (signedIn.statusCode !== 200) throw new Error(`signin failed: ${signedIn.body}`);
  return { email, password, token: signedIn.json().data.accessToken };
}
