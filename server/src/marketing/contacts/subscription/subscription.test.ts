import { beforeAll, describe, expect, it } from 'vitest';
import { marketingEngineOf } from '../../../engine/interfaces.ts';
import { signUp, type TestAccount } from '../../../testing/accounts.ts';
import { useTestApp } from '../../../testing/app.ts';
import { databases } from '../../../testing/databases.ts';
import { createSuppressionFollower } from './suppression-follower.ts';

describe.each(databases)('one unsubscribe truth on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;
  let companyA: string;

  const companyIdOf = async (account: TestAccount) =>
    (await t.db.one<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [account.email]))
      .company_id;
  const suppressed = async (companyId: string, address: string) =>
    (await t.engine.suppressions.suppressed(companyId, 0, [address], 'non_transactional')).has(address);
  const statusOf = async (account: TestAccount, email: string) =>
    (await t.getData(`/v1/contacts/find?email=${encodeURIComponent(email)}`, account.token))?.status;
  const follow = async () => {
    const follower = createSuppressionFollower({
      db: t.db,
      clock: t.clock,
      engine: marketingEngineOf(t.engine),
    });
    while ((await follower.runOnce()) > 0) {
      // until caught up
    }
  };
  const engineAdds = (
    companyId: string,
    recipient: string,
    source: 'Spam Complaint' | 'Bounce Rule' | 'Unsubscribe Link',
  ) =>
    t.engine.suppressions.add([{ companyId, subaccountId: 0, recipient, type: 'non_transactional', source }]);

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'subscription-a', 'Subscription A');
    b = await signUp(t.app, t.db, 'subscription-b', 'Subscription B');
    companyA = await companyIdOf(a);
  });

  it('unsubscribe puts the address on the engine suppression list; resubscribe lifts it', async () => {
    expect(
      (await t.post('/v1/contacts/subscribe', a.token, { email: 'Ann@Example.test', firstname: 'Ann' }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(a, 'ann@example.test')).toBe('subscribed');

    const unsubscribed = await t.post('/v1/contacts/unsubscribe', a.token, { email: 'ann@example.test' });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json().data.status).toBe('unsubscribed');
    expect(await suppressed(companyA, 'ann@example.test')).toBe(true);

    // Subscribing again changes nothing: only a resubscribe does.
    expect(
      (await t.post('/v1/contacts/subscribe', a.token, { email: 'ann@example.test' })).json().data.status,
    ).toBe('unsubscribed');
    const back = await t.post('/v1/contacts/resubscribe', a.token, { email: 'ann@example.test' });
    expect(back.json().data.status).toBe('subscribed');
    expect(await suppressed(companyA, 'ann@example.test')).toBe(false);
  });

  it("follows the engine's list: an unsubscribe link, a hard bounce and a complaint change the contact", async () => {
    for (const email of ['link@example.test', 'bounce@example.test', 'spam@example.test']) {
      await t.post('/v1/contacts', a.token, { email });
    }
    await engineAdds(companyA, 'link@example.test', 'Unsubscribe Link');
    await engineAdds(companyA, 'bounce@example.test', 'Bounce Rule');
    await engineAdds(companyA, 'spam@example.test', 'Spam Complaint');
    await follow();
    expect(await statusOf(a, 'link@example.test')).toBe('unsubscribed');
    expect(await statusOf(a, 'bounce@example.test')).toBe('bounced');
    expect(await statusOf(a, 'spam@example.test')).toBe('complained');

    // A complaint cannot be undone by a resubscribe.
    const refused = await t.post('/v1/contacts/resubscribe', a.token, { email: 'spam@example.test' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('state');
    expect(await suppressed(companyA, 'spam@example.test')).toBe(true);
  });

  it('two workers following at once: each change is applied by one of them', async () => {
    await follow();
    for (const email of ['twice-1@example.test', 'twice-2@example.test']) {
      await t.post('/v1/contacts', a.token, { email });
      await engineAdds(companyA, email, 'Unsubscribe Link');
    }
    const worker = () =>
      createSuppressionFollower({ db: t.db, clock: t.clock, engine: marketingEngineOf(t.engine) });
    const applied = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(applied[0] + applied[1]).toBe(2);
    expect(await statusOf(a, 'twice-2@example.test')).toBe('unsubscribed');
  });

  it('keeps each company its Subscriber Setting: double opt-in on by default, a confirmation mail with its link', async () => {
    const fresh = await t.getData('/v1/contacts/subscriber-setting', a.token);
    expect(fresh.doubleOptIn).toBe(true);
    expect(fresh.confirmationText).toContain('{{confirm_link}}');
    const setting = {
      doubleOptIn: false,
      confirmationSubject: 'Confirm, please',
      confirmationText: 'Click {{confirm_link}} to confirm.',
      preferenceText: 'Pick what you like.',
    };
    const linkless = await t.call('PUT', '/v1/contacts/subscriber-setting', a.token, {
      ...setting,
      confirmationText: 'No link here',
    });
    expect(linkless.statusCode).toBe(400);
    expect((await t.call('PUT', '/v1/contacts/subscriber-setting', a.token, setting)).statusCode).toBe(200);
    expect(await t.getData('/v1/contacts/subscriber-setting', a.token)).toEqual(setting);
    expect((await t.getData('/v1/contacts/subscriber-setting', b.token)).doubleOptIn).toBe(true);
  });

  it('a contact added for a suppressed address comes in unsubscribed', async () => {
    await engineAdds(companyA, 'gone@example.test', 'Unsubscribe Link');
    const added = await t.post('/v1/contacts', a.token, { email: 'gone@example.test' });
    expect(added.json().data.status).toBe('unsubscribed');
  });

  it("touches only the company's own contacts and list", async () => {
    await t.post('/v1/contacts', b.token, { email: 'shared@example.test' });
    await t.post('/v1/contacts', a.token, { email: 'shared@example.test' });
    expect(
      (await t.post('/v1/contacts/unsubscribe', b.token, { email: 'ann@example.test' })).statusCode,
    ).toBe(404);
    await t.post('/v1/contacts/unsubscribe', a.token, { email: 'shared@example.test' });
    await follow();
    expect(await statusOf(b, 'shared@example.test')).toBe('subscribed');
    expect(await suppressed(await companyIdOf(b), 'shared@example.test')).toBe(false);
  });
});
