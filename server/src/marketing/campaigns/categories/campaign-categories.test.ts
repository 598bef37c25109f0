import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app.ts';
import { campaignHelpers } from '../../../testing/campaigns.ts';
import { databases } from '../../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../../testing/engine.ts';

describe.each(databases)('campaign categories on $name', (database) => {
  const t = useTestApp(database);
  const { campaign } = campaignHelpers(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'categorizer');
    b = await engineAccount(t.app, t.db, 'outsider');
  });

  const create = (account: EngineAccount, name: string) =>
    t.post('/v1/email-marketing/category', account.token, { name });

  it('names categories once each, files campaigns under them, filters the list, and lets campaigns outlive them', async () => {
    const news = await create(a, '  Newsletters ');
    expect(news.statusCode, news.body).toBe(201);
    expect(news.json().data).toMatchObject({ name: 'Newsletters', campaigns: 0 });
    const again = await create(a, 'NEWSLETTERS');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A category with this name already exists');
    const blank = await create(a, ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Enter the category name');
    // Another company may use the same name.
    expect((await create(b, 'Newsletters')).statusCode).toBe(201);

    const newsId: string = news.json().data.id;
    const promos: string = (await create(a, 'Promotions')).json().data.id;
    await campaign(a, { name: 'November issue', categoryId: newsId });
    await campaign(a, { name: 'December issue', categoryId: newsId });
    await campaign(a, { name: 'Flash sale', categoryId: promos });
    await campaign(a, { name: 'Uncategorized' });
    const listed = await t.getData('/v1/email-marketing/category', a.token);
    expect(
      listed.items.map((item: { name: string; campaigns: number }) => [item.name, item.campaigns]),
    ).toEqual([
      ['Newsletters', 2],
      ['Promotions', 1],
    ]);
    const filtered = await t.getData(`/v1/email-marketing?category=${newsId}`, a.token);
    expect(filtered.items.map((item: { name: string }) => item.name)).toEqual([
      'December issue',
      'November issue',
    ]);
    expect((await t.getData('/v1/email-marketing?category=nonsense', a.token)).total).toBe(0);

    // Another company's category cannot hold a campaign of this one, nor be renamed or deleted by it.
    const theirs: string = (await t.getData('/v1/email-marketing/category', b.token)).items[0].id;
    const stolen = await t.post('/v1/email-marketing', a.token, { name: 'Sneaky', categoryId: theirs });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Category not found');
    expect(
      (await t.call('PATCH', `/v1/email-marketing/category/${newsId}`, b.token, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `/v1/email-marketing/category/${newsId}`, b.token)).statusCode).toBe(404);

    const renamed = await t.call('PATCH', `/v1/email-marketing/category/${promos}`, a.token, {
      name: 'Offers',
    });
    expect(renamed.json().data).toMatchObject({ name: 'Offers', campaigns: 1 });
    expect(
      (await t.call('PATCH', `/v1/email-marketing/category/${promos}`, a.token, { name: 'newsletters' }))
        .statusCode,
    ).toBe(409);
    expect((await t.call('DELETE', `/v1/email-marketing/category/${newsId}`, a.token)).statusCode).toBe(200);
    const all = await t.getData('/v1/email-marketing?size=100', a.token);
    expect(all.items.filter((item: { categoryId: string | null }) => item.categoryId === null)).toHaveLength(
      3,
    );
  });
});
