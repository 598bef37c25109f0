import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { base, day, hour, minute, useMetricsApp, window } from '../../testing/metrics-suite.ts';

describe.each(databases)('metrics on $name', (database) => {
  const { t, event, write, call, results, state } = useMetricsApp(database);

  it('counts injections, deliveries, bounces by class and rejections, in total and by recipient domain', async () => {
    const { a } = state();
    const at = base + 10 * hour;
    await write([
      event(a, at, { rcptTo: 'x@gmail.example' }),
      event(a, at, { rcptTo: 'y@gmail.example' }),
      event(a, at, { rcptTo: 'z@yahoo.example' }),
      event(a, at + minute, {
        type: 'delivery',
        rcptTo: 'x@gmail.example',
        fields: { num_retries: '0', queue_time: '120', msg_size: '2000' },
      }),
      event(a, at + 2 * minute, {
        type: 'delivery',
        rcptTo: 'z@yahoo.example',
        fields: { num_retries: '2', queue_time: '900', msg_size: '3000' },
      }),
      event(a, at + minute, {
        type: 'bounce',
        rcptTo: 'y@gmail.example',
        bounceClass: 10,
        reason: '550 5.1.1 no such user',
      }),
      event(a, at + 3 * minute, {
        type: 'out_of_band',
        rcptTo: 'x@gmail.example',
        bounceClass: 51,
        reason: 'spam block',
      }),
      event(a, at, { type: 'policy_rejection', rcptTo: 'p@gmail.example' }),
      event(a, at, { type: 'generation_failure', rcptTo: 'q@gmail.example' }),
      event(a, at + minute, { type: 'delay', rcptTo: 'z@yahoo.example', fields: { num_retries: '0' } }),
    ]);
    const metrics =
      'count_targeted,count_injected,count_sent,count_accepted,count_delivered,count_delivered_first,count_delivered_subsequent,count_bounce,count_inband_bounce,count_outofband_bounce,count_hard_bounce,count_block_bounce,count_rejected,count_policy_rejection,count_generation_failed,count_delayed,count_delayed_first,total_msg_volume,total_delivery_time_first,total_delivery_time_subsequent';
    const [summary] = await results(a, `/deliverability?${window(0)}&metrics=${metrics}`);
    expect(summary).toEqual({
      count_targeted: 5,
      count_injected: 3,
      count_sent: 3,
      count_accepted: 1,
      count_delivered: 2,
      count_delivered_first: 1,
      count_delivered_subsequent: 1,
      count_bounce: 2,
      count_inband_bounce: 1,
      count_outofband_bounce: 1,
      count_hard_bounce: 1,
      count_block_bounce: 1,
      count_rejected: 2,
      count_policy_rejection: 1,
      count_generation_failed: 1,
      count_delayed: 1,
      count_delayed_first: 1,
      total_msg_volume: 5000,
      total_delivery_time_first: 120,
      total_delivery_time_subsequent: 900,
    });

    const domains = await results(
      a,
      `/deliverability/domain?${window(0)}&metrics=count_injected,count_bounce`,
    );
    expect(domains).toEqual([
      { domain: 'gmail.example', count_injected: 2, count_bounce: 2 },
      { domain: 'yahoo.example', count_injected: 1, count_bounce: 0 },
    ]);
    const filtered = await results(
      a,
      `/deliverability/campaign?${window(0)}&metrics=count_injected&domains=YAHOO.example`,
    );
    expect(filtered).toEqual([{ campaign_id: 'spring', count_injected: 1 }]);
    const limited = await results(
      a,
      `/deliverability/domain?${window(0)}&metrics=count_injected&order_by=count_delivered&limit=1`,
    );
    expect(limited).toEqual([{ domain: 'gmail.example', count_injected: 2 }]);

    const reasons = await results(
      a,
      `/deliverability/bounce-reason?${window(0)}&metrics=count_bounce,count_inband_bounce`,
    );
    expect(reasons).toContainEqual({
      reason: '550 5.1.1 no such user',
      bounce_class_name: 'Invalid Recipient',
      bounce_class_description: 'The recipient is invalid.',
      bounce_category_id: 1,
      bounce_category_name: 'Hard',
      classification_id: 10,
      count_bounce: 1,
      count_inband_bounce: 1,
    });
    const byDomain = await results(
      a,
      `/deliverability/bounce-reason/domain?${window(0)}&metrics=count_outofband_bounce`,
    );
    expect(byDomain.find((row) => row.reason === 'spam block')).toMatchObject({
      domain: 'gmail.example',
      classification_id: 51,
      count_outofband_bounce: 1,
    });
    const classes = await results(
      a,
      `/deliverability/bounce-classification?${window(0)}&metrics=count_bounce`,
    );
    expect(classes.map((row) => [row.classification_id, row.bounce_category_name, row.count_bounce])).toEqual(
      [
        [10, 'Hard', 1],
        [51, 'Block', 1],
      ],
    );

    const lists = await call(a, `/domains?${window(0)}`);
    expect(lists.json()).toEqual({ results: { domains: ['gmail.example', 'yahoo.example'] } });
  });

  it('counts a message opened or clicked once in the unique metrics, and leaves prefetched opens out of the nonprefetched ones', async () => {
    const { a } = state();
    const at = base + 2 * day + hour;
    const [first, second] = [randomUUID(), randomUUID()];
    const open = (messageId: string, offset: number, prefetched = false) =>
      event(a, at + offset, { type: 'open', messageId, fields: prefetched ? { prefetched: true } : {} });
    await write([open(first, 0, true), open(first, minute)]);
    // Later batches: earlier events of the message are found in the table.
    await write([open(first, 2 * minute), event(a, at + 3 * minute, { type: 'click', messageId: first })]);
    await write([
      open(second, 0, true),
      event(a, at, { type: 'initial_open', messageId: second, fields: { prefetched: true } }),
    ]);
    const [summary] = await results(
      a,
      `/deliverability?${window(2)}&metrics=count_rendered,count_nonprefetched_rendered,count_unique_rendered,count_nonprefetched_unique_rendered,count_initial_rendered,count_unique_initial_rendered,count_nonprefetched_unique_initial_rendered,count_unique_confirmed_opened,count_nonprefetched_unique_confirmed_opened,count_clicked,count_unique_clicked`,
    );
    expect(summary).toEqual({
      count_rendered: 4,
      count_nonprefetched_rendered: 2,
      count_unique_rendered: 2,
      count_nonprefetched_unique_rendered: 1,
      count_initial_rendered: 1,
      count_unique_initial_rendered: 1,
      count_nonprefetched_unique_initial_rendered: 0,
      count_unique_confirmed_opened: 2,
      count_nonprefetched_unique_confirmed_opened: 1,
      count_clicked: 1,
      count_unique_clicked: 1,
    });
  });

  it('counts a message opened again after its earlier events were purged as not unique again', async () => {
    const e = await engineAccount(t.app, t.db, 'metrics-first-engagements');
    const messageId = randomUUID();
    const engage = (startDay: number) => [
      event(e, base + startDay * day + hour, { type: 'open', messageId }),
      event(e, base + startDay * day + hour, { type: 'initial_open', messageId }),
      event(e, base + startDay * day + hour, { type: 'click', messageId }),
    ];
    await write(engage(110));
    // The company's event retention (30 days) ends long before the rollups' 6 months.
    await t.db.query('DELETE FROM message_events WHERE company_id = $1', [e.companyId]);
    await write(engage(150));
    const [summary] = await results(
      e,
      `/deliverability?${window(110, 41)}&metrics=count_rendered,count_unique_rendered,count_nonprefetched_unique_rendered,count_unique_initial_rendered,count_unique_confirmed_opened,count_nonprefetched_unique_confirmed_opened,count_clicked,count_unique_clicked`,
    );
    expect(summary).toEqual({
      count_rendered: 2,
      count_unique_rendered: 1,
      count_nonprefetched_unique_rendered: 1,
      count_unique_initial_rendered: 1,
      count_unique_confirmed_opened: 1,
      count_nonprefetched_unique_confirmed_opened: 1,
      count_clicked: 2,
      count_unique_clicked: 1,
    });
  });
});
