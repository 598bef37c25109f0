import { analyticPresetLimit } from '@app/contract/engine/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../testing/accounts.ts';
import { useTestApp } from '../../../testing/app.ts';
import { databases } from '../../../testing/databases.ts';

const filters = {
  range: '7',
  status: ['Injection', 'Delivery'],
  breakdown: 'sending-domain',
  filters: { domains: ['mail.example'] },
};

describe.each(databases)('analytics presets on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'preset-a', 'Preset A');
    b = await signUp(t.app, t.db, 'preset-b', 'Preset B');
  });

  const create = (account: TestAccount, name: string, set: object = filters) =>
    t.call('POST', '/v1/analytic-presets', account.token, { name, filters: set });

  describe('happy path', () => {
    it('saves, lists, reads, renames, changes and deletes a preset', async () => {
      const created = await create(a, '  Weekly delivery ');
      expect(created.statusCode, created.body).toBe(200);
      const preset = created.json().data;
      expect(preset).toMatchObject({ name: 'Weekly delivery', filters });

      const list = await t.getData('/v1/analytic-presets', a.token);
      expect(list.items.map((item: { name: string }) => item.name)).toContain('Weekly delivery');
      expect(await t.getData(`/v1/analytic-presets/${preset.id}`, a.token)).toMatchObject({ id: preset.id });

      const renamed = await t.call('PUT', `/v1/analytic-presets/${preset.id}`, a.token, { name: 'Bounces' });
      expect(renamed.json().data).toMatchObject({ name: 'Bounces', filters });
      const custom = {
        ...filters,
        range: 'custom',
        from: '2026-01-01',
        to: '2026-01-10',
        breakdown: 'bounce-reason',
      };
      const changed = await t.call('PUT', `/v1/analytic-presets/${preset.id}`, a.token, { filters: custom });
      expect(changed.json().data).toMatchObject({ name: 'Bounces', filters: custom });

      const deleted = await t.call('DELETE', `/v1/analytic-presets/${preset.id}`, a.token);
      expect(deleted.statusCode).toBe(200);
      expect((await t.get(`/v1/analytic-presets/${preset.id}`, a.token)).statusCode).toBe(404);
    });
  });

  describe('errors', () => {
    it('refuses a name already used by the company, whatever its case', async () => {
      expect((await create(a, 'Monthly')).statusCode).toBe(200);
      const again = await create(a, 'MONTHLY');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'duplicate', payload: { field: 'name' } });
      expect(again.json().message).toContain('already exists');
    });

    it('refuses filters the page does not know, with the field at fault', async () => {
      const bad = await create(a, 'Bad', { ...filters, status: ['Open'] });
      expect(bad.statusCode).toBe(400);
      const noDates = await create(a, 'No dates', { ...filters, range: 'custom' });
      expect(noDates.statusCode).toBe(400);
      const noName = await create(a, '   ');
      expect(noName.statusCode).toBe(400);
    });

    it('answers an unknown or malformed id with not found', async () => {
      expect((await t.get('/v1/analytic-presets/not-a-uuid', a.token)).statusCode).toBe(404);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await t.call('DELETE', `/v1/analytic-presets/${unknown}`, a.token)).statusCode).toBe(404);
    });

    it(`keeps at most ${analyticPresetLimit} presets per company, with a clear error`, async () => {
      const owner = await signUp(t.app, t.db, 'preset-limit', 'Preset Limit');
      for (let index = 0; index < analyticPresetLimit; index++) {
        expect((await create(owner, `Preset ${index}`)).statusCode).toBe(200);
      }
      const over = await create(owner, 'One too many');
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({
        code: 'quotaExceeded',
        payload: { feature: 'Analytic', subfeature: `${analyticPresetLimit} presets` },
      });
    });
  });

  describe('security', () => {
    it("one company can neither see, read, rename nor delete another's presets", async () => {
      const mine = (await create(a, 'Private view')).json().data;
      const list = await t.getData('/v1/analytic-presets', b.token);
      expect(list.items.map((item: { id: string }) => item.id)).not.toContain(mine.id);
      expect((await t.get(`/v1/analytic-presets/${mine.id}`, b.token)).statusCode).toBe(404);
      const rename = await t.call('PUT', `/v1/analytic-presets/${mine.id}`, b.token, { name: 'Taken over' });
      expect(rename.statusCode).toBe(404);
      expect((await t.call('DELETE', `/v1/analytic-presets/${mine.id}`, b.token)).statusCode).toBe(404);
      // Another company may use the same name.
      expect((await create(b, 'Private view')).statusCode).toBe(200);
      expect(await t.getData(`/v1/analytic-presets/${mine.id}`, a.token)).toMatchObject({
        name: 'Private view',
      });
    });

    it('needs a signed-in session', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v1/analytic-presets' });
      expect(response.statusCode).toBe(401);
    });
  });
});
