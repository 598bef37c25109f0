import { Webhook as StandardWebhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { useFormTests } from '../../testing/forms.ts';
import { startWebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createFormWebhookRunner } from './form-webhook-runner.ts';

describe.each(databases)("forms' webhooks on $name", (database) => {
  const { t, create, publish, solved, submit, accounts } = useFormTests(database);

  it("posts each submission to the form's webhook, signed, retries a failing target and never a private one", async () => {
    const { a } = accounts();
    const receiver = await startWebhookReceiver();
    const runnerWith = (allowedNetworks: string[]) =>
      createFormWebhookRunner({
        db: t.db,
        clock: t.clock,
        poster: t.engine.webhooks.poster({ resolve: async () => ['127.0.0.1'], allowedNetworks }),
      });
    try {
      const id = await create(a, {
        name: 'Colour poll',
        saveToContact: false,
        components: [
          {
            id: 'q',
            type: 'inputMultiple',
            setting: {
              title: 'Favourite colour?',
              options: [
                { optionId: 'r', label: 'Red' },
                { optionId: 'b', label: 'Blue' },
              ],
            },
          },
        ],
        settings: { webhookUrl: `${receiver.url}/hooks/forms` },
      });
      await publish(a, id);
      const { webhookSecret } = await t.getData(`/v1/forms/${id}`, a.token);
      expect(webhookSecret).toMatch(/^whsec_/);
      const runner = runnerWith(['127.0.0.0/8']);
      receiver.respond(() => ({ status: 500, body: 'down' }));
      expect((await submit(id, { answers: { q: 'b' }, captcha: await solved(id) })).statusCode).toBe(200);
      expect(await runner.runDue()).toBe(1);
      expect(receiver.posts).toHaveLength(1);
      // Not again before its retry is due (30 s after the first failure).
      expect(await runner.runDue()).toBe(0);
      receiver.respond(() => ({ status: 204 }));
      t.clock.advance(31_000);
      expect(await runner.runDue()).toBe(1);
      const [first, second] = receiver.posts;
      expect(second?.path).toBe('/hooks/forms');
      expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
      const payload = new StandardWebhook(webhookSecret).verify(
        second?.body ?? '',
        second?.headers as Record<string, string>,
      );
      expect(payload).toMatchObject({
        type: 'form.submission',
        form: { id, name: 'Colour poll' },
        submission: { state: 'saved', answers: [{ id: 'q', question: 'Favourite colour?', answer: 'Blue' }] },
      });
      expect(await runner.runDue()).toBe(0);

      // Without the operator allowing the loopback network, the target is refused once and for all.
      await submit(id, { answers: { q: 'r' }, captcha: await solved(id) });
      expect(await runnerWith([]).runDue()).toBe(1);
      const refused = await t.db.one<{ state: string; last_error: string }>(
        'SELECT state, last_error FROM form_webhook_deliveries WHERE form_id = $1 ORDER BY id DESC LIMIT 1',
        [id],
      );
      expect(refused.state).toBe('failed');
      expect(refused.last_error).toContain('WEBHOOK_ALLOWED_NETWORKS');
      expect(receiver.posts).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
