import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../testing/app.ts';
import { databases } from '../../../testing/databases.ts';
import { embedCall, embedToken, textBlock } from '../../../testing/embed-fixtures.ts';
import { type EngineAccount, engineAccount } from '../../../testing/engine.ts';
import { savedBlockLimit } from './saved-block-store.ts';

vi.mock('../render/design-renderer.ts', async () => {
  const { fakeRenderDesign } = await import('../../../testing/embed-fixtures.ts');
  return { createDesignRenderer: () => fakeRenderDesign };
});

describe.each(databases)('saved blocks on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'blocks-a');
    tokenA = await embedToken(t.app, a);
    tokenB = await embedToken(t.app, await engineAccount(t.app, t.db, 'blocks-b'));
  });

  it('saves, lists and deletes a block', async () => {
    const saved = await embedCall(t.app, tokenA, 'POST', '/saved-blocks', {
      name: 'Footer',
      block: textBlock('f1'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json().results;
    expect(saved.json().results).toMatchObject({ name: 'Footer', block: textBlock('f1') });
    const listed = await embedCall(t.app, tokenA, 'GET', '/saved-blocks');
    expect(listed.json().results.map((block: { id: string }) => block.id)).toEqual([id]);

    expect((await embedCall(t.app, tokenB, 'GET', '/saved-blocks')).json().results).toEqual([]);
    expect((await embedCall(t.app, tokenB, 'DELETE', `/saved-blocks/${id}`)).statusCode).toBe(404);

    expect((await embedCall(t.app, tokenA, 'DELETE', `/saved-blocks/${id}`)).statusCode).toBe(200);
    expect((await embedCall(t.app, tokenA, 'GET', '/saved-blocks')).json().results).toEqual([]);
  });

  it('refuses a block that is not a design block, in SparkPost shape', async () => {
    const refused = await embedCall(t.app, tokenA, 'POST', '/saved-blocks', {
      name: 'Bad',
      block: { id: 'x', type: 'marquee' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('1300');
    const badId = await embedCall(t.app, tokenA, 'DELETE', '/saved-blocks/not-a-uuid');
    expect(badId.statusCode).toBe(422);
  });

  it(`keeps at most ${savedBlockLimit} blocks an account`, async () => {
    const full = await engineAccount(t.app, t.db, 'blocks-full');
    const token = await embedToken(t.app, full);
    const block = JSON.stringify(textBlock());
    await t.db.query(
      `INSERT INTO editor_saved_blocks (id, company_id, subaccount_id, name, block, created_at)
       SELECT gen_random_uuid(), $1, 0, 'b' || n, $2::jsonb, now() FROM generate_series(1, $3) AS n`,
      [full.companyId, block, savedBlockLimit],
    );
    const refused = await embedCall(t.app, token, 'POST', '/saved-blocks', {
      name: 'One more',
      block: textBlock(),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      message: 'limit exceeded',
      description: `At most ${savedBlockLimit} saved blocks: delete one before saving another`,
    });
  });
});
