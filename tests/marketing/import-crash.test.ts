import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { crashOwner, createSendingAccount } from '../engine/crash-account.ts';
import { type CrashServer, startServer } from '../engine/crash-server.ts';
import { type CrashStorage, crashTargets } from '../engine/crash-storage.ts';
import { freePort } from '../support/ports.ts';

const rows = 30_000;
/**
 * The killed worker's claim on the import lapses 30 s after its last slice: the restarted server must
 * take the import up well before (its own start, a few seconds, included).
 */
const resumedWithinMs = 20_000;

interface ImportStatus {
  state: 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  added: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** A console session on a running server: JSON calls with its bearer token, answers unwrapped from `data`. */
async function consoleSession(origin: string) {
  const signedIn = await fetch(`${origin}/v1/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // After the restart the first session still holds: this one takes over.
    body: JSON.stringify({ ...crashOwner, logoutFromOthers: true }),
  });
  if (!signedIn.ok) throw new Error(`signin: ${signedIn.status} ${await signedIn.text()}`);
  const token: string = (await signedIn.json()).data.accessToken;
  const call = async (method: string, path: string, body?: object | FormData) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).data;
  };
  return call;
}

/**
 * Issue 24: "a server killed mid-import resumes where it stood with no duplicate and no lost row".
 * The real server process is SIGKILLed while it applies an import's slices, started again on the same
 * data, and must finish the import with every row once: counters, contacts and the label's count exact.
 * The import's claim names the killed worker process, so the restarted server takes it up as soon as
 * that process is known dead, long before the claim lapses: on PGlite at once (it owns the data, every
 * earlier process is dead), on PostgreSQL once its heartbeat has been silent for WORKER_DEAD_AFTER_SECONDS.
 */
describe.each(crashTargets)('SIGKILL mid-import on $name', (target) => {
  let storage: CrashStorage | undefined;
  const servers: CrashServer[] = [];

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.kill()));
    await storage?.dispose();
    storage = undefined;
  });

  it(`finishes a ${rows.toLocaleString('en')}-row import after a restart with every row once`, async () => {
    storage = await target.create();
    await createSendingAccount(storage);
    const settings = {
      port: await freePort(),
      smtpPort: await freePort(),
      storage: storage.env,
      env: { WORKER_DEAD_AFTER_SECONDS: '3' },
    };
    const launch = async () => {
      const server = await startServer(settings);
      servers.push(server);
      return server;
    };

    const first = await launch();
    const call = await consoleSession(first.origin);
    const label = await call('POST', '/v1/contacts/label', { name: 'Crash import' });
    const csv = [
      'email,firstname',
      ...Array.from({ length: rows }, (_, n) => `row${n}@crash.example.test,R${n}`),
    ];
    const upload = new FormData();
    upload.append('file', new Blob([csv.join('\r\n')], { type: 'text/csv' }), 'crash.csv');
    const { importId, suggestedMapping } = await call('POST', '/v1/contacts/import/prepare', upload);
    await call('POST', '/v1/contacts/import/start', {
      importId,
      mapping: suggestedMapping,
      mode: 'upsert',
      labels: [label.id],
    });

    let atKill: ImportStatus | undefined;
    const deadline = Date.now() + 60_000;
    while (!atKill && Date.now() < deadline) {
      const status: ImportStatus = await call('GET', `/v1/contacts/import/status/${importId}`);
      if (status.state !== 'running')
        throw new Error(`the import ended before the kill: ${JSON.stringify(status)}`);
      if (status.processed > 0) atKill = status;
      else await sleep(20);
    }
    await first.kill();
    expect(atKill?.processed, 'the import was applying rows when the server was killed').toBeGreaterThan(0);
    expect(atKill?.processed).toBeLessThan(rows);

    const killedAt = Date.now();
    const second = await launch();
    const listeningAfterMs = Date.now() - killedAt;
    const again = await consoleSession(second.origin);
    let status: ImportStatus = await again('GET', `/v1/contacts/import/status/${importId}`);
    // The killed process is found dead (at once on PGlite, after 3 s of silence on PostgreSQL): the
    // restarted server takes the import up then, not when the killed one's claim lapses. Its first
    // reading is where the killed process left the import (it may have applied rows after `atKill`).
    const leftAt = status.processed;
    // Done already at that first reading (a fast restart): it resumed before it.
    let resumedAfterMs = status.state === 'done' ? Date.now() - killedAt : undefined;
    const resumeDeadline = Date.now() + 120_000;
    while (status.state === 'running' && Date.now() < resumeDeadline) {
      await sleep(250);
      status = await again('GET', `/v1/contacts/import/status/${importId}`);
      if (resumedAfterMs === undefined && status.processed > leftAt) resumedAfterMs = Date.now() - killedAt;
    }
    const finishedAfterMs = Date.now() - killedAt;
    console.info(
      `[import crash ${target.name}] ${JSON.stringify({ listeningAfterMs, resumedAfterMs, finishedAfterMs })}`,
    );
    expect(resumedAfterMs, 'the restarted server resumed the import before its claim lapsed').toBeLessThan(
      resumedWithinMs,
    );
    expect(status, second.output()).toMatchObject({
      state: 'done',
      total: rows,
      processed: rows,
      added: rows,
      updated: 0,
      skipped: 0,
      failed: 0,
    });
    const all = await again('GET', '/v1/contacts?size=1');
    expect(all.total).toBe(rows);
    const inLabel = await again('GET', `/v1/contacts?size=1&label=${label.id}`);
    expect(inLabel.total).toBe(rows);
    const last = await again('GET', `/v1/contacts/find?email=row${rows - 1}@crash.example.test`);
    expect(last.firstname).toBe(`R${rows - 1}`);
  }, 240_000);
});
