import { activityExportsPending } from '@app/contract/schemas';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNotificationStore } from '../../accounts/notifications/notification-store.ts';
import { auth } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { testEvent } from '../../testing/events.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import type { LeaseHolder } from '../worker-presence/lease-holder.ts';
import { createExportRunner } from './export-runner.ts';
import { exportAttempts, exportClaimMs } from './export-store.ts';
import { exportColumns } from './export-workbook.ts';

const minute = 60_000;

async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Events');
  if (!sheet) throw new Error('no Events sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(
      (row.values as unknown[])
        .slice(1)
        .map((value) => (value === null || value === undefined ? '' : String(value))),
    );
  });
  return rows;
}

describe.each(databases)('activity exports on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;

  const runner = (rowLimit?: number, holder?: LeaseHolder) =>
    createExportRunner({
      db: t.db,
      exports: t.engine.activityExports,
      events: t.engine.events,
      notify: createNotificationStore(t.db).notify,
      clock: t.clock,
      ...(rowLimit === undefined ? {} : { rowLimit }),
      holder,
    });
  const insert = (events: NewMessageEvent[]) => t.db.transaction((tx) => t.engine.events.insert(tx, events));
  const start = (account: EngineAccount, filters: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/activity/exports',
      headers: auth(account.token),
      payload: filters,
    });

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'export-a');
    b = await engineAccount(t.app, t.db, 'export-b');
    const at = (ago: number) => new Date(t.clock.now().getTime() - ago * minute);
    await insert([
      ...Array.from({ length: 12 }, (_, index) =>
        testEvent(a.companyId, at(index + 1), {
          subject: `Invoice ${index}`,
          rcptTo: `buyer${index}@mail.example`,
          campaignId: 'invoices',
        }),
      ),
      testEvent(a.companyId, at(30), {
        type: 'bounce',
        subject: 'Welcome',
        rcptTo: 'gone@bounce.example',
        bounceClass: 10,
        reason: '550 5.1.1 user unknown',
      }),
      testEvent(b.companyId, at(2), { subject: 'Invoice of b' }),
    ]);
  });

  it('answers 202, writes the filtered events to a workbook and notifies the user with the download', async () => {
    const started = await start(a, { subjects: 'Invoice*', events: 'delivery' });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json().data;
    expect(job).toMatchObject({ status: 'queued', downloadPath: null });

    expect(await runner().runDue()).toBe(1);
    expect(await runner().runDue()).toBe(0);

    const done = (
      await t.app.inject({ method: 'GET', url: `/v1/activity/exports/${job.id}`, headers: auth(a.token) })
    ).json().data;
    expect(done).toMatchObject({ status: 'done', rowCount: 12, truncated: false });

    const notifications = await t.app.inject({
      method: 'GET',
      url: '/v1/notifications?unread=true',
      headers: auth(a.token),
    });
    const [notice] = notifications.json().data;
    expect(notice.message).toBe('Your activity export is ready: 12 events.');
    expect(notice.link).toBe(done.downloadPath);

    const file = await t.app.inject({
      method: 'GET',
      url: `/v1${done.downloadPath}`,
      headers: auth(a.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await readWorkbook(file.rawPayload);
    expect(rows[0]).toEqual(exportColumns.map((column) => column.header));
    expect(rows).toHaveLength(13);
    // Newest first, as the Activity list shows them.
    expect(rows.slice(1).map((row) => row[7])).toEqual(
      Array.from({ length: 12 }, (_, index) => `Invoice ${index}`),
    );
    expect(rows[1]?.slice(1, 3)).toEqual(['delivery', 'buyer0@mail.example']);

    const read = await t.app.inject({
      method: 'POST',
      url: `/v1/notifications/${notice.id}/read`,
      headers: auth(a.token),
    });
    expect(read.statusCode).toBe(200);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/v1/notifications?unread=true',
      headers: auth(a.token),
    });
    expect(unread.json().data).toEqual([]);
  });

  it('writes the bounce columns and stops at the row limit, saying so', async () => {
    const bounce = (await start(a, { bounce_classes: '10' })).json().data;
    await runner().runDue();
    const file = await t.app.inject({
      method: 'GET',
      url: `/v1/activity/exports/${bounce.id}/download`,
      headers: auth(a.token),
    });
    const rows = await readWorkbook(file.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 3)).toEqual(['bounce', 'gone@bounce.example']);
    expect(rows[1]?.[10]).toBe('10');
    expect(rows[1]?.[11]).toBe('550 5.1.1 user unknown');

    const limited = (await start(a, { campaigns: 'x', subjects: 'Invoice*' })).json().data;
    await runner(5).runDue();
    const done = (
      await t.app.inject({ method: 'GET', url: `/v1/activity/exports/${limited.id}`, headers: auth(a.token) })
    ).json().data;
    expect(done).toMatchObject({ rowCount: 5, truncated: true });
  });

  it('keeps exports to their company: another company can neither see nor download one', async () => {
    const job = (await start(a, { subjects: 'Invoice*' })).json().data;
    await runner().runDue();
    for (const url of [`/v1/activity/exports/${job.id}`, `/v1/activity/exports/${job.id}/download`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: auth(b.token) });
      expect(response.statusCode, url).toBe(404);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/v1/activity/exports/${job.id}/download` });
    expect(anonymous.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/v1/activity/exports', headers: auth(b.token) });
    expect(list.json().data).toEqual([]);
    const notices = await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: auth(b.token) });
    expect(notices.json().data).toEqual([]);
  });

  it(`refuses more than ${activityExportsPending} exports waiting at once, and takes one again once one is written`, async () => {
    const c = await engineAccount(t.app, t.db, 'export-c');
    for (let index = 0; index < activityExportsPending; index += 1) {
      expect((await start(c, { subjects: 'Invoice*' })).statusCode).toBe(202);
    }
    const over = await start(c, { subjects: 'Invoice*' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'quotaExceeded',
      payload: { feature: 'Activity', subfeature: `${activityExportsPending} exports at once` },
    });
    // Another company is not held back by it.
    expect((await start(b, { subjects: 'Invoice*' })).statusCode).toBe(202);
    while ((await runner().runDue()) > 0) {
      // until every queued export is written
    }
    expect((await start(c, { subjects: 'Invoice*' })).statusCode).toBe(202);
    while ((await runner().runDue()) > 0) {
      // leaves nothing queued for the next tests
    }
  });

  it('gives up an export whose worker died on each attempt, tells its user, and lets a stale worker record nothing', async () => {
    const d = await engineAccount(t.app, t.db, 'export-d');
    const job = (await start(d, { subjects: 'Invoice*' })).json().data;
    const exports = t.engine.activityExports;
    const first = await exports.claim(t.clock.now(), 'worker', []);
    expect(first?.id).toBe(job.id);
    for (let attempt = 2; attempt <= exportAttempts; attempt += 1) {
      t.clock.advance(exportClaimMs + 1);
      expect((await exports.claim(t.clock.now(), 'worker', []))?.id).toBe(job.id);
    }
    // The first worker wakes up late: its claim is no longer the export's.
    if (!first) throw new Error('not claimed');
    const file = { file: Buffer.from('x'), rowCount: 1, truncated: false };
    expect(await exports.finish(t.db, first, file, t.clock.now())).toBe(false);
    expect(await exports.extendClaim(first, t.clock.now())).toBe(false);
    t.clock.advance(exportClaimMs + 1);
    expect(await runner().runDue()).toBe(0);
    const shown = (
      await t.app.inject({ method: 'GET', url: `/v1/activity/exports/${job.id}`, headers: auth(d.token) })
    ).json().data;
    expect(shown).toMatchObject({ status: 'failed', downloadPath: null });
    const notices = await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: auth(d.token) });
    expect(notices.json().data.map((notice: { message: string }) => notice.message)).toEqual([
      'Your activity export failed. Start it again from Activity.',
    ]);
  });

  it('takes an export up again at once when its worker process is found dead, not when its claim runs out', async () => {
    const e = await engineAccount(t.app, t.db, 'export-e');
    const job = (await start(e, { subjects: 'Invoice*' })).json().data;
    expect((await t.engine.activityExports.claim(t.clock.now(), 'dead-writer', []))?.id).toBe(job.id);
    expect(await runner().runDue()).toBe(0);
    const rescuer = { id: () => 'rescuer', deadHolders: () => ['dead-writer'], alive: () => true };
    expect(await runner(undefined, rescuer).runDue()).toBe(1);
    const shown = (
      await t.app.inject({ method: 'GET', url: `/v1/activity/exports/${job.id}`, headers: auth(e.token) })
    ).json().data;
    expect(shown).toMatchObject({ status: 'done' });
  });

  it('refuses a bad filter with the filter named', async () => {
    const response = await start(a, { bounce_classes: 'ten' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', payload: { field: 'bounce_classes' } });
  });

  it('filters by recipient type', async () => {
    await insert([
      testEvent(a.companyId, new Date(t.clock.now().getTime() - minute), {
        type: 'injection',
        campaignId: 'copies',
        fields: { rcpt_type: 'cc' },
      }),
      testEvent(a.companyId, new Date(t.clock.now().getTime() - minute), {
        type: 'injection',
        campaignId: 'copies',
        fields: { rcpt_type: 'to' },
      }),
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/events/message?campaigns=copies&recipient_types=cc',
      headers: { authorization: a.key },
    });
    expect(response.json().results.map((event: { rcpt_type: string }) => event.rcpt_type)).toEqual(['cc']);
  });
});
