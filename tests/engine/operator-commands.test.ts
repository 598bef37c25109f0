import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../server/src/testing/dns-server.ts';
import { verifySendingDomain } from './sending-domain.ts';
import { type ServerProcess, serverProcess } from './server-process.ts';

const email = 'owner@operator.example.test';
const from = 'app@operator.example.test';
const accepted = (count: number) => ({
  status: 200,
  body: { results: { total_accepted_recipients: count, total_rejected_recipients: 0 } },
});
/** Ids and keys differ from run to run; the rest of a command's output must not. */
const withoutIds = (output: string[]) =>
  output.map((line) => line.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-f]{40}/g, '<id>'));

/**
 * The operator CLI while the server runs on the same DATA_DIR (embedded PGlite): each command runs
 * inside the server and applies at once; the data survives restarts, a second server is refused and
 * a SIGKILLed server takes its own data back.
 */
describe('operator commands against a running server', () => {
  let server: ServerProcess;
  let dns: TestDnsServer;
  const lines: Record<string, string[]> = {};

  beforeAll(async () => {
    dns = await startTestDnsServer();
    server = await serverProcess({ DNS_SERVERS: dns.address });
    await server.start();
  });
  afterAll(async () => {
    await server?.dispose();
    await dns?.close();
  });

  const signin = (password: string) =>
    fetch(`${server.origin}/v1/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The owner signs in again and again: end the earlier session each time (else 409 signInConfirm).
      body: JSON.stringify({ email, password, logoutFromOthers: true }),
    });

  const send = async (key: string, recipients: number) => {
    const response = await fetch(`${server.origin}/api/v1/transmissions`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({
        recipients: Array.from({ length: recipients }, (_, i) => ({ address: `r${i}@example.test` })),
        content: { from, subject: 'Hello', text: 'Hello' },
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('creates, changes and keeps everything through the server, and refuses a second server', async () => {
    lines.company = await server.admin(
      'create-company',
      '--name',
      'Operator',
      '--email',
      email,
      '--password',
      'First-pass1',
    );
    expect(lines.company[0]).toMatch(/^company \S+ created with owner owner@operator\.example\.test/);
    expect((await signin('First-pass1')).status).toBe(200);

    lines.key = await server.admin('create-api-key', '--email', email, '--label', 'CI');
    const key = lines.key[2] ?? '';
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    // The key works at once; the company is still in the sandbox, where this recipient is not authorized.
    expect(await send(key, 1)).toMatchObject({
      status: 200,
      body: { results: { total_accepted_recipients: 0, rcpt_to_errors: [{ code: '1902' }] } },
    });

    // Production mail goes only From a verified sending domain.
    await verifySendingDomain(server.origin, key, 'operator.example.test', dns);
    // The environment and the plan are read (and cached) by every send: each change applies to the next one.
    lines.environment = await server.admin(
      'set-environment',
      '--email',
      email,
      '--environment',
      'production',
    );
    expect(lines.environment).toEqual([`company of ${email} now sends in production`]);
    expect(await send(key, 3001)).toMatchObject({ status: 420, body: { errors: [{ code: '2104' }] } });
    lines.plan = await server.admin('set-plan', '--email', email, '--plan', 'UNLIMITED');
    expect(lines.plan).toEqual([`company of ${email} is now on plan UNLIMITED`]);
    expect(await send(key, 3001)).toMatchObject(accepted(3001));

    lines.password = await server.admin('reset-password', '--email', email, '--password', 'Second-pass2');
    expect(lines.password).toEqual([`password of ${email} reset; their sessions have ended`]);
    expect((await signin('First-pass1')).status).toBe(400); // wrongCredentials
    expect((await signin('Second-pass2')).status).toBe(200);

    const second = await server.startAnother();
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(
      new RegExp(
        `^cannot start: DATA_DIR ${server.dataDir} is in use by another process \\(pid \\d+\\)[^\\n]*\\n$`,
      ),
    );

    await server.stop();
    await server.start();
    expect((await signin('Second-pass2')).status).toBe(200);
    // Production (else refused with 1902) on the UNLIMITED plan (3001 more this month would exceed FREE's 3000).
    expect(await send(key, 3001)).toMatchObject(accepted(3001));
  }, 400_000);

  it('restarts on its own data after a SIGKILL, taking over the dead server’s lock, and finishes a large send it was generating', async () => {
    const key = lines.key?.[2] ?? '';
    const large = await send(key, 3001);
    expect(large).toMatchObject(accepted(3001));
    const { id } = large.body.results as { id: string };
    // Queued before the 200 and composed by the delivery workers: killed now, they are somewhere in the middle.
    await server.kill();
    await server.start();
    expect((await signin('Second-pass2')).status).toBe(200);

    const get = (path: string) =>
      fetch(`${server.origin}/api/v1${path}`, { headers: { authorization: key } }).then(
        (response) => response.json() as Promise<Record<string, unknown>>,
      );
    const stateOf = async () =>
      ((await get(`/transmissions/${id}`)).results as { transmission: { state: string } }).transmission.state;
    await expect.poll(stateOf, { timeout: 60_000, interval: 250 }).toBe('Success');
    // Queued in bulk: each injection event is written when a delivery worker composes the message.
    const injections = async () =>
      (await get(`/events/message?transmissions=${id}&events=injection&per_page=1`)).total_count;
    await expect.poll(injections, { timeout: 90_000, interval: 500 }).toBe(3001);
  }, 150_000);

  it('prints the same lines when it opens the database itself (no server running)', async () => {
    await server.stop();
    expect(await server.admin('set-environment', '--email', email, '--environment', 'production')).toEqual(
      lines.environment,
    );
    expect(await server.admin('set-plan', '--email', email, '--plan', 'UNLIMITED')).toEqual(lines.plan);
    expect(await server.admin('reset-password', '--email', email, '--password', 'Second-pass2')).toEqual(
      lines.password,
    );
    const key = await server.admin('create-api-key', '--email', email, '--label', 'CI');
    expect(withoutIds(key)).toEqual(withoutIds(lines.key ?? []));
    await server.start();
    expect(await send(key[2] ?? '', 1)).toMatchObject(accepted(1));
  }, 300_000);
});
