import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';

/** SECRET when set; otherwise one generated at first start and kept in settings, so restarts keep sessions. */
export async function resolveSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(
    "INSERT INTO settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING",
    [randomBytes(32).toString('base64url')],
  );
  const row = await db.one<{ value: string }>("SELECT value FROM settings WHERE key = 'token_secret'");
  return row.value;
}
