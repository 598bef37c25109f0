import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import {
  type EngineAccount,
  type EngineCallOptions,
  engineAccount,
  engineCaller,
  subaccountWithKey as newSubaccount,
  sampleTransmission,
  transmit,
} from '../../testing/engine.ts';

describe.each(databases)("subaccounts' data partitioning on $name", (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;

  const call = engineCaller(t);

  const subaccountWithKey = (account: EngineAccount, name: string, grants?: readonly string[]) =>
    newSubaccount(t.app, account, name, grants);

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'subs-a');
    b = await engineAccount(t.app, t.db, 'subs-b');
  });

  describe("a subaccount's data", () => {
    let one: { id: number; key: { authorization: string } };
    let two: { id: number; key: { authorization: string } };
    let transmissionId: string;

    beforeAll(async () => {
      one = await subaccountWithKey(a, 'Partition one');
      two = await subaccountWithKey(a, 'Partition two');
      const sent = await transmit(t, a, sampleTransmission('buyer@partition.test', 'partition'), one.key);
      expect(sent.statusCode, sent.body).toBe(200);
      transmissionId = sent.json().results.id;
      const template = await call(
        a,
        'POST',
        '/templates',
        { id: 'partition-tpl', name: 'Partition', content: { from: 'a@acme.test', subject: 'S', text: 'T' } },
        { subaccount: one.id },
      );
      expect(template.statusCode, template.body).toBe(200);
      const list = await call(
        a,
        'POST',
        '/recipient-lists',
        { id: 'partition-list', recipients: [{ address: 'member@partition.test' }] },
        { subaccount: one.id },
      );
      expect(list.statusCode, list.body).toBe(200);
      const suppressed = await call(
        a,
        'PUT',
        '/suppression-list',
        { recipients: [{ recipient: 'hidden@partition.test', type: 'non_transactional' }] },
        one.key,
      );
      expect(suppressed.statusCode, suppressed.body).toBe(200);
      // The event search window ends at now, exclusive: let the test clock pass the send.
      t.clock.advance(1_000);
    });

    /**
     * The callers that must not see subaccount one's data. Subaccount two's key cannot hold the
     * templates and recipient lists grants: it is refused those routes (403) before any lookup.
     */
    const outsiders = (): Array<[string, EngineAccount, EngineCallOptions, { manages: boolean }]> => [
      ['subaccount two (key)', a, two.key, { manages: false }],
      ['subaccount two (master with header)', a, { subaccount: two.id }, { manages: true }],
      ['company B', b, {}, { manages: true }],
    ];

    it('a transmission is seen by its subaccount only', async () => {
      expect((await call(a, 'GET', `/transmissions/${transmissionId}`, undefined, one.key)).statusCode).toBe(
        200,
      );
      expect(
        (await call(a, 'GET', '/transmissions', undefined, one.key))
          .json()
          .results.map((x: { id: string }) => x.id),
      ).toContain(transmissionId);
      for (const [who, account, options] of outsiders()) {
        expect(
          (await call(account, 'GET', `/transmissions/${transmissionId}`, undefined, options)).statusCode,
          who,
        ).toBe(404);
        const listed = (await call(account, 'GET', '/transmissions', undefined, options)).json().results;
        expect(
          listed.map((x: { id: string }) => x.id),
          who,
        ).not.toContain(transmissionId);
      }
    });

    it('a template is seen, used and changed by its subaccount only', async () => {
      const own = await call(a, 'GET', '/templates/partition-tpl', undefined, { subaccount: one.id });
      expect(own.statusCode).toBe(200);
      expect(own.json().results.subaccount_id).toBe(one.id);
      for (const [who, account, options, { manages }] of outsiders()) {
        expect(
          (await call(account, 'GET', '/templates/partition-tpl', undefined, options)).statusCode,
          who,
        ).toBe(manages ? 404 : 403);
        const listed = await call(account, 'GET', '/templates', undefined, options);
        if (listed.statusCode === 200) {
          expect(
            listed.json().results.map((x: { id: string }) => x.id),
            who,
          ).not.toContain('partition-tpl');
        }
        const used = await call(
          account,
          'POST',
          '/transmissions',
          { recipients: [{ address: 'x@partition.test' }], content: { template_id: 'partition-tpl' } },
          options,
        );
        // SparkPost's answer to a template that does not exist for the caller: 422, code 1603.
        expect(used.statusCode, who).toBe(422);
        expect(used.json().errors[0].code, who).toBe('1603');
      }
      const fromMaster = await call(a, 'GET', '/templates/partition-tpl');
      expect(fromMaster.statusCode).toBe(404);
      expect(
        (await call(a, 'DELETE', '/templates/partition-tpl', undefined, { subaccount: two.id })).statusCode,
      ).toBe(404);
      expect(
        (await call(a, 'GET', '/templates/partition-tpl', undefined, { subaccount: one.id })).statusCode,
      ).toBe(200);
    });

    it('a recipient list is seen and used by its subaccount only', async () => {
      expect(
        (await call(a, 'GET', '/recipient-lists/partition-list', undefined, { subaccount: one.id }))
          .statusCode,
      ).toBe(200);
      for (const [who, account, options, { manages }] of outsiders()) {
        expect(
          (await call(account, 'GET', '/recipient-lists/partition-list', undefined, options)).statusCode,
          who,
        ).toBe(manages ? 404 : 403);
        const listed = await call(account, 'GET', '/recipient-lists', undefined, options);
        if (listed.statusCode === 200) {
          expect(
            listed.json().results.map((x: { id: string }) => x.id),
            who,
          ).not.toContain('partition-list');
        }
        const used = await call(
          account,
          'POST',
          '/transmissions',
          {
            recipients: { list_id: 'partition-list' },
            content: { from: 'a@acme.test', subject: 'S', text: 'T' },
          },
          options,
        );
        expect(used.statusCode, who).toBe(404);
      }
      expect(
        (await call(a, 'DELETE', '/recipient-lists/partition-list', undefined, { subaccount: two.id }))
          .statusCode,
      ).toBe(404);
    });

    it('a suppression entry is seen, applied and removed in its subaccount only', async () => {
      const own = await call(a, 'GET', '/suppression-list/hidden@partition.test', undefined, one.key);
      expect(own.statusCode).toBe(200);
      expect(own.json().results[0].subaccount_id).toBe(one.id);
      for (const [who, account, options] of outsiders()) {
        expect(
          (await call(account, 'GET', '/suppression-list/hidden@partition.test', undefined, options))
            .statusCode,
          who,
        ).toBe(404);
        const searched = (
          await call(account, 'GET', '/suppression-list?domain=partition.test', undefined, options)
        ).json();
        expect(searched.total_count, who).toBe(0);
        expect(
          (await call(account, 'DELETE', '/suppression-list/hidden@partition.test', undefined, options))
            .statusCode,
          who,
        ).toBe(404);
      }
      // The master's lookup without X-MSYS-SUBACCOUNT searches every list (the reference's rule), and
      // says whose entry it is; with header 0 it keeps to the primary list.
      const master = await call(a, 'GET', '/suppression-list/hidden@partition.test');
      expect(master.statusCode).toBe(200);
      expect(master.json().results.map((entry: { subaccount_id?: number }) => entry.subaccount_id)).toEqual([
        one.id,
      ]);
      expect(
        (await call(a, 'GET', '/suppression-list/hidden@partition.test', undefined, { subaccount: 0 }))
          .statusCode,
      ).toBe(404);

      // The entry stops mail from subaccount one only.
      const events = async (options: EngineCallOptions) => {
        const sent = await transmit(t, a, sampleTransmission('hidden@partition.test'), options);
        expect(sent.statusCode, sent.body).toBe(200);
        // The search window ends at now, exclusive: let the test clock pass the send.
        t.clock.advance(1_000);
        const found = await call(a, 'GET', `/events/message?transmissions=${sent.json().results.id}`);
        return found.json().results.map((event: { type: string }) => event.type);
      };
      expect(await events(one.key)).toEqual(['policy_rejection']);
      expect(await events(two.key)).toEqual(['injection']);
      expect(await events({})).toEqual(['injection']);
    });

    it('its events are seen by the master, not by another subaccount nor company', async () => {
      const query = `/events/message?transmissions=${transmissionId}`;
      const master = (await call(a, 'GET', query)).json();
      expect(master.results).toEqual([
        expect.objectContaining({
          type: 'injection',
          rcpt_to: 'buyer@partition.test',
          subaccount_id: String(one.id),
          transmission_id: transmissionId,
        }),
      ]);
      const filtered = (
        await call(a, 'GET', `/events/message?subaccounts=${one.id}&campaigns=partition`)
      ).json();
      expect(filtered.results.map((event: { rcpt_to: string }) => event.rcpt_to)).toEqual([
        'buyer@partition.test',
      ]);
      expect((await call(a, 'GET', query, undefined, one.key)).json().total_count).toBe(1);
      expect((await call(a, 'GET', query, undefined, { subaccount: one.id })).json().total_count).toBe(1);
      for (const [who, account, options] of outsiders()) {
        const seen = await call(account, 'GET', query, undefined, options);
        expect(seen.statusCode, who).toBe(200);
        expect(seen.json().total_count, who).toBe(0);
        const byCampaign = await call(
          account,
          'GET',
          '/events/message?campaigns=partition',
          undefined,
          options,
        );
        expect(byCampaign.json().total_count, who).toBe(0);
      }
    });
  });
});
