import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { createApiKeyStore } from './api-key-store.ts';

describe.each(databases)("an API key's last use on $name", (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'last-use');
  });

  it('is best effort: the key still works when recording its use fails, and the failure is reported', async () => {
    const failing: Db = {
      ...t.db,
      query: (sql, params) =>
        sql.startsWith('UPDATE api_keys') ? Promise.reject(new Error('disk full')) : t.db.query(sql, params),
    };
    const reported: Array<{ error: unknown; what: string }> = [];
    const store = createApiKeyStore(failing, t.clock, (error, what) => reported.push({ error, what }));

    const check = await store.check(a.key, '127.0.0.1');

    expect(check.ok).toBe(true);
    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0]?.what).toMatch(/last use/);
    expect(reported[0]?.error).toMatchObject({ message: 'disk full' });
  });
});
