import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller } from '../../testing/engine.ts';
import { relayClient, useTestRelays } from '../../testing/relay.ts';
import { createRelayService } from '../smtp-relay/relay-service.ts';

describe.each(databases)('the account options as sends follow them, on $name', (database) => {
  const t = useTestApp(database, { config: { publicUrl: 'http://mail.platform.test' } });
  const call = engineCaller(t);
  const startRelay = useTestRelays('all');
  let a: EngineAccount;
  let port: number;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'account-options');
    port = await startRelay(createRelayService(t.engine));
  });

  const setOptions = async (options: Record<string, boolean>) => {
    const answer = await call(a, 'PUT', '/account', { options });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const optionsOf = (where: string, value: string) =>
    t.db.one<{ options: Record<string, unknown> }>(`SELECT options FROM messages WHERE ${where} = $1`, [
      value,
    ]);

  /** A REST transmission to one address, with `options` as given; the stored message's options. */
  async function restSend(options: Record<string, boolean> = {}) {
    const sent = await call(a, 'POST', '/transmissions', {
      recipients: [{ address: uniqueEmail('rest') }],
      content: {
        from: 'shop@acme.test',
        subject: 'Hello',
        html: '<p><a href="https://acme.test/x">x</a></p>',
      },
      options,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return (await optionsOf('transmission_id', sent.json().results.id)).options;
  }

  /** A message through the SMTP relay, X-MSYS-API `api` when given; the stored message's options. */
  async function smtpSend(api?: Record<string, unknown>) {
    const to = uniqueEmail('smtp');
    await relayClient(port, a.key).sendMail({
      from: 'shop@acme.test',
      to,
      subject: 'Hello',
      html: '<p><a href="https://acme.test/x">x</a></p>',
      ...(api ? { headers: { 'X-MSYS-API': JSON.stringify(api) } } : {}),
    });
    return (await optionsOf('rcpt_to', to)).options;
  }

  it('the REST defaults: rest_tracking_default, click_tracking and transactional_default; a send that says wins', async () => {
    expect(await restSend()).toMatchObject({
      open_tracking: true,
      click_tracking: true,
      transactional: false,
    });
    await setOptions({ rest_tracking_default: false, transactional_default: true });
    expect(await restSend()).toMatchObject({
      open_tracking: false,
      click_tracking: false,
      transactional: true,
    });
    expect(await restSend({ open_tracking: true, transactional: false })).toMatchObject({
      open_tracking: true,
      click_tracking: false,
      transactional: false,
    });
    await setOptions({ rest_tracking_default: true, click_tracking: false, transactional_default: false });
    expect(await restSend()).toMatchObject({ open_tracking: true, click_tracking: false });
    await setOptions({ click_tracking: true });
  });

  it('the SMTP default: smtp_tracking_default turns tracking on for relayed mail that does not say', async () => {
    expect(await smtpSend()).toMatchObject({ open_tracking: false, click_tracking: false });
    await setOptions({ smtp_tracking_default: true });
    expect(await smtpSend()).toMatchObject({ open_tracking: true, click_tracking: true });
    expect(await smtpSend({ options: { click_tracking: false } })).toMatchObject({
      open_tracking: true,
      click_tracking: false,
    });
    await setOptions({ smtp_tracking_default: false });
    expect(await smtpSend()).toMatchObject({ open_tracking: false });
  });
});
