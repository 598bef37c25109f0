import { beforeAll, describe, expect, it } from 'vitest';
import type { NewMessageEvent } from '../../engine/events/message-event.ts';
import { marketingEngineOf } from '../../engine/interfaces.ts';
import { signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { testEvent } from '../../testing/events.ts';
import { createEngagementFollower } from './engagement/engagement-follower.ts';

describe.each(databases)(
  "a contact's life on $name: timeline, engagement, erase, bulk delete",
  (database) => {
    const t = useTestApp(database);
    let a: TestAccount;
    let b: TestAccount;
    let companyA: string;
    let companyB: string;

    const companyIdOf = async (account: TestAccount) =>
      (
        await t.db.one<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [
          account.email,
        ])
      ).company_id;
    const insert = (events: NewMessageEvent[]) =>
      t.db.transaction((tx) => t.engine.events.insert(tx, events));
    const follow = async () => {
      const follower = createEngagementFollower({ db: t.db, engine: marketingEngineOf(t.engine) });
      while ((await follower.runOnce()) > 0) {
        // until caught up
      }
    };
    const add = async (account: TestAccount, body: object) => {
      const response = await t.post('/v1/contacts', account.token, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    const find = async (account: TestAccount, email: string) =>
      t.call('GET', `/v1/contacts/find?email=${encodeURIComponent(email)}`, account.token);

    beforeAll(async () => {
      a = await signUp(t.app, t.db, 'privacy-a', 'Privacy A');
      b = await signUp(t.app, t.db, 'privacy-b', 'Privacy B');
      companyA = await companyIdOf(a);
      companyB = await companyIdOf(b);
    });

    it("shows the engine's events of mail to the address, the labels joined and where it came from", async () => {
      const label = (await t.post('/v1/contacts/label', a.token, { name: 'Buyers' })).json().data;
      const contact = await add(a, { email: 'tina@example.test', labels: [label.id] });
      expect(contact.consent).toMatchObject({ source: 'console' });
      const sent = t.clock.now();
      await insert([
        testEvent(companyA, sent, { rcptTo: 'tina@example.test', subject: 'Spring sale' }),
        testEvent(companyA, new Date(sent.getTime() + 1000), {
          type: 'click',
          rcptTo: 'tina@example.test',
          subject: 'Spring sale',
          fields: { target_link_url: 'https://shop.example/sale' },
        }),
        // Another company's mail to the same address is not this company's to see.
        testEvent(companyB, sent, { rcptTo: 'tina@example.test', subject: 'Not yours' }),
      ]);
      const timeline = await t.getData(`/v1/contacts/${contact.id}/timeline`, a.token);
      const types = timeline.items.map((entry: { type: string }) => entry.type);
      expect(types).toEqual(expect.arrayContaining(['click', 'delivery', 'label_added', 'contact_created']));
      expect(timeline.items[0]).toMatchObject({ type: 'click', detail: 'https://shop.example/sale' });
      expect(JSON.stringify(timeline)).not.toContain('Not yours');
      expect((await t.call('GET', `/v1/contacts/${contact.id}/timeline`, b.token)).statusCode).toBe(404);

      const data = await t.call('GET', `/v1/contacts/${contact.id}/data`, a.token);
      expect(data.headers['content-disposition']).toContain(`contact-${contact.id}.json`);
      expect(data.json().contact.email).toBe('tina@example.test');
      expect(data.json().timeline.length).toBe(timeline.items.length);
    });

    it('feeds last open and last click from the opens and clicks people make, not machines', async () => {
      await add(a, { email: 'olga@example.test' });
      await add(b, { email: 'olga@example.test' });
      const at = new Date(t.clock.now().getTime() + 60_000);
      await insert([
        testEvent(companyA, new Date(at.getTime() - 5000), {
          type: 'open',
          rcptTo: 'olga@example.test',
          fields: { prefetched: true },
        }),
      ]);
      await follow();
      expect((await find(a, 'olga@example.test')).json().data.lastOpenAt).toBeNull();
      await insert([
        testEvent(companyA, at, { type: 'open', rcptTo: 'Olga@Example.test' }),
        testEvent(companyA, new Date(at.getTime() + 2000), { type: 'click', rcptTo: 'olga@example.test' }),
      ]);
      await follow();
      const olga = (await find(a, 'olga@example.test')).json().data;
      expect(olga.lastClickAt).toBe(new Date(at.getTime() + 2000).toISOString());
      expect(olga.lastOpenAt).toBe(new Date(at.getTime() + 2000).toISOString());
      expect((await find(b, 'olga@example.test')).json().data.lastOpenAt).toBeNull();
      // An older event read again changes nothing.
      await insert([
        testEvent(companyA, new Date(at.getTime() - 60_000), { type: 'click', rcptTo: 'olga@example.test' }),
      ]);
      await follow();
      expect((await find(a, 'olga@example.test')).json().data.lastClickAt).toBe(olga.lastClickAt);
    });

    it('erases a contact: gone, never mailed again unless the person resubscribes', async () => {
      const contact = await add(a, { email: 'erin@example.test' });
      expect((await t.post(`/v1/contacts/${contact.id}/erase`, b.token, {})).statusCode).toBe(404);
      expect((await t.post(`/v1/contacts/${contact.id}/erase`, a.token, {})).statusCode).toBe(200);
      expect((await find(a, 'erin@example.test')).statusCode).toBe(404);
      const stored = await t.db.query(
        "SELECT 1 FROM contact_erasures WHERE encode(address_hash, 'escape') LIKE '%erin%'",
      );
      expect(stored).toHaveLength(0);
      // Added again, it comes in unsubscribed; in another company it is a stranger.
      expect((await add(a, { email: 'erin@example.test' })).status).toBe('unsubscribed');
      expect((await add(b, { email: 'erin@example.test' })).status).toBe('subscribed');
      const back = await t.post('/v1/contacts/resubscribe', a.token, { email: 'erin@example.test' });
      expect(back.json().data.status).toBe('subscribed');
      const again = (await find(a, 'erin@example.test')).json().data;
      expect((await t.call('DELETE', `/v1/contacts/${again.id}`, a.token)).statusCode).toBe(200);
      expect((await add(a, { email: 'erin@example.test' })).status).toBe('subscribed');
    });

    it('an erased contact that complained comes back complained, and the engine still holds its entry', async () => {
      const contact = await add(a, { email: 'carl@example.test' });
      await t.engine.suppressions.add([
        {
          companyId: companyA,
          subaccountId: 0,
          recipient: 'carl@example.test',
          type: 'non_transactional',
          source: 'Spam Complaint',
        },
      ]);
      await t.db.query("UPDATE contacts SET status = 'complained' WHERE id = $1", [contact.id]);
      expect((await t.post(`/v1/contacts/${contact.id}/erase`, a.token, {})).statusCode).toBe(200);
      expect((await add(a, { email: 'carl@example.test' })).status).toBe('complained');
      expect(
        (await t.engine.suppressions.suppressed(companyA, 0, ['carl@example.test'], 'non_transactional'))
          .size,
      ).toBe(1);
    });

    it('deletes many at once, keeps label counts exact, and past 1,000 only with the large delete toggle', async () => {
      const label = (await t.post('/v1/contacts/label', b.token, { name: 'Bulk' })).json().data;
      const first = await add(b, { email: 'bulk-1@example.test', labels: [label.id] });
      const second = await add(b, { email: 'bulk-2@example.test', labels: [label.id] });
      const byIds = await t.post('/v1/contacts/delete', b.token, { ids: [first.id, second.id] });
      expect(byIds.json().data.deleted).toBe(2);
      const bulk = (await t.getData('/v1/contacts/label', b.token)).items.find(
        (item: { id: string }) => item.id === label.id,
      );
      expect(bulk.members).toBe(0);
      // Another company's ids are not deleted.
      const kept = await add(a, { email: 'kept@example.test' });
      expect((await t.post('/v1/contacts/delete', b.token, { ids: [kept.id] })).json().data.deleted).toBe(0);
      expect((await find(a, 'kept@example.test')).statusCode).toBe(200);

      await t.db.query(
        `INSERT INTO contacts (company_id, email, source, created_at, updated_at)
       SELECT $1, 'many-' || n || '@example.test', 'api', now(), now() FROM generate_series(1, 1001) AS n`,
        [companyB],
      );
      // A field without a value would delete everyone: refused.
      expect((await t.post('/v1/contacts/delete', b.token, { filter: { field: 'email' } })).statusCode).toBe(
        400,
      );
      const filter = { filter: { search: 'many-' } };
      const refused = await t.post('/v1/contacts/delete', b.token, filter);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('large contact delete option');
      await t.accounts.companies.setToggle(companyB, 'largeContactDelete', true);
      expect((await t.post('/v1/contacts/delete', b.token, filter)).json().data.deleted).toBe(1001);
      expect((await find(b, 'erin@example.test')).statusCode).toBe(200);
    });
  },
);
