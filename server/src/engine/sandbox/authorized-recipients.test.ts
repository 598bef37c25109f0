import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, signUp, type TestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('authorized recipients on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'alice', 'Company A');
    b = await signUp(t.app, t.db, 'bob', 'Company B');
  });

  const add = (account: TestAccount, emails: unknown) =>
    t.post('/v1/authorized-recipient', account.token, { emails });
  const list = async (account: TestAccount) =>
    (await t.getData('/v1/authorized-recipient', account.token)).items;
  /** The verification link of the last mail to the address, and the id in its path. */
  const verificationOf = async (email: string) => {
    const link = linkIn((await lastMailTo(t.db, email)).text);
    return { link, id: link.pathname.split('/').pop() ?? '' };
  };
  const verify = (id: string) =>
    t.app.inject({ method: 'GET', url: `/v1/authorized-recipient/verify/${id}` });

  it('adds lower-cased, de-duplicated addresses, mails each a link and lists them unverified', async () => {
    const first = uniqueEmail('tester');
    const second = uniqueEmail('qa');
    expect((await t.getData('/v1/on-boarding/product-tour', a.token)).sandboxSetAuthorizedRecipient).toBe(
      false,
    );

    const response = await add(a, [first.toUpperCase(), ` ${first} `, second]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.added).toEqual([first, second]);
    expect(data.limit).toBe(10);
    expect(data.items).toHaveLength(2);
    expect(data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: first, verified: false, verifiedAt: null }),
        expect.objectContaining({ email: second, verified: false, verifiedAt: null }),
      ]),
    );
    expect(data.items[0].lastSentAt).toEqual(t.clock.now().toISOString());

    const mail = await lastMailTo(t.db, first);
    expect(mail.subject).toContain('Company A');
    const { link, id } = await verificationOf(first);
    expect(link.href).toBe(`${t.config.publicUrl}/authorized-recipient/verify/${id}`);
    expect(mail.html).toContain(link.href);
    // The list never shows the secret of the link.
    expect(JSON.stringify(await list(a))).not.toContain(id);

    expect((await t.getData('/v1/on-boarding/product-tour', a.token)).sandboxSetAuthorizedRecipient).toBe(
      true,
    );

    const again = await add(a, [first]);
    expect(again.json().data.added).toEqual([]);
    expect(await list(a)).toHaveLength(2);
  });

  it('verifies through the link without a login, idempotently', async () => {
    const email = uniqueEmail('verify');
    await add(a, [email]);
    const { id } = await verificationOf(email);

    const verified = await verify(id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({
      email,
      verifiedAt: t.clock.now().toISOString(),
      companyName: 'Company A',
      alreadyVerified: false,
    });
    const listed = (await list(a)).find((item: { email: string }) => item.email === email);
    expect(listed).toMatchObject({ verified: true, verifiedAt: verified.json().data.verifiedAt });

    t.clock.advance(5000);
    const twice = await verify(id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toMatchObject({
      verifiedAt: verified.json().data.verifiedAt,
      alreadyVerified: true,
    });
  });

  it('answers 404 with a clear message for unknown or malformed links', async () => {
    for (const id of ['3f1b7a52-4bb5-4c4e-9f0e-000000000000', 'not-a-uuid']) {
      const response = await verify(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'entityNotFound' });
      expect(response.json().message).toContain('verification link is not valid');
    }
  });

  it('resends at most once a minute per address', async () => {
    const email = uniqueEmail('resend');
    const other = uniqueEmail('other');
    await add(a, [email, other]);
    const resend = (address: string) =>
      t.post('/v1/authorized-recipient/resend-email', a.token, { email: address });

    const throttled = await resend(email.toUpperCase());
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'tooManyAttempts', payload: { field: 'email' } });
    expect(throttled.json().message).toMatch(/try again in 60 seconds/);

    t.clock.advance(45_000);
    expect((await resend(email)).json().message).toMatch(/try again in 15 seconds/);

    t.clock.advance(15_000);
    const sent = await resend(email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ email, lastSentAt: t.clock.now().toISOString() });
    expect((await resend(email)).statusCode).toBe(429);
    // The other address has its own minute.
    expect((await resend(other)).statusCode).toBe(200);

    const { id } = await verificationOf(email);
    await verify(id);
    t.clock.advance(61_000);
    const verified = await resend(email);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toMatchObject({ code: 'state', message: `${email} is already verified` });

    const unknown = await resend(uniqueEmail('nobody'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('entityNotFound');
  });

  it('deletes a recipient by the id of the list', async () => {
    const email = uniqueEmail('remove');
    await add(a, [email]);
    const item = (await list(a)).find((candidate: { email: string }) => candidate.email === email);
    const removed = await t.call('DELETE', `/v1/authorized-recipient/${item.id}`, a.token);
    expect(removed.json()).toEqual({ data: true });
    expect((await list(a)).map((candidate: { email: string }) => candidate.email)).not.toContain(email);
    const twice = await t.call('DELETE', `/v1/authorized-recipient/${item.id}`, a.token);
    expect(twice.statusCode).toBe(404);

    // Its link dies with it.
    const { id } = await verificationOf(email);
    expect((await verify(id)).statusCode).toBe(404);
  });

  it('keeps at most 10 recipients per company and validates the addresses', async () => {
    const c = await signUp(t.app, t.db, 'carol', 'Company C');
    const seven = Array.from({ length: 7 }, () => uniqueEmail('limit'));
    expect((await add(c, seven)).statusCode).toBe(200);

    const tooMany = await add(c, [
      seven[0],
      uniqueEmail('x'),
      uniqueEmail('y'),
      uniqueEmail('z'),
      uniqueEmail('w'),
    ]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'quotaExceeded', payload: { feature: 'sandbox' } });
    expect(tooMany.json().message).toContain('at most 3 more');
    expect(await list(c)).toHaveLength(7);

    // Already listed addresses do not count twice.
    expect((await add(c, [seven[0], uniqueEmail('x'), uniqueEmail('y'), uniqueEmail('z')])).statusCode).toBe(
      200,
    );
    expect(await list(c)).toHaveLength(10);
    const full = await add(c, [uniqueEmail('eleven')]);
    expect(full.json().message).toContain('remove one first');

    const invalid = await add(c, ['not-an-address']);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation', payload: { field: 'emails.0' } });
    expect((await add(c, [])).json()).toMatchObject({ code: 'validation', payload: { field: 'emails' } });
    const eleven = Array.from({ length: 11 }, () => uniqueEmail('batch'));
    expect((await add(c, eleven)).json()).toMatchObject({ code: 'validation', payload: { field: 'emails' } });
    expect((await add(c, 'a@example.test')).statusCode).toBe(400);
  });

  it('needs a login except for the verification link', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/authorized-recipient' });
    expect(response.statusCode).toBe(401);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/v1/authorized-recipient',
      payload: { emails: ['a@example.test'] },
    });
    expect(posted.statusCode).toBe(401);
  });

  it('keeps companies apart', async () => {
    const shared = uniqueEmail('shared');
    const ofA = uniqueEmail('only-a');
    await add(a, [shared, ofA]);
    await add(b, [shared]);
    const { id: idOfB } = await verificationOf(shared);

    // B's link verifies B's entry only, although A lists the same address.
    expect((await verify(idOfB)).json().data.companyName).toBe('Company B');
    const sharedOf = async (account: TestAccount) =>
      (await list(account)).find((item: { email: string }) => item.email === shared);
    expect((await sharedOf(b)).verified).toBe(true);
    expect((await sharedOf(a)).verified).toBe(false);

    // B sees nothing of A's and cannot delete or resend A's entries.
    const listOfB = await list(b);
    expect(listOfB.map((item: { email: string }) => item.email)).toEqual([shared]);
    const itemOfA = (await list(a)).find((item: { email: string }) => item.email === ofA);
    expect((await t.call('DELETE', `/v1/authorized-recipient/${itemOfA.id}`, b.token)).statusCode).toBe(404);
    t.clock.advance(61_000);
    const resend = await t.post('/v1/authorized-recipient/resend-email', b.token, { email: ofA });
    expect(resend.statusCode).toBe(404);
    expect((await list(a)).map((item: { email: string }) => item.email)).toContain(ofA);
  });
});
