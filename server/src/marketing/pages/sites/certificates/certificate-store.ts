import type { Db } from '../../../../db/db.ts';

export interface CertificateRow {
  domain_id: string;
  certificate_pem: string;
  key_sealed: string;
  expires_at: Date;
}

/** Certificates of verified page domains, the ACME challenges waiting, and the ACME accounts. */
export const certificateStore = {
  save: (db: Db, domainId: string, certificatePem: string, keySealed: string, expiresAt: Date, now: Date) =>
    db.query(
      `INSERT INTO page_domain_certificates (domain_id, certificate_pem, key_sealed, expires_at, issued_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (domain_id) DO UPDATE SET certificate_pem = excluded.certificate_pem,
         key_sealed = excluded.key_sealed, expires_at = excluded.expires_at, issued_at = excluded.issued_at`,
      [domainId, certificatePem, keySealed, expiresAt, now],
    ),

  /** What each of the company's domains has: its certificate's end, by domain id. */
  expiries: async (db: Db, companyId: string) =>
    new Map(
      (
        await db.query<{ domain_id: string; expires_at: Date }>(
          `SELECT c.domain_id::text AS domain_id, c.expires_at FROM page_domain_certificates c
           JOIN page_domains d ON d.id = c.domain_id WHERE d.company_id = $1`,
          [companyId],
        )
      ).map((row) => [row.domain_id, row.expires_at]),
    ),

  /** The certificate of the verified domain `name` (the TLS handshake's SNI). */
  forHost: (db: Db, name: string) =>
    db.maybeOne<CertificateRow>(
      `SELECT c.domain_id::text AS domain_id, c.certificate_pem, c.key_sealed, c.expires_at
       FROM page_domain_certificates c JOIN page_domains d ON d.id = c.domain_id
       WHERE d.name = $1 AND d.validated_at IS NOT NULL`,
      [name],
    ),

  /** Verified domains whose certificate ends before `before`, soonest first. */
  endingBefore: (db: Db, before: Date, limit: number) =>
    db.query<{ id: string; name: string }>(
      `SELECT d.id::text AS id, d.name FROM page_domain_certificates c JOIN page_domains d ON d.id = c.domain_id
       WHERE c.expires_at < $1 AND d.validated_at IS NOT NULL ORDER BY c.expires_at LIMIT $2`,
      [before, limit],
    ),

  putChallenge: (db: Db, token: string, keyAuthorization: string, expiresAt: Date) =>
    db.query(
      `INSERT INTO acme_challenges (token, key_authorization, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization, expires_at = excluded.expires_at`,
      [token, keyAuthorization, expiresAt],
    ),

  challenge: async (db: Db, token: string, now: Date) =>
    (
      await db.maybeOne<{ key_authorization: string }>(
        'SELECT key_authorization FROM acme_challenges WHERE token = $1 AND expires_at > $2',
        [token, now],
      )
    )?.key_authorization,

  removeChallenge: (db: Db, token: string) =>
    db.query('DELETE FROM acme_challenges WHERE token = $1', [token]),

  account: (db: Db, directoryUrl: string) =>
    db.maybeOne<{ key_sealed: string; account_url: string | null }>(
      'SELECT key_sealed, account_url FROM acme_accounts WHERE directory_url = $1',
      [directoryUrl],
    ),

  setAccountUrl: (db: Db, directoryUrl: string, accountUrl: string) =>
    db.query('UPDATE acme_accounts SET account_url = $2 WHERE directory_url = $1', [
      directoryUrl,
      accountUrl,
    ]),

  /** Keeps the first key stored for the directory (two processes racing keep one); answers it. */
  async saveAccountKey(db: Db, directoryUrl: string, keySealed: string): Promise<string> {
    await db.query(
      'INSERT INTO acme_accounts (directory_url, key_sealed) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [directoryUrl, keySealed],
    );
    return (await this.account(db, directoryUrl))?.key_sealed ?? keySealed;
  },
};
