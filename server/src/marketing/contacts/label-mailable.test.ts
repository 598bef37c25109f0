import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

/** Memberships whose kept `mailable` disagrees with their contact (migration 060): must always be none. */
const disagreeing = async (db: Db) =>
  (
    await db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM contact_label_members m JOIN contacts c ON c.id = m.contact_id
       WHERE m.mailable IS DISTINCT FROM (c.status = 'subscribed' AND c.email IS NOT NULL)`,
    )
  ).count;

describe.each(databases)('whether label members may be mailed, on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;

  const add = async (email: string) => {
    const response = await t.post('/v1/contacts', a.token, { email });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const newLabel = async (name: string) =>
    (await t.post('/v1/contacts/label', a.token, { name })).json().data.id;
  const join = (labelId: string, contactIds: string[]) =>
    t.post(`/v1/contacts/label/${labelId}/members`, a.token, { contactIds });
  const unmailable = async (labelId: string) =>
    (
      await t.db.one<{ count: number }>(
        'SELECT count(*)::int AS count FROM contact_label_members WHERE label_id = $1 AND NOT mailable',
        [labelId],
      )
    ).count;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'mailable-a', 'Mailable A');
  });

  it('follows joins, unsubscribes, resubscribes and bounces', async () => {
    const [ann, ben] = [await add('ann@mailable.test'), await add('ben@mailable.test')];
    await t.post('/v1/contacts/unsubscribe', a.token, { email: 'ben@mailable.test' });
    const news = await newLabel('News');
    expect((await join(news, [ann, ben])).statusCode).toBe(200);
    expect(await unmailable(news)).toBe(1);
    await t.post('/v1/contacts/unsubscribe', a.token, { email: 'ann@mailable.test' });
    expect(await unmailable(news)).toBe(2);
    await t.post('/v1/contacts/resubscribe', a.token, { email: 'ann@mailable.test' });
    await t.post('/v1/contacts/resubscribe', a.token, { email: 'ben@mailable.test' });
    expect(await unmailable(news)).toBe(0);
    // A status written by SQL, as a bounce or a complaint writes it, counts the same.
    await t.db.query(`UPDATE contacts SET status = 'bounced' WHERE id = $1`, [ann]);
    expect(await unmailable(news)).toBe(1);
    expect(await disagreeing(t.db)).toBe(0);
  });

  it.runIf(database.name === 'postgres')(
    'stays true when a contact joins a label while its status changes, in either order',
    async () => {
      const cases = [
        { email: 'first-join@mailable.test', first: 'join' },
        { email: 'first-status@mailable.test', first: 'status' },
      ] as const;
      for (const { email, first } of cases) {
        const id = await add(email);
        const labelId = await newLabel(`Race ${first}`);
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const joinIt = (tx: Db) =>
          tx.query(
            `INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
             SELECT $1, id, company_id, now() FROM contacts WHERE id = $2`,
            [labelId, id],
          );
        const unsubscribeIt = (tx: Db) =>
          tx.query(`UPDATE contacts SET status = 'unsubscribed' WHERE id = $1`, [id]);
        // The first transaction writes and stays open; the second writes meanwhile, then the first commits.
        const [firstStep, secondStep] = first === 'join' ? [joinIt, unsubscribeIt] : [unsubscribeIt, joinIt];
        let wrote = () => {};
        const written = new Promise<void>((resolve) => {
          wrote = resolve;
        });
        const opened = t.db.transaction(async (tx) => {
          await firstStep(tx);
          wrote();
          await held;
        });
        await written;
        const second = t.db.transaction(secondStep);
        await new Promise((resolve) => setTimeout(resolve, 100));
        release();
        await Promise.all([opened, second]);
        expect(await unmailable(labelId), `${first} first`).toBe(1);
      }
      expect(await disagreeing(t.db)).toBe(0);
    },
  );
});
