import type { Clock } from '../../clock.ts';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import type { VerificationStatus } from '../sending-domains/sending-domain-types.ts';

/** SparkPost's tls_status values; "unknown" for a domain whose certificate this server does not manage. */
export type TlsStatus = 'unknown' | 'unavailable' | 'pending' | 'failed' | 'expired' | 'valid';

/** What the last certificate check of a managed domain found. */
export interface TlsState {
  status: TlsStatus;
  /** Why it is not valid, in words for the owner. */
  error: string | undefined;
  /** The dates of the certificate that answered, when one did. */
  issuedAt: Date | undefined;
  expiresAt: Date | undefined;
}

export interface TrackingDomain {
  /** 0 = the master account's. */
  subaccountId: number;
  /** Lower-cased. */
  domain: string;
  secure: boolean;
  isDefault: boolean;
  cnameStatus: VerificationStatus;
  /** Why the last verification failed, in words for the owner. */
  cnameError: string | undefined;
  usesManagedCertificate: boolean;
  tls: TlsState;
  createdAt: Date;
}

/** Which accounts' domains a caller sees and changes: its own; the master (acting for no subaccount) every one. */
export interface Viewer {
  companyId: string;
  subaccountId: number;
  isMaster: boolean;
}

export interface TrackingDomainFilter {
  isDefault?: boolean;
  subaccounts?: readonly number[];
}

interface Row {
  subaccount_id: string | number;
  domain: string;
  secure: boolean;
  is_default: boolean;
  cname_status: VerificationStatus;
  cname_error: string | null;
  uses_managed_certificate: boolean;
  tls_status: TlsStatus;
  tls_error: string | null;
  tls_issued_at: Date | null;
  tls_expires_at: Date | null;
  created_at: Date;
}

const columns = `subaccount_id, domain, secure, is_default, cname_status, cname_error, uses_managed_certificate,
  tls_status, tls_error, tls_issued_at, tls_expires_at, created_at`;
/** Domains a company may register, all accounts together. */
const maxDomainsPerCompany = 1000;

const toDomain = (row: Row): TrackingDomain => ({
  subaccountId: Number(row.subaccount_id),
  domain: row.domain,
  secure: row.secure,
  isDefault: row.is_default,
  cnameStatus: row.cname_status,
  cnameError: row.cname_error ?? undefined,
  usesManagedCertificate: row.uses_managed_certificate,
  tls: {
    status: row.tls_status,
    error: row.tls_error ?? undefined,
    issuedAt: row.tls_issued_at ?? undefined,
    expiresAt: row.tls_expires_at ?? undefined,
  },
  createdAt: row.created_at,
});

// $1 company, $2 subaccount, $3 whether the caller is the master acting for no subaccount.
const owned = 'company_id = $1 AND ($3 OR subaccount_id = $2)';
const params = (viewer: Viewer) => [viewer.companyId, viewer.subaccountId, viewer.isMaster];

/** A verified domain as the sending path picks among them. */
interface VerifiedDomain {
  subaccountId: number;
  domain: string;
  secure: boolean;
  isDefault: boolean;
}

/** Announces a change to a company's tracking domains (payload: the company id) to every process. */
const trackingDomainsChanged = 'tracking_domains_changed';

export type TrackingDomainStore = ReturnType<typeof createTrackingDomainStore>;

/** The one owner of `tracking_domains`. */
export function createTrackingDomainStore(db: Db, clock: Clock) {
  // Every tracked send asks which domain its links use: the company's verified domains are cached.
  const verified = createNotifiedCache(
    db,
    clock,
    { channel: trackingDomainsChanged, ttlMs: 10_000 },
    async (companyId): Promise<VerifiedDomain[]> =>
      (
        await db.query<{ subaccount_id: string; domain: string; secure: boolean; is_default: boolean }>(
          `SELECT subaccount_id, domain, secure, is_default FROM tracking_domains
           WHERE company_id = $1 AND cname_status = 'valid'`,
          [companyId],
        )
      ).map((row) => ({
        subaccountId: Number(row.subaccount_id),
        domain: row.domain,
        secure: row.secure,
        isDefault: row.is_default,
      })),
  );
  return {
    /** Refused when the company already has the name (in any account) or has as many as it may. */
    async create(
      companyId: string,
      subaccountId: number,
      domain: { domain: string; secure: boolean },
    ): Promise<'created' | 'exists' | 'tooMany'> {
      // A new domain is unverified: nothing the sending path uses changes.
      try {
        const rows = await db.query(
          `INSERT INTO tracking_domains (company_id, subaccount_id, domain, secure, created_at, updated_at)
           SELECT $1::uuid, $2::bigint, $3::text, $4::boolean, $5::timestamptz, $5::timestamptz
           WHERE (SELECT count(*) FROM tracking_domains WHERE company_id = $1) < $6
           RETURNING domain`,
          [companyId, subaccountId, domain.domain, domain.secure, clock.now(), maxDomainsPerCompany],
        );
        return rows.length === 0 ? 'tooMany' : 'created';
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    async list(viewer: Viewer, filter: TrackingDomainFilter = {}): Promise<TrackingDomain[]> {
      const rows = await db.query<Row>(
        `SELECT ${columns} FROM tracking_domains WHERE ${owned}
           AND ($4::boolean IS NULL OR is_default = $4)
           AND ($5::bigint[] IS NULL OR subaccount_id = ANY($5::bigint[]))
         ORDER BY domain LIMIT ${maxDomainsPerCompany}`,
        [...params(viewer), filter.isDefault ?? null, filter.subaccounts ? [...filter.subaccounts] : null],
      );
      return rows.map(toDomain);
    },

    /** A domain the viewer owns, or undefined. */
    async owned(viewer: Viewer, domain: string): Promise<TrackingDomain | undefined> {
      const row = await db.maybeOne<Row>(
        `SELECT ${columns} FROM tracking_domains WHERE ${owned} AND domain = $4`,
        [...params(viewer), domain.toLowerCase()],
      );
      return row ? toDomain(row) : undefined;
    },

    /** Applies the change; a new default takes over from the account's previous one. Undefined when not owned. */
    async update(
      viewer: Viewer,
      domain: string,
      change: { secure?: boolean; isDefault?: boolean },
    ): Promise<TrackingDomain | undefined> {
      const name = domain.toLowerCase();
      return db.transaction(async (tx) => {
        const row = await tx.maybeOne<{ subaccount_id: string }>(
          `SELECT subaccount_id FROM tracking_domains WHERE ${owned} AND domain = $4`,
          [...params(viewer), name],
        );
        if (!row) return undefined;
        // Every row of the account, always in the same order: two "make default" calls at once are
        // serialized (the second sees the first's default) and cannot deadlock.
        await tx.query(
          `SELECT 1 FROM tracking_domains WHERE company_id = $1 AND subaccount_id = $2 ORDER BY domain FOR UPDATE`,
          [viewer.companyId, row.subaccount_id],
        );
        if (change.isDefault) {
          await tx.query(
            `UPDATE tracking_domains SET is_default = false
             WHERE company_id = $1 AND subaccount_id = $2 AND is_default AND domain <> $3`,
            [viewer.companyId, row.subaccount_id, name],
          );
        }
        // A managed certificate serves https: turning https off turns it off.
        const updated = await tx.maybeOne<Row>(
          `UPDATE tracking_domains SET secure = COALESCE($3, secure), is_default = COALESCE($4, is_default),
             uses_managed_certificate = uses_managed_certificate AND COALESCE($3, secure),
             tls_status = CASE WHEN uses_managed_certificate AND NOT COALESCE($3, secure) THEN 'unknown' ELSE tls_status END,
             updated_at = $5
           WHERE company_id = $1 AND domain = $2 RETURNING ${columns}`,
          [viewer.companyId, name, change.secure ?? null, change.isDefault ?? null, clock.now()],
        );
        if (!updated) return undefined;
        await verified.changed(tx, viewer.companyId);
        return toDomain(updated);
      });
    },

    /** Whether another company has `domain` verified: a CNAME cannot tell two owners apart, the first keeps it. */
    async verifiedElsewhere(companyId: string, domain: string): Promise<boolean> {
      const row = await db.maybeOne(
        `SELECT 1 FROM tracking_domains WHERE domain = $2 AND company_id <> $1 AND cname_status = 'valid'`,
        [companyId, domain.toLowerCase()],
      );
      return row !== undefined;
    },

    /** Records what verification found; a domain that stops verifying is no longer a default. */
    async setStatus(
      companyId: string,
      domain: string,
      status: VerificationStatus,
      error: string | undefined,
    ): Promise<TrackingDomain | undefined> {
      const row = await db.maybeOne<Row>(
        `UPDATE tracking_domains SET cname_status = $3, cname_error = $4,
           is_default = is_default AND $3 = 'valid', updated_at = $5
         WHERE company_id = $1 AND domain = $2 RETURNING ${columns}`,
        [companyId, domain.toLowerCase(), status, error ?? null, clock.now()],
      );
      if (row) await verified.changed(db, companyId);
      return row ? toDomain(row) : undefined;
    },

    /**
     * Marks a CNAME-verified domain's certificate managed: https on 443, TLS status pending until a
     * check finds its certificate. Undefined when the viewer owns no such verified domain.
     */
    async enableCertificate(viewer: Viewer, domain: string): Promise<TrackingDomain | undefined> {
      const row = await db.maybeOne<Row>(
        `UPDATE tracking_domains SET uses_managed_certificate = true, secure = true, tls_status = 'pending',
           tls_error = NULL, updated_at = $5
         WHERE ${owned} AND domain = $4 AND cname_status = 'valid' RETURNING ${columns}`,
        [...params(viewer), domain.toLowerCase(), clock.now()],
      );
      // Links of later sends use https.
      if (row) await verified.changed(db, viewer.companyId);
      return row ? toDomain(row) : undefined;
    },

    /** Records a certificate check of a managed domain (nothing when it is no longer managed). */
    async setTls(companyId: string, domain: string, tls: TlsState): Promise<TrackingDomain | undefined> {
      const row = await db.maybeOne<Row>(
        `UPDATE tracking_domains SET tls_status = $3, tls_error = $4, tls_issued_at = $5, tls_expires_at = $6,
           updated_at = $7
         WHERE company_id = $1 AND domain = $2 AND uses_managed_certificate RETURNING ${columns}`,
        [
          companyId,
          domain.toLowerCase(),
          tls.status,
          tls.error ?? null,
          tls.issuedAt ?? null,
          tls.expiresAt ?? null,
          clock.now(),
        ],
      );
      return row ? toDomain(row) : undefined;
    },

    /** Records a failed look-up's reason and nothing else: status and default stay as last proven. */
    async setError(companyId: string, domain: string, error: string): Promise<TrackingDomain | undefined> {
      const row = await db.maybeOne<Row>(
        `UPDATE tracking_domains SET cname_error = $3, updated_at = $4
         WHERE company_id = $1 AND domain = $2 RETURNING ${columns}`,
        [companyId, domain.toLowerCase(), error, clock.now()],
      );
      return row ? toDomain(row) : undefined;
    },

    /**
     * The CNAME-verified domain an account's mail is tracked on: `requested` when it is a verified
     * domain of the account (or of the master account), else the account's default, else the master
     * account's. Undefined when there is none (or `requested` is not one).
     */
    async forSending(
      companyId: string,
      subaccountId: number,
      requested: string | undefined,
    ): Promise<{ domain: string; secure: boolean } | undefined> {
      const wanted = requested?.toLowerCase();
      const candidates = (await verified.get(companyId)).filter(
        (found) =>
          (found.subaccountId === subaccountId || found.subaccountId === 0) &&
          (wanted === undefined ? found.isDefault : found.domain === wanted),
      );
      // The account's own before the master account's.
      const found = candidates.find((c) => c.subaccountId === subaccountId) ?? candidates[0];
      return found && { domain: found.domain, secure: found.secure };
    },

    async remove(viewer: Viewer, domain: string): Promise<boolean> {
      const rows = await db.query(
        `DELETE FROM tracking_domains WHERE ${owned} AND domain = $4 RETURNING domain`,
        [...params(viewer), domain.toLowerCase()],
      );
      if (rows.length > 0) await verified.changed(db, viewer.companyId);
      return rows.length > 0;
    },
  };
}
