import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inertCell } from '@app/contract/rules/inert-cell';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNotificationStore } from '../../../accounts/notifications/notification-store.ts';
import type { ClaimHolder } from '../../../db/token-lease.ts';
import { marketingEngineOf } from '../../../engine/interfaces.ts';
import { signUp, type TestAccount } from '../../../testing/accounts.ts';
import { useTestApp } from '../../../testing/app.ts';
import { databases } from '../../../testing/databases.ts';
import { createReportService } from '../../campaigns/reports/report-service.ts';
import { companyDoorOf } from '../../company-door.ts';
import { createContactService } from '../contact-service.ts';
import { createSegmentService } from '../segments/segment-service.ts';
import { createContactExportRunner } from './export-runner.ts';
import { contactExportStore } from './export-store.ts';

describe.each(databases)('contact exports on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;
  let vip: string;

  const runner = (holder?: ClaimHolder) => {
    const segments = createSegmentService({
      db: t.db,
      clock: t.clock,
      company: companyDoorOf(t.accounts.companies),
    });
    return createContactExportRunner({
      db: t.db,
      clock: t.clock,
      contacts: createContactService({
        db: t.db,
        clock: t.clock,
        company: companyDoorOf(t.accounts.companies),
        engine: marketingEngineOf(t.engine),
        segmentCondition: segments.segmentCondition,
        reportCondition: createReportService({ db: t.db }).reportCondition,
      }),
      notify: createNotificationStore(t.db).notify,
      dir: mkdtempSync(join(tmpdir(), 'contact-exports-')),
      ...(holder ? { holder } : {}),
    });
  };
  const runAll = async () => {
    const once = runner();
    while ((await once.runDue()) > 0) {
      // until no export is due
    }
  };
  /** Asks for the export, runs the worker, follows the notification's link: the file. */
  const exported = async (account: TestAccount, body: object) => {
    const asked = await t.post('/v1/contacts/export', account.token, body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().data.state).toBe('queued');
    await runAll();
    const notes = await t.getData('/v1/notifications?unread=true', account.token);
    const note = notes.find((item: { link: string }) => item.link.includes(asked.json().data.id));
    expect(note.message).toMatch(/^Your contact export is ready/);
    const file = await t.call('GET', `/v1${note.link}`, account.token);
    expect(file.statusCode).toBe(200);
    return file;
  };
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'exports-a', 'Export A');
    b = await signUp(t.app, t.db, 'exports-b', 'Export B');
    await t.post('/v1/contacts/field', a.token, { name: 'City', tag: 'city', type: 'text' });
    vip = (await t.post('/v1/contacts/label', a.token, { name: 'VIP' })).json().data.id;
    await t.post('/v1/contacts', a.token, {
      email: 'zoe@example.test',
      firstname: 'Zoë',
      fields: { city: 'Lyon, France' },
      labels: [vip],
    });
    await t.post('/v1/contacts', a.token, {
      email: 'max@example.test',
      lastname: '=HYPERLINK("x")',
      phone: '+33 6 12',
    });
    await t.post('/v1/contacts', b.token, { email: 'other@example.test' });
  });

  it('writes the whole book as CSV, headed by the tags, and the download comes from the notification', async () => {
    const file = await exported(a, { format: 'csv' });
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/contacts-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...rows] = csvLines(file.body);
    expect(header).toBe(
      'email,firstname,lastname,phone,city,status,source,labels,created_at,updated_at,last_open_at,last_click_at',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^zoe@example\.test,Zoë,,,"Lyon, France",subscribed,console,VIP,/);
    // A formula is written inert; a phone number stays as it is.
    expect(rows[1]).toContain(`max@example.test,,"'=HYPERLINK(""x"")",+33 6 12,`);
  });

  it("exports the recipients of one report type of a campaign (§9), of the company's own campaigns only", async () => {
    const made = await t.post('/v1/email-marketing', a.token, { name: 'Reported' });
    expect(made.statusCode, made.body).toBe(201);
    const campaign = made.json().data.id;
    // As the send records them, and the report follower stamps them from the engine's events.
    const recorded = await t.db.query(
      `INSERT INTO campaign_recipients (campaign_id, contact_id, batch, delivered_at, opened_at)
       SELECT $1, c.id, 0, now(), CASE WHEN c.email = 'zoe@example.test' THEN now() END
       FROM contacts c JOIN campaigns k ON k.id = $1 AND k.company_id = c.company_id RETURNING contact_id`,
      [campaign],
    );
    expect(recorded).toHaveLength(2);
    const opened = csvLines((await exported(a, { campaign, report: 'opened' })).body);
    expect(opened.slice(1).map((row) => row.split(',')[0])).toEqual(['zoe@example.test']);
    const notOpened = csvLines((await exported(a, { campaign, report: 'notopen' })).body);
    expect(notOpened.slice(1).map((row) => row.split(',')[0])).toEqual(['max@example.test']);
    // Another company's campaign is not found; a report filter names both the campaign and the type.
    const snooped = await t.post('/v1/contacts/export', b.token, { campaign, report: 'opened' });
    expect(snooped.statusCode).toBe(404);
    expect(snooped.json().message).toBe('Campaign not found');
    const half = await t.post('/v1/contacts/export', a.token, { campaign });
    expect(half.json().message).toBe('The report is Invalid');
    expect((await t.post('/v1/contacts/export', a.token, { campaign, report: 'everyone' })).statusCode).toBe(
      400,
    );
  });

  it('exports a label as XLSX', async () => {
    const file = await exported(a, { format: 'xlsx', label: vip });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Contacts');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBe('zoe@example.test');
    expect(sheet?.getRow(2).getCell(5).value).toBe('Lyon, France');
  });

  it('refuses a label or segment of another company, and another company cannot read the export', async () => {
    expect((await t.post('/v1/contacts/export', b.token, { label: vip })).statusCode).toBe(404);
    const asked = (await t.post('/v1/contacts/export', a.token, { status: ['subscribed'] })).json().data;
    await runAll();
    expect((await t.call('GET', `/v1/contacts/export/${asked.id}`, b.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/contacts/export/${asked.id}/download`, b.token)).statusCode).toBe(404);
    expect((await t.call('GET', `/v1/contacts/export/${asked.id}`, a.token)).json().data.rowCount).toBe(2);
    expect((await t.post('/v1/contacts/export', a.token, { format: 'pdf' })).statusCode).toBe(400);
    // A field without a value would export everyone: refused.
    expect((await t.post('/v1/contacts/export', a.token, { field: 'city' })).statusCode).toBe(400);
  });

  it('holds at most two waiting exports a company', async () => {
    expect((await t.post('/v1/contacts/export', a.token, {})).statusCode).toBe(202);
    expect((await t.post('/v1/contacts/export', a.token, {})).statusCode).toBe(202);
    const third = await t.post('/v1/contacts/export', a.token, {});
    expect(third.statusCode).toBe(409);
    await runAll();
    expect((await t.post('/v1/contacts/export', a.token, {})).statusCode).toBe(202);
    await runAll();
  });

  it('writes an export held by a worker process found dead at once, not one held by a live process', async () => {
    const asked = (await t.post('/v1/contacts/export', a.token, { format: 'csv' })).json().data;
    // The process 'first' claims it and dies before writing it: its claim names it.
    const first = await contactExportStore.claim(t.db, t.clock.now(), { holder: 'first', deadHolders: [] });
    if (!first) throw new Error('the export was not claimed');
    expect(first.id).toBe(asked.id);
    const holder = (id: string, dead: string[] = []): ClaimHolder => ({
      id: () => id,
      deadHolders: () => dead,
    });
    // While 'first' lives, its claim holds until it lapses (no time passes here)...
    expect(await runner(holder('second', ['gone'])).runDue()).toBe(0);
    expect(await runner().runDue()).toBe(0);
    // ...once it is found dead, another process writes the export at once.
    expect(await runner(holder('second', ['first'])).runDue()).toBe(1);
    const done = await t.db.one<{ state: string; row_count: number; claimed_by: string | null }>(
      'SELECT state, row_count, claimed_by FROM contact_exports WHERE id = $1',
      [asked.id],
    );
    expect(done).toEqual({ state: 'done', row_count: 2, claimed_by: null });
    const notes = await t.getData('/v1/notifications?unread=true', a.token);
    expect(notes.filter((item: { link: string }) => item.link.includes(asked.id))).toHaveLength(1);
    // The dead process's claim records nothing: the outcome is the new holder's.
    const late = { filePath: '/nowhere.csv', rowCount: 0, truncated: false };
    expect(await contactExportStore.finish(t.db, first, late, t.clock.now())).toBe(false);
  });

  it('reads a large book in keyset pages that miss no contact and repeat none', async () => {
    const c = await signUp(t.app, t.db, 'exports-c', 'Export C');
    for (let index = 1; index <= 23; index += 1)
      await t.post('/v1/contacts', c.token, { email: `p${index}@example.test` });
    const companyC = (
      await t.db.one<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [c.email])
    ).company_id;
    const segments = createSegmentService({
      db: t.db,
      clock: t.clock,
      company: companyDoorOf(t.accounts.companies),
    });
    const service = createContactService({
      db: t.db,
      clock: t.clock,
      company: companyDoorOf(t.accounts.companies),
      engine: marketingEngineOf(t.engine),
      segmentCondition: segments.segmentCondition,
      reportCondition: createReportService({ db: t.db }).reportCondition,
    });
    const seen: string[] = [];
    for await (const page of service.inPages(companyC, {}, 4))
      seen.push(...page.map((contact) => contact.email ?? ''));
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  it('makes a formula inert and leaves numbers and phones alone', () => {
    expect(inertCell('=1+1')).toBe("'=1+1");
    expect(inertCell('@cmd')).toBe("'@cmd");
    expect(inertCell('-x')).toBe("'-x");
    expect(inertCell('+33 1 23')).toBe('+33 1 23');
    expect(inertCell('-5')).toBe('-5');
    expect(inertCell(7)).toBe(7);
  });
});
