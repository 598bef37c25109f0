import type { Clock } from '../../clock.ts';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { createDkimKeyStore } from './dkim-key-store.ts';
import type { VerificationStatus } from './sending-domain-types.ts';
import { createSendingFacts } from './sending-facts.ts';

export type { VerificationStatus } from './sending-domain-types.ts';

export interface SendingDomain {
  /** 0 = the master account's. */
  subaccountId: number;
  /** Lower-cased. */
  domain: string;
  trackingDomain: string | undefined;
  sharedWithSubaccounts: boolean;
  isDefaultBounceDomain: boolean;
  dkim: { selector: string; signingDomain: string; headers: string; publicKey: string };
  dkimStatus: VerificationStatus;
  cnameStatus: VerificationStatus;
  spfStatus: VerificationStatus;
  dmarcStatus: VerificationStatus;
  createdAt: Date;
}

export interface NewSendingDomain {
  domain: string;
  trackingDomain: string | undefined;
  sharedWithSubaccounts: boolean;
  dkim: SendingDomain['dkim'] & { privateKeyPem: string };
}

export interface SendingDomainChange {
  trackingDomain?: string | undefined;
  sharedWithSubaccounts?: boolean;
  isDefaultBounceDomain?: boolean;
  /** A new key pair: its DKIM status starts over. */
  dkim?: NewSendingDomain['dkim'];
}

export type StatusChange = Partial<
  Pick<SendingDomain, 'dkimStatus' | 'cnameStatus' | 'spfStatus' | 'dmarcStatus'>
>;

/** The list's filters: SparkPost's status query parameters. */
export interface SendingDomainFilter {
  ownershipVerified?: boolean;
  dkimStatus?: VerificationStatus;
  cnameStatus?: VerificationStatus;
  isDefaultBounceDomain?: boolean;
}

/** Which accounts' domains a caller sees: its own; a subaccount also the master's shared ones; the master (not acting for a subaccount) every one. */
export interface Viewer {
  companyId: string;
  subaccountId: number;
  isMaster: boolean;
}

interface DomainRow {
  subaccount_id: string | number;
  domain: string;
  tracking_domain: string | null;
  shared_with_subaccounts: boolean;
  is_default_bounce_domain: boolean;
  dkim_selector: string;
  dkim_signing_domain: string;
  dkim_headers: string;
  dkim_public: string;
  dkim_status: VerificationStatus;
  cname_status: VerificationStatus;
  spf_status: VerificationStatus;
  dmarc_status: VerificationStatus;
  created_at: Date;
}

/** Domains a company may register, all accounts together: the sending path reads them all at once. */
const maxDomainsPerCompany = 1000;

const columns = `subaccount_id, domain, tracking_domain, shared_with_subaccounts, is_default_bounce_domain,
  dkim_selector, dkim_signing_domain, dkim_headers, dkim_public, dkim_status, cname_status, spf_status,
  dmarc_status, created_at`;

const toDomain = (row: DomainRow): SendingDomain => ({
  subaccountId: Number(row.subaccount_id),
  domain: row.domain,
  trackingDomain: row.tracking_domain ?? undefined,
  sharedWithSubaccounts: row.shared_with_subaccounts,
  isDefaultBounceDomain: row.is_default_bounce_domain,
  dkim: {
    selector: row.dkim_selector,
    signingDomain: row.dkim_signing_domain,
    headers: row.dkim_headers,
    publicKey: row.dkim_public,
  },
  dkimStatus: row.dkim_status,
  cnameStatus: row.cname_status,
  spfStatus: row.spf_status,
  dmarcStatus: row.dmarc_status,
  createdAt: row.created_at,
});

// $1 company, $2 subaccount, $3 whether the caller is the master acting for no subaccount.
const visible = `company_id = $1 AND ($3 OR subaccount_id = $2 OR ($2 <> 0 AND subaccount_id = 0 AND shared_with_subaccounts))`;
const owned = 'company_id = $1 AND ($3 OR subaccount_id = $2)';

export type SendingDomainStore = ReturnType<typeof createSendingDomainStore>;

/**
 * The one owner of `sending_domains` (and, through dkimKeys, of the domains' additional keys): the
 * domains as the API manages them, and what the sending path asks of them (sending-facts.ts, cached
 * per company and dropped by every change made here).
 */
export function createSendingDomainStore(db: Db, clock: Clock) {
  const facts = createSendingFacts(db, clock, (companyId, domain, id) =>
    dkimKeys.facts(companyId, domain, id),
  );
  const { changed } = facts;
  const dkimKeys = createDkimKeyStore(db, clock, changed);

  const params = (viewer: Viewer) => [viewer.companyId, viewer.subaccountId, viewer.isMaster];

  return {
    /** The domains' additional DKIM keys (each call names a domain the caller has checked is the viewer's). */
    dkimKeys,

    /** Refused when the company already has the domain (in any of its accounts) or has as many as it may. */
    async create(
      companyId: string,
      subaccountId: number,
      domain: NewSendingDomain,
    ): Promise<'created' | 'exists' | 'tooMany'> {
      const now = clock.now();
      try {
        const rows = await db.query(
          `INSERT INTO sending_domains (company_id, subaccount_id, domain, tracking_domain, shared_with_subaccounts,
             dkim_selector, dkim_signing_domain, dkim_headers, dkim_public, dkim_private, created_at, updated_at)
           SELECT $1::uuid, $2::bigint, $3::text, $4::text, $5::boolean, $6::text, $7::text, $8::text, $9::text,
             $10::text, $11::timestamptz, $11::timestamptz
           WHERE (SELECT count(*) FROM sending_domains WHERE company_id = $1) < $12
           RETURNING domain`,
          [
            companyId,
            subaccountId,
            domain.domain,
            domain.trackingDomain ?? null,
            domain.sharedWithSubaccounts,
            domain.dkim.selector,
            domain.dkim.signingDomain,
            domain.dkim.headers,
            domain.dkim.publicKey,
            domain.dkim.privateKeyPem,
            now,
            maxDomainsPerCompany,
          ],
        );
        if (rows.length === 0) return 'tooMany';
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
      await changed(companyId);
      return 'created';
    },

    async list(viewer: Viewer, filter: SendingDomainFilter = {}): Promise<SendingDomain[]> {
      const rows = await db.query<DomainRow>(
        `SELECT ${columns} FROM sending_domains WHERE ${visible}
           AND ($4::text IS NULL OR dkim_status = $4) AND ($5::text IS NULL OR cname_status = $5)
           AND ($6::boolean IS NULL OR is_default_bounce_domain = $6)
           AND ($7::boolean IS NULL OR (dkim_status = 'valid' OR cname_status = 'valid') = $7)
         ORDER BY domain LIMIT ${maxDomainsPerCompany}`,
        [
          ...params(viewer),
          filter.dkimStatus ?? null,
          filter.cnameStatus ?? null,
          filter.isDefaultBounceDomain ?? null,
          filter.ownershipVerified ?? null,
        ],
      );
      return rows.map(toDomain);
    },

    /** A domain the viewer may read (its own, or the master's shared one), or undefined. */
    async readable(viewer: Viewer, domain: string): Promise<SendingDomain | undefined> {
      const row = await db.maybeOne<DomainRow>(
        `SELECT ${columns} FROM sending_domains WHERE ${visible} AND domain = $4`,
        [...params(viewer), domain.toLowerCase()],
      );
      return row ? toDomain(row) : undefined;
    },

    /** A domain the viewer may change (its own; the master any of the company's), or undefined. */
    async owned(viewer: Viewer, domain: string): Promise<SendingDomain | undefined> {
      const row = await db.maybeOne<DomainRow>(
        `SELECT ${columns} FROM sending_domains WHERE ${owned} AND domain = $4`,
        [...params(viewer), domain.toLowerCase()],
      );
      return row ? toDomain(row) : undefined;
    },

    /**
     * Applies `change` to an owned domain; a new default bounce domain takes over from the account's
     * previous one. Undefined when the viewer owns no such domain.
     */
    async update(
      viewer: Viewer,
      domain: string,
      change: SendingDomainChange,
    ): Promise<SendingDomain | undefined> {
      const name = domain.toLowerCase();
      const updated = await db.transaction(async (tx) => {
        const row = await tx.maybeOne<{ subaccount_id: string }>(
          `SELECT subaccount_id FROM sending_domains WHERE ${owned} AND domain = $4 FOR UPDATE`,
          [...params(viewer), name],
        );
        if (!row) return undefined;
        if (change.isDefaultBounceDomain) {
          await tx.query(
            `UPDATE sending_domains SET is_default_bounce_domain = false
             WHERE company_id = $1 AND subaccount_id = $2 AND is_default_bounce_domain AND domain <> $3`,
            [viewer.companyId, row.subaccount_id, name],
          );
        }
        const { dkim } = change;
        return tx.maybeOne<DomainRow>(
          `UPDATE sending_domains SET
             tracking_domain = CASE WHEN $3 THEN $4 ELSE tracking_domain END,
             shared_with_subaccounts = COALESCE($5, shared_with_subaccounts),
             is_default_bounce_domain = COALESCE($6, is_default_bounce_domain),
             dkim_selector = COALESCE($7, dkim_selector),
             dkim_signing_domain = COALESCE($8, dkim_signing_domain),
             dkim_headers = COALESCE($9, dkim_headers),
             dkim_public = COALESCE($10, dkim_public),
             dkim_private = COALESCE($11, dkim_private),
             dkim_status = CASE WHEN $10::text IS NULL THEN dkim_status ELSE 'unverified' END,
             updated_at = $12
           WHERE company_id = $1 AND domain = $2
           RETURNING ${columns}`,
          [
            viewer.companyId,
            name,
            'trackingDomain' in change,
            change.trackingDomain ?? null,
            change.sharedWithSubaccounts ?? null,
            change.isDefaultBounceDomain ?? null,
            dkim?.selector ?? null,
            dkim?.signingDomain ?? null,
            dkim?.headers ?? null,
            dkim?.publicKey ?? null,
            dkim?.privateKeyPem ?? null,
            clock.now(),
          ],
        );
      });
      if (!updated) return undefined;
      await changed(viewer.companyId);
      return toDomain(updated);
    },

    /** Records what verification found; a domain whose CNAME stops verifying is no longer a default bounce domain. */
    async setStatuses(companyId: string, domain: string, statuses: StatusChange): Promise<void> {
      await db.query(
        `UPDATE sending_domains SET
           dkim_status = COALESCE($3, dkim_status), cname_status = COALESCE($4, cname_status),
           spf_status = COALESCE($5, spf_status), dmarc_status = COALESCE($6, dmarc_status),
           is_default_bounce_domain = is_default_bounce_domain AND COALESCE($4, cname_status) = 'valid',
           updated_at = $7
         WHERE company_id = $1 AND domain = $2`,
        [
          companyId,
          domain.toLowerCase(),
          statuses.dkimStatus ?? null,
          statuses.cnameStatus ?? null,
          statuses.spfStatus ?? null,
          statuses.dmarcStatus ?? null,
          clock.now(),
        ],
      );
      await changed(companyId);
    },

    async remove(viewer: Viewer, domain: string): Promise<boolean> {
      const rows = await db.query(
        `DELETE FROM sending_domains WHERE ${owned} AND domain = $4 RETURNING domain`,
        [...params(viewer), domain.toLowerCase()],
      );
      if (rows.length === 0) return false;
      await changed(viewer.companyId);
      return true;
    },

    /** The signed-in company's domains (every account) whose SPF record is not verified. */
    async unverifiedSpf(companyId: string): Promise<SendingDomain[]> {
      const rows = await db.query<DomainRow>(
        `SELECT ${columns} FROM sending_domains WHERE company_id = $1 AND spf_status <> 'valid'
         ORDER BY domain LIMIT ${maxDomainsPerCompany}`,
        [companyId],
      );
      return rows.map(toDomain);
    },

    // proven, sendingDomainVerified, dkimKeyUse, signingKeyFor, bounceDomainFor.
    ...facts.forSending,
  };
}
