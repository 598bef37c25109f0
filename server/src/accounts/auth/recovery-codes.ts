import { randomInt } from 'node:crypto';
import { sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';

const codeCount = 10;
/** Base32 letters and digits: no 0/1/8/9, so nothing reads as O, I, l or B. */
const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/** `xxxxx-xxxxx`: 50 random bits, enough for a plain SHA-256 since wrong tries are limited. */
function newCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What is hashed: the code without case, spaces or dashes, however it was typed. */
const normalized = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Replaces the user's recovery codes with new ones; the plain codes are returned once, here. */
export async function issueRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: codeCount }, newCode);
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await tx.query(
    'INSERT INTO recovery_codes (user_id, hash) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
    [userId, codes.map((code) => sha256Hex(normalized(code)))],
  );
  return codes;
}

/** Uses up one recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND hash = $2 AND used_at IS NULL
     RETURNING hash`,
    [userId, sha256Hex(normalized(code)), now],
  );
  return rows.length > 0;
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
}
