import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { lastMailTo, linkIn, signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { addVerifiedSendingDomain } from '../../testing/sending-domains.ts';
import { joinMember } from '../../testing/team.ts';
import { useTestDnsServer } from '../../testing/test-dns.ts';

interface Company extends TestAccount {
  companyId: string;
}

const dayMs = 24 * 60 * 60 * 1000;

describe.each(databases)('marketing senders on $name', (database) => {
  const dns = useTestDnsServer({
    'twospf.test': { TXT: ['v=spf1 include:a.example ~all', 'v=spf1 include:b.example -all'] },
    'onespf.test': { TXT: ['google-site-verification=abc', 'v=spf1 include:elsewhere.example -all'] },
  });
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address] } }));
  let a: Company;
  let b: Company;

  /** A signed-up company with `senders.test` (DKIM and SPF verified) and room for any number of senders. */
  async function company(name: string): Promise<Company> {
    const account = await signUp(t.app, t.db, name, `${name} Inc`);
    const { company_id: companyId } = await t.db.one<{ company_id: string }>(
      'SELECT company_id FROM users WHERE email = $1',
      [account.email],
    );
    await addVerifiedSendingDomain(t.db, companyId, 'senders.test');
    await t.engine.sendingDomains.setStatuses(companyId, 'senders.test', { spfStatus: 'valid' });
    await setCompanyLimit(t.db, companyId, 'senderLimit', -1);
    await setCompanyLimit(t.db, companyId, 'senderDomainLimit', -1);
    return { ...account, companyId };
  }

  const add = (account: TestAccount, email: string, name = 'News', replyTo?: string) =>
    t.post('/v1/senders', account.token, { email, name, ...(replyTo === undefined ? {} : { replyTo }) });

  const added = async (account: TestAccount, email: string, name = 'News') => {
    const response = await add(account, email, name);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; email: string };
  };

  /** The id and token of the last confirmation link mailed to `email`. */
  const linkTo = async (email: string) => {
    const link = linkIn((await lastMailTo(t.db, email)).text);
    return { id: link.pathname.split('/').pop() ?? '', token: link.searchParams.get('token') ?? '', link };
  };

  const validate = (id: string, token: string) =>
    t.app.inject({ method: 'POST', url: `/v1/senders/${id}/validate`, payload: { token } });

  const validated = async (account: TestAccount, email: string, name = 'News') => {
    const sender = await added(account, email, name);
    const { token } = await linkTo(email);
    expect((await validate(sender.id, token)).statusCode).toBe(200);
    return sender;
  };

  const senders = async (account: TestAccount, query = '') =>
    (await t.getData(`/v1/senders${query}`, account.token)) as {
      items: { id: string; email: string; isDefault: boolean; validated: boolean }[];
      total: number;
    };

  beforeAll(async () => {
    a = await company('alice');
    b = await company('bob');
    for (const domain of ['nospf.test', 'twospf.test', 'onespf.test']) {
      await addVerifiedSendingDomain(t.db, a.companyId, domain);
    }
    await addVerifiedSendingDomain(t.db, a.companyId, 'unverified.test');
    await t.engine.sendingDomains.setStatuses(a.companyId, 'unverified.test', { dkimStatus: 'unverified' });
  });

  it('refuses a free mail provider, a domain that is not a verified sending domain, and says what is wrong with SPF', async () => {
    const cases: [string, number, string, string][] = [
      ['news@gmail.com', 422, 'senderDomainUnsupported', 'Sender cannot use a free email provider domain'],
      [
        'news@unverified.test',
        422,
        'senderDomainUnsupported',
        'The sender domain is not one of your verified sending domains',
      ],
      [
        'news@elsewhere.test',
        422,
        'senderDomainUnsupported',
        'The sender domain is not one of your verified sending domains',
      ],
      [
        'news@nospf.test',
        400,
        'spfSingle',
        'The domain nospf.test has no SPF record: publish one that includes this platform',
      ],
      [
        'news@mail.twospf.test',
        400,
        'spfDouble',
        'The domain twospf.test publishes 2 SPF records; a domain may publish only one',
      ],
      [
        'news@onespf.test',
        422,
        'senderDomainMisconfigured',
        'The SPF record of onespf.test is not verified: verify it under Sending Domains',
      ],
    ];
    for (const [email, status, code, message] of cases) {
      const response = await add(a, email);
      expect(response.statusCode, email).toBe(status);
      expect(response.json(), email).toEqual({ code, message, payload: { field: 'email', value: email } });
    }
    expect((await senders(a)).total).toBe(0);
  });

  it('mails a confirmation link; following it validates the sender (the first becomes the default), once', async () => {
    const response = await add(a, ' Hello@Senders.test ', '  Acme News ', 'replies@acme.example');
    expect(response.statusCode, response.body).toBe(201);
    const sender = response.json().data;
    expect(sender).toMatchObject({
      email: 'hello@senders.test',
      name: 'Acme News',
      replyTo: 'replies@acme.example',
      isDefault: false,
      validated: false,
      validatedAt: null,
    });
    expect(sender.linkSentAt).not.toBeNull();

    const mail = await lastMailTo(t.db, 'hello@senders.test');
    expect(mail.subject).toBe('Confirm your sender address');
    expect(mail.text).toContain('"Acme News"');
    const { id, token, link } = await linkTo('hello@senders.test');
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/sender/validate/${sender.id}`);
    expect(id).toBe(sender.id);
    // Only the token's hash is kept.
    const stored = await t.db.query('SELECT 1 FROM senders WHERE token_hash = $1', [token]);
    expect(stored).toEqual([]);

    const wrong = await validate(id, `${token}x`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'validation', payload: { field: 'token' } });

    const confirmed = await validate(id, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ data: { email: 'hello@senders.test', name: 'Acme News' } });
    const again = await validate(id, token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'linkUsed' });

    const [listed] = (await senders(a)).items;
    expect(listed).toMatchObject({ id, validated: true, isDefault: true });

    const revalidate = await t.post(`/v1/senders/${id}/revalidate`, a.token);
    expect(revalidate.statusCode).toBe(409);
    expect(revalidate.json()).toMatchObject({ code: 'state', message: 'The sender is already validated' });

    const duplicate = await add(a, 'hello@senders.test');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'duplicate',
      message: 'This sender already exists',
      payload: { field: 'email' },
    });
  });

  it('a new link replaces the old one; the domain rule is checked again when the link is followed', async () => {
    const c = await company('carol');
    const sender = await added(c, 'offers@senders.test');
    const first = await linkTo('offers@senders.test');
    const resent = await t.post(`/v1/senders/${sender.id}/revalidate`, c.token);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await linkTo('offers@senders.test');
    expect(second.token).not.toBe(first.token);
    expect((await validate(sender.id, first.token)).json()).toMatchObject({
      code: 'validation',
      payload: { field: 'token' },
    });

    // The domain's SPF lost its verification meanwhile: the sender stays pending.
    await t.engine.sendingDomains.setStatuses(c.companyId, 'senders.test', { spfStatus: 'invalid' });
    const refused = await validate(sender.id, second.token);
    expect(refused.json()).toMatchObject({ code: 'spfSingle' });
    expect((await senders(c)).items[0]).toMatchObject({ validated: false });

    await t.engine.sendingDomains.setStatuses(c.companyId, 'senders.test', { spfStatus: 'valid' });
    expect((await validate(sender.id, second.token)).statusCode).toBe(200);
  });

  it('one validated sender is the default; removing it makes the oldest validated one the default', async () => {
    const d = await company('dora');
    const first = await validated(d, 'first@senders.test');
    const second = await validated(d, 'second@news.senders.test');
    const pending = await added(d, 'pending@senders.test');

    const notYet = await t.post(`/v1/senders/${pending.id}/default`, d.token);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'state' });

    const made = await t.post(`/v1/senders/${second.id}/default`, d.token);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ id: second.id, isDefault: true });
    const defaults = (await senders(d)).items.filter((item) => item.isDefault).map((item) => item.id);
    expect(defaults).toEqual([second.id]);

    const usage = await t.get(`/v1/senders/${second.id}/usage`, d.token);
    expect(usage.json()).toEqual({ data: { campaigns: 0, automations: 0, forms: 0 } });
    const removed = await t.call('DELETE', `/v1/senders/${second.id}`, d.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: {} });
    const left = (await senders(d)).items;
    expect(left.map((item) => [item.id, item.isDefault])).toEqual([
      [pending.id, false],
      [first.id, true],
    ]);
  });

  it('lists with search, status, sort and paging', async () => {
    const e = await company('erin');
    await validated(e, 'alpha@senders.test', 'Zed');
    await added(e, 'beta@senders.test', 'Yan');
    await added(e, 'gamma@senders.test', 'Xu');
    const emails = async (query: string) => (await senders(e, query)).items.map((item) => item.email);

    expect(await emails('')).toEqual(['gamma@senders.test', 'beta@senders.test', 'alpha@senders.test']);
    expect(await emails('?sort=name')).toEqual([
      'gamma@senders.test',
      'beta@senders.test',
      'alpha@senders.test',
    ]);
    expect(await emails('?sort=-email')).toEqual([
      'gamma@senders.test',
      'beta@senders.test',
      'alpha@senders.test',
    ]);
    expect(await emails('?sort=email&size=2&page=2')).toEqual(['gamma@senders.test']);
    expect((await senders(e, '?size=2')).total).toBe(3);
    expect(await emails('?status=validated')).toEqual(['alpha@senders.test']);
    expect(await emails('?status=pending&sort=email')).toEqual(['beta@senders.test', 'gamma@senders.test']);
    expect(await emails('?status=validated,pending')).toHaveLength(3);
    expect(await emails('?search=yan')).toEqual(['beta@senders.test']);
    expect(await emails('?search=GAMMA')).toEqual(['gamma@senders.test']);
    expect(await emails('?search=%25')).toEqual([]);

    const bad = await t.get('/v1/senders?status=archived', e.token);
    expect(bad.statusCode).toBe(400);
    expect((await t.get('/v1/senders?sort=password', e.token)).statusCode).toBe(400);
  });

  it('the plan limits the senders and their domains', async () => {
    const f = await company('fay');
    await setCompanyLimit(t.db, f.companyId, 'senderLimit', 1);
    // Two at once: the company lock lets only one in.
    const raced = await Promise.all([add(f, 'one@senders.test'), add(f, 'two@senders.test')]);
    expect(raced.map((response) => response.statusCode).toSorted()).toEqual([201, 409]);
    const second = await add(f, 'late@senders.test');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'quotaExceeded',
      message: 'Quota of senderLimit on sender is exceeded',
      payload: { feature: 'sender', subfeature: 'senderLimit' },
    });

    await setCompanyLimit(t.db, f.companyId, 'senderLimit', 5);
    await setCompanyLimit(t.db, f.companyId, 'senderDomainLimit', 1);
    await added(f, 'three@senders.test');
    const otherDomain = await add(f, 'four@mail.senders.test');
    expect(otherDomain.statusCode).toBe(409);
    expect(otherDomain.json()).toMatchObject({
      code: 'quotaExceeded',
      payload: { feature: 'sender', subfeature: 'senderDomainLimit' },
    });
    expect((await senders(f)).total).toBe(2);
  });

  it("another company's sender is not found; suggestions and domains are the company's own", async () => {
    const sender = await added(a, 'isolated@senders.test');
    expect((await senders(b)).items).toEqual([]);
    const refusals = [
      await t.call('DELETE', `/v1/senders/${sender.id}`, b.token),
      await t.post(`/v1/senders/${sender.id}/revalidate`, b.token),
      await t.post(`/v1/senders/${sender.id}/default`, b.token),
      await t.get(`/v1/senders/${sender.id}/usage`, b.token),
      await t.get(`/v1/senders/suggestion/${sender.id}`, b.token),
      await t.call('DELETE', '/v1/senders/not-a-number', b.token),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'entityNotFound', message: 'Sender not found' });
    }
    expect((await senders(a)).items.map((item) => item.id)).toContain(sender.id);

    const domains = await t.getData('/v1/senders/domain', a.token);
    expect(domains.items).toContainEqual({ domain: 'senders.test', verified: true, spfVerified: true });
    expect(domains.items).toContainEqual({ domain: 'unverified.test', verified: false, spfVerified: false });
    expect((await t.getData('/v1/senders/domain', b.token)).items).toEqual([
      { domain: 'senders.test', verified: true, spfVerified: true },
    ]);
  });

  it("suggests the company's usable domains for a sender whose domain no longer is", async () => {
    const g = await company('gina');
    await addVerifiedSendingDomain(t.db, g.companyId, 'nospf.test');
    await t.engine.sendingDomains.setStatuses(g.companyId, 'nospf.test', { spfStatus: 'valid' });
    const sender = await added(g, 'hello@nospf.test');
    const usable = await t.getData(`/v1/senders/suggestion/${sender.id}`, g.token);
    expect(usable).toEqual({ email: 'hello@nospf.test', usable: true, problem: null, addresses: [] });

    await t.engine.sendingDomains.setStatuses(g.companyId, 'nospf.test', { spfStatus: 'invalid' });
    const suggested = await t.getData(`/v1/senders/suggestion/${sender.id}`, g.token);
    expect(suggested).toEqual({
      email: 'hello@nospf.test',
      usable: false,
      problem: {
        code: 'spfSingle',
        message: 'The domain nospf.test has no SPF record: publish one that includes this platform',
      },
      addresses: ['hello@senders.test'],
    });
  });

  it('a member without senders.manage may read the senders but not change them; validate needs no session', async () => {
    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    const member = await joinMember(t.app, t.db, a);
    const refused = await add(member, 'member@senders.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'notAuthorized' });
    const [first] = (await senders(member)).items;
    expect(first).toBeDefined();
    for (const response of [
      await t.call('DELETE', `/v1/senders/${first?.id}`, member.token),
      await t.post(`/v1/senders/${first?.id}/default`, member.token),
      await t.post(`/v1/senders/${first?.id}/revalidate`, member.token),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/senders' })).statusCode).toBe(401);
  });

  // Last: it moves the clock past the sessions' lifetime.
  it('refuses a link past its 7 days', async () => {
    const sender = await added(a, 'late@senders.test');
    const { token } = await linkTo('late@senders.test');
    t.clock.advance(7 * dayMs + 1000);
    const expired = await validate(sender.id, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'validation',
      payload: { field: 'token', cause: 'The link has expired: ask for a new confirmation mail' },
    });
  });
});
