import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';

/** What an embed token allows: one account's templates (or only one of them), until it expires. */
export interface EmbedScope {
  companyId: string;
  /** 0 = the company's own account. */
  subaccountId: number;
  /** The one template the token may edit; null: any template of the account. */
  templateId: string | null;
  expiresAt: Date;
  /** The API key's id that made the token, or 'session'. */
  createdBy: string;
}

export interface NewEmbedToken {
  companyId: string;
  subaccountId: number;
  templateId: string | null;
  ttlSeconds: number;
  /** The API key's id, or 'session'. */
  createdBy: string;
}

const prefix = 'emb_';

export type EmbedTokenStore = ReturnType<typeof createEmbedTokenStore>;

/** Short-lived bearer tokens of the embed API: the token is shown once, only its SHA-256 is stored. */
export function createEmbedTokenStore(db: Db, clock: Clock) {
  return {
    async create(input: NewEmbedToken): Promise<{ token: string; expiresAt: Date }> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
      const token = `${prefix}${randomToken(32)}`;
      // Expired tokens are of no use to anyone: each new one clears them away.
      await db.query('DELETE FROM embed_tokens WHERE expires_at <= $1', [now]);
      await db.query(
        `INSERT INTO embed_tokens (id, company_id, subaccount_id, token_hash, template_id, expires_at, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          input.companyId,
          input.subaccountId,
          sha256Hex(token),
          input.templateId,
          expiresAt,
          now,
          input.createdBy,
        ],
      );
      return { token, expiresAt };
    },

    /** The token's scope; undefined when it is unknown or expired. */
    async verify(token: string): Promise<EmbedScope | undefined> {
      if (!token.startsWith(prefix)) return undefined;
      const row = await db.maybeOne<{
        company_id: string;
        subaccount_id: string | number;
        template_id: string | null;
        expires_at: Date;
        created_by: string;
      }>(
        `SELECT company_id, subaccount_id, template_id, expires_at, created_by FROM embed_tokens
         WHERE token_hash = $1 AND expires_at > $2`,
        [sha256Hex(token), clock.now()],
      );
      if (!row) return undefined;
      return {
        companyId: row.company_id,
        subaccountId: Number(row.subaccount_id),
        templateId: row.template_id,
        expiresAt: row.expires_at,
        createdBy: row.created_by,
      };
    },
  };
}
