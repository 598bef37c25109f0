import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../accounts/auth/passwords.ts';
import { planGroupsOf } from '../accounts/plans/plan-catalogue.ts';
import { signin } from '../testing/accounts.ts';
import { testClock, useTestApp } from '../testing/app.ts';
import { databasesWithWorker } from '../testing/databases.ts';
import { useTestDnsServer } from '../testing/test-dns.ts';
import { runAdminCommand, usage } from './admin.ts';
import type { AdminContext } from './commands.ts';
import { operatorEngine } from './operator-engine.ts';

describe.each(databasesWithWorker)('admin CLI on $name', (database) => {
  const dns = useTestDnsServer();
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address] } }));
  let ctx: AdminContext;
  let operator: ReturnType<typeof operatorEngine>;

  beforeAll(async () => {
    operator = operatorEngine(t.config, t.engine, t.clock);
    ctx = {
      ...t.accounts,
      db: t.db,
      passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
      clock: testClock(),
      ...operator,
    };
  });

  const run = (...argv: string[]) => runAdminCommand(ctx, argv);

  it('creates a company whose owner can sign in at once', async () => {
    const lines = await run(
      'create-company',
      '--name',
      'Initech',
      '--email',
      'Boss@Initech.test',
      '--password',
      'Tps12345',
    );
    expect(lines[0]).toMatch(/^company .+ created with owner boss@initech.test/);
    const response = await signin(t.app, 'boss@initech.test', 'Tps12345');
    expect(response.statusCode).toBe(200);
  });

  it('validates options with one line per problem', async () => {
    await expect(
      run('create-company', '--name', 'X', '--email', 'nope', '--password', 'short'),
    ).rejects.toThrow(
      /--email: Enter a valid email address\n--password: Password must be at least 8 characters/,
    );
    await expect(
      run('create-company', '--name', 'Y', '--email', 'boss@initech.test', '--password', 'Tps12345'),
    ).rejects.toThrow('Email already registered');
    await expect(run('frobnicate')).rejects.toThrow(/unknown command "frobnicate"/);
  });

  it('creates an API key, printed once and stored only as a hash', async () => {
    await run('create-company', '--name', 'Keys', '--email', 'keys@example.test', '--password', 'Keys12345');
    const lines = await run(
      'create-api-key',
      '--email',
      'keys@example.test',
      '--label',
      'CI',
      '--grants',
      'smtp/inject,transmissions/modify',
    );
    const key = lines[2] ?? '';
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    const row = await t.db.one<{ prefix: string; hash: string; grants: string[]; label: string }>(
      'SELECT prefix, hash, grants, label FROM api_keys WHERE hash = $1',
      [createHash('sha256').update(key).digest('hex')],
    );
    expect(row).toEqual({
      prefix: key.slice(0, 4),
      hash: createHash('sha256').update(key).digest('hex'),
      grants: ['smtp/inject', 'transmissions/modify'],
      label: 'CI',
    });
    await expect(
      run('create-api-key', '--email', 'keys@example.test', '--label', 'X', '--grants', 'root'),
    ).rejects.toThrow(/--grants\.0: Grants are/);
    await expect(run('create-api-key', '--email', 'ghost@example.test', '--label', 'X')).rejects.toThrow(
      /no user/,
    );
  });

  it('resets a password and lifts the sign-in slowdown', async () => {
    await run(
      'create-company',
      '--name',
      'Reset',
      '--email',
      'reset@example.test',
      '--password',
      'Reset12345',
    );
    for (let i = 0; i < 5; i += 1) await signin(t.app, 'reset@example.test', 'Wrong12345');
    // Someone guessing second-factor codes has used up the owner's tries, as a reset link lifts.
    const userId = (await t.accounts.users.byEmail('reset@example.test'))?.id ?? '';
    const now = new Date();
    for (let i = 0; i < 5; i += 1) await t.accounts.users.countCodeAttempt(userId, now, new Date(0), 5);
    expect(await t.accounts.users.countCodeAttempt(userId, now, new Date(0), 5)).toBeUndefined();

    await run('reset-password', '--email', 'reset@example.test', '--password', 'Fresh12345');
    expect((await signin(t.app, 'reset@example.test', 'Fresh12345')).statusCode).toBe(200);
    expect(await t.accounts.users.countCodeAttempt(userId, now, new Date(0), 5)).toBe(1);
  });

  it('applies a plan and an environment at once, though the engine has them cached', async () => {
    const [created = ''] = await run(
      'create-company',
      '--name',
      'Cached',
      '--email',
      'cached@example.test',
      '--password',
      'Cached12345',
    );
    const companyId = created.split(' ')[1] ?? '';
    const overFree = [{ feature: 'email', amount: 3001 }];
    expect(await t.engine.usage.fits(companyId, overFree)).toMatchObject({ ok: false });
    expect(await t.engine.send.environmentOf(companyId)).toBe('sandbox');

    await run('set-plan', '--email', 'cached@example.test', '--plan', 'UNLIMITED');
    await run('set-environment', '--email', 'cached@example.test', '--environment', 'production');

    // The test clock stands still: without invalidation both answers would come from the caches
    // forever. PostgreSQL delivers the notification on another connection, a moment after the commit.
    await expect
      .poll(() => t.engine.usage.fits(companyId, overFree), { timeout: 1000 })
      .toEqual({ ok: true });
    await expect.poll(() => t.engine.send.environmentOf(companyId), { timeout: 1000 }).toBe('production');
  });

  it('restricts a company to a console profile and lifts it again', async () => {
    await run(
      'create-company',
      '--name',
      'Profiled',
      '--email',
      'profiled@example.test',
      '--password',
      'Prof12345',
    );
    const token = (await signin(t.app, 'profiled@example.test', 'Prof12345')).json().data
      .accessToken as string;
    const profile = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/company/detail',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.consoleProfile;
    expect(await profile()).toBeNull();
    expect(await run('set-console-profile', '--email', 'profiled@example.test', '--profile', 'C')).toEqual([
      'company of profiled@example.test now has console profile C',
    ]);
    expect(await profile()).toBe('C');
    await expect(
      run('set-console-profile', '--email', 'profiled@example.test', '--profile', 'G'),
    ).rejects.toThrow('--profile: must be one of A, B, C, D, E, F or none');
    await run('set-console-profile', '--email', 'profiled@example.test', '--profile', 'none');
    expect(await profile()).toBeNull();
  });

  it('adds a sending domain with the records to publish, verified at once only when the operator says so', async () => {
    const [created = ''] = await run(
      'create-company',
      '--name',
      'Domains',
      '--email',
      'domains@example.test',
      '--password',
      'Domains12345',
    );
    const companyId = created.split(' ')[1] ?? '';
    const lines = await run(
      'add-sending-domain',
      '--email',
      'domains@example.test',
      '--domain',
      'News.Domains.test',
    );
    expect(lines[0]).toBe('sending domain news.domains.test added; publish:');
    expect(lines.join('\n')).toMatch(
      /\._domainkey\.news\.domains\.test TXT "v=DKIM1; k=rsa; h=sha256; p=MII/,
    );
    expect(lines.at(-1)).toContain('verify-sending-domain');
    expect(await t.engine.send.sendingDomainVerified(companyId, 0, 'news.domains.test')).toBe(false);

    await run(
      'add-sending-domain',
      '--email',
      'domains@example.test',
      '--domain',
      'vouched.test',
      '--verified',
    );
    await expect
      .poll(() => t.engine.send.sendingDomainVerified(companyId, 0, 'vouched.test'), { timeout: 1000 })
      .toBe(true);
    await expect(
      run('add-sending-domain', '--email', 'domains@example.test', '--domain', 'not a domain'),
    ).rejects.toThrow('--domain: must be a domain name');
  });

  it("verifies a domain's records and each of its other DKIM keys, one line each", async () => {
    await run(
      'create-company',
      '--name',
      'Rotating',
      '--email',
      'rotate@example.test',
      '--password',
      'Rotate12345',
    );
    await run('add-sending-domain', '--email', 'rotate@example.test', '--domain', 'rotate.example.test');
    const viewer = {
      companyId: (await t.accounts.users.companyOf('rotate@example.test')) ?? '',
      subaccountId: 0,
      isMaster: true,
    };
    const key = await operator.dkimKeys.create(viewer, 'rotate.example.test', {
      id: 'next',
      dkim_key_length: 1024,
    });
    dns.set(`${key.selector}._domainkey.rotate.example.test`, {
      TXT: [`v=DKIM1; k=rsa; h=sha256; p=${key.publicKey}`],
    });
    const lines = await run(
      'verify-sending-domain',
      '--email',
      'rotate@example.test',
      '--domain',
      'rotate.example.test',
    );
    expect(lines[0]).toMatch(/^dkim: invalid: DNS record not found/);
    expect(lines.at(-1)).toBe(`dkim key next: valid (${key.selector}._domainkey.rotate.example.test)`);
  });

  it("sets one company's limit of the plan catalogue, refuses an unknown one, and gives the plan's back", async () => {
    const [created = ''] = await run(
      'create-company',
      '--name',
      'Limits',
      '--email',
      'limits@example.test',
      '--password',
      'Limits12345',
    );
    const companyId = created.split(' ')[1] ?? '';
    const contacts = async () =>
      (await planGroupsOf(t.db, companyId))
        .find((group) => group.name === 'contacts')
        ?.subFeatures.find((sub) => sub.name === 'contactLimit');
    expect(await contacts()).toMatchObject({ limit: 500, enable: true });
    expect(
      await run('set-limit', '--email', 'limits@example.test', '--limit', 'contactLimit', '--value', '20000'),
    ).toEqual(['company of limits@example.test now has contactLimit: 20000']);
    expect(await contacts()).toMatchObject({ limit: 20_000, enable: true });
    await run(
      'set-limit',
      '--email',
      'limits@example.test',
      '--limit',
      'contactLimit',
      '--value',
      'unlimited',
    );
    expect(await contacts()).toMatchObject({ limit: -1, enable: true });
    await run('set-limit', '--email', 'limits@example.test', '--limit', 'contactLimit', '--value', 'plan');
    expect(await contacts()).toMatchObject({ limit: 500 });
    await expect(
      run('set-limit', '--email', 'limits@example.test', '--limit', 'emailSentLimit', '--value', '5'),
    ).rejects.toThrow(/--limit: the plan catalogue's limits are .*contactLimit.*set-plan/);
    await expect(
      run('set-limit', '--email', 'limits@example.test', '--limit', 'contactLimit', '--value', 'lots'),
    ).rejects.toThrow(/--value/);
  });

  it("turns a company's §6 toggles on and off, and its detail lists those on", async () => {
    await run(
      'create-company',
      '--name',
      'Toggles',
      '--email',
      'toggles@example.test',
      '--password',
      'Toggles12345',
    );
    const companyId = (
      await t.db.one<{ company_id: string }>(
        "SELECT company_id FROM users WHERE email = 'toggles@example.test'",
      )
    ).company_id;
    const toggles = async () => (await t.accounts.companies.detail(companyId)).toggles;
    expect(await toggles()).toEqual([]);
    expect(
      await run('set-toggle', '--email', 'toggles@example.test', '--toggle', 'htmlDownload', '--value', 'on'),
    ).toEqual(['company of toggles@example.test now has htmlDownload on']);
    await run('set-toggle', '--email', 'toggles@example.test', '--toggle', 'htmlDownload', '--value', 'on');
    await run('set-toggle', '--email', 'toggles@example.test', '--toggle', 'chatDisabled', '--value', 'on');
    expect(await toggles()).toEqual(['htmlDownload', 'chatDisabled']);
    await run('set-toggle', '--email', 'toggles@example.test', '--toggle', 'htmlDownload', '--value', 'off');
    expect(await toggles()).toEqual(['chatDisabled']);
    await expect(
      run('set-toggle', '--email', 'toggles@example.test', '--toggle', 'everything', '--value', 'on'),
    ).rejects.toThrow(/--toggle: must be one of largeContactDelete/);
  });

  it('prints help', async () => {
    expect(await run('--help')).toEqual([usage]);
    expect(await run()).toEqual([usage]);
  });
});
