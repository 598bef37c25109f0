import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';

/** Who made an embed token: the API key or the console session whose right to edit templates it borrows. */
export type EmbedTokenCreator = { apiKeyId: string } | { sessionId: string };

/** An embed token as stored: never the token itself, only what it allows and who made it. */
export interface EmbedTokenInfo {
  id: string;
  companyId: string;
  /** 0 = the company's own account. */
  subaccountId: number;
  /** The one template the token may edit; null: any template of the account. */
  templateId: string | null;
  createdAt: Date;
  expiresAt: Date;
  creator: EmbedTokenCreator;
}

/** What an embed token allows: one account's templates (or only one of them), until it expires. */
export type EmbedScope = EmbedTokenInfo;

export interface NewEmbedToken {
  companyId: string;
  subaccountId: number;
  templateId: string | null;
  ttlSeconds: number;
  creator: EmbedTokenCreator;
}

const prefix = 'emb_';
/** The newest live tokens an account lists at most. */
export const listedTokensMax = 200;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface TokenRow {
  id: string;
  company_id: string;
  subaccount_id: string | number;
  template_id: string | null;
  created_at: Date;
  expires_at: Date;
  api_key_id: string | null;
  session_id: string | null;
}

const columns = 'id, company_id, subaccount_id, template_id, created_at, expires_at, api_key_id, session_id';

function infoOf(row: TokenRow): EmbedTokenInfo {
  return {
    id: row.id,
    companyId: row.company_id,
    subaccountId: Number(row.subaccount_id),
    templateId: row.template_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    creator: row.api_key_id ? { apiKeyId: row.api_key_id } : { sessionId: row.session_id ?? '' },
  };
}

export type EmbedTokenStore = ReturnType<typeof createEmbedTokenStore>;

/**
 * Short-lived bearer tokens of the embed API: the token is shown once, only its SHA-256 is stored. Every
 * statement is scoped by the token's hash or by the caller's company and subaccount.
 */
export function createEmbedTokenStore(db: Db, clock: Clock) {
  return {
    async create(input: NewEmbedToken): Promise<{ id: string; token: string; expiresAt: Date }> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
      const token = `${prefix}${randomToken(32)}`;
      const id = randomUUID();
      // Expired tokens are of no use to anyone: each new one clears them away.
      await db.query('DELETE FROM embed_tokens WHERE expires_at <= $1', [now]);
      await db.query(
        `INSERT INTO embed_tokens (id, company_id, subaccount_id, token_hash, template_id, expires_at, created_at,
           api_key_id, session_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          input.companyId,
          input.subaccountId,
          sha256Hex(token),
          input.templateId,
          expiresAt,
          now,
          'apiKeyId' in input.creator ? input.creator.apiKeyId : null,
          'sessionId' in input.creator ? input.creator.sessionId : null,
        ],
      );
      return { id, token, expiresAt };
    },

    /** The token's scope; undefined when it is unknown, revoked or expired (its creator is checked apart). */
    async find(token: string): Promise<EmbedScope | undefined> {
      if (!token.startsWith(prefix)) return undefined;
      const row = await db.maybeOne<TokenRow>(
        `SELECT ${columns} FROM embed_tokens WHERE token_hash = $1 AND expires_at > $2`,
        [sha256Hex(token), clock.now()],
      );
      return row ? infoOf(row) : undefined;
    },

    /** The account's unexpired tokens (of one template when `templateId` is given), newest first. */
    async list(companyId: string, subaccountId: number, templateId?: string): Promise<EmbedTokenInfo[]> {
      const rows = await db.query<TokenRow>(
        `SELECT ${columns} FROM embed_tokens
         WHERE company_id = $1 AND subaccount_id = $2 AND expires_at > $3
           AND ($4::text IS NULL OR template_id = $4)
         ORDER BY created_at DESC, id LIMIT ${listedTokensMax}`,
        [companyId, subaccountId, clock.now(), templateId ?? null],
      );
      return rows.map(infoOf);
    },

    /** Deletes one of the account's tokens; false when the account has no token of that id. */
    async revoke(companyId: string, subaccountId: number, id: string): Promise<boolean> {
      if (!uuidPattern.test(id)) return false;
      const row = await db.maybeOne<{ id: string }>(
        'DELETE FROM embed_tokens WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING id',
        [companyId, subaccountId, id],
      );
      return row !== undefined;
    },
  };
}
