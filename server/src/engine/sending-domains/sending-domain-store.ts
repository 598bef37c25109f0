import type { Clock } from '../../clock.ts';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import { createDkimKeyStore, type DkimKeyFacts } from './dkim-key-store.ts';

export type VerificationStatus = 'unverified' | 'pending' | 'invalid' | 'valid';

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

export interface SigningKey {
  signingDomain: string;
  selector: string;
  privateKeyPem: string;
}

/** Whether a key named by options.dkim_key may sign mail From a domain (SparkPost's two 1100 refusals). */
export type DkimKeyUse = 'valid' | 'unverified' | 'missing';

/** The id options.dkim_key gives the domain's own key, reserved (in any case) for it. */
export const defaultKeyId = 'default';
export const isDefaultKeyId = (id: string) => id.toLowerCase() === defaultKeyId;

/** What sending needs of one domain, cached per company. */
interface SendingFacts {
  subaccountId: number;
  domain: string;
  shared: boolean;
  verified: boolean;
  cnameVerified: boolean;
  defaultBounce: boolean;
  key: SigningKey | undefined;
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

/** Announces a change to a company's sending domains (payload: the company id) to every process's cache. */
const sendingDomainsChanged = 'sending_domains_changed';
/** How long a company's domains are trusted without a change announced (a lost announcement). */
const factsTtlMs = 30_000;
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

export function createSendingDomainStore(db: Db, clock: Clock) {
  /** Per company: its domains, and the additional keys options.dkim_key named since (by "domain key id"). */
  const facts = createNotifiedCache(
    db,
    clock,
    { channel: sendingDomainsChanged, ttlMs: factsTtlMs },
    async (companyId) => {
      const rows = await db.query<DomainRow & { dkim_private: string }>(
        `SELECT ${columns}, dkim_private FROM sending_domains WHERE company_id = $1`,
        [companyId],
      );
      const domains = rows.map((row): SendingFacts => {
        const domain = toDomain(row);
        return {
          subaccountId: domain.subaccountId,
          domain: domain.domain,
          shared: domain.sharedWithSubaccounts,
          // Only the DKIM record proves the domain is this company's: the CNAME every company is
          // asked for points at the same platform host, so another company could claim a name
          // someone else pointed at us. A CNAME-verified domain serves as a bounce domain.
          verified: domain.dkimStatus === 'valid',
          cnameVerified: domain.cnameStatus === 'valid',
          defaultBounce: domain.isDefaultBounceDomain,
          key:
            domain.dkimStatus === 'valid'
              ? {
                  signingDomain: domain.dkim.signingDomain,
                  selector: domain.dkim.selector,
                  privateKeyPem: row.dkim_private,
                }
              : undefined,
        };
      });
      return { domains, keys: new Map<string, Promise<DkimKeyFacts | undefined>>() };
    },
  );
  const changed = (companyId: string) => facts.changed(db, companyId);
  const factsOf = async (companyId: string) => (await facts.get(companyId)).domains;

  const dkimKeys = createDkimKeyStore(db, clock, changed);

  /** An additional key of the company's `domain`, cached as long as the company's domains are. */
  async function keyFacts(companyId: string, domain: string, id: string): Promise<DkimKeyFacts | undefined> {
    const { keys } = await facts.get(companyId);
    const name = `${domain} ${id}`;
    let found = keys.get(name);
    if (!found) {
      found = dkimKeys.facts(companyId, domain, id);
      keys.set(name, found);
      found.catch(() => keys.delete(name));
    }
    return found;
  }

  /**
   * Whether the account (`subaccountId`; 0 the master) has proved `domain` is its own: its DKIM
   * record, or that of a parent domain, verified, by the account itself or shared with it by the
   * master. A CNAME proves nothing (every account's points at the same host).
   */
  const provenIn = (all: readonly SendingFacts[], domain: string, subaccountId: number) =>
    all.some(
      (entry) =>
        entry.verified &&
        (entry.subaccountId === subaccountId || (entry.subaccountId === 0 && entry.shared)) &&
        (domain === entry.domain || domain.endsWith(`.${entry.domain}`)),
    );

  /** The account's own domain named `domain`, or else the master's shared one. */
  async function usable(
    companyId: string,
    subaccountId: number,
    domain: string,
  ): Promise<SendingFacts | undefined> {
    const name = domain.toLowerCase();
    const all = await factsOf(companyId);
    return (
      all.find((entry) => entry.domain === name && entry.subaccountId === subaccountId) ??
      all.find(
        (entry) => entry.domain === name && subaccountId !== 0 && entry.subaccountId === 0 && entry.shared,
      )
    );
  }

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

    /** Whether the account's DKIM record for `domain`, or for a parent domain, is verified (provenIn). */
    async proven(companyId: string, subaccountId: number, domain: string): Promise<boolean> {
      return provenIn(await factsOf(companyId), domain.toLowerCase(), subaccountId);
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

    /** Whether the account may send From `domain`: its own or the master's shared domain, DKIM-verified. */
    async sendingDomainVerified(companyId: string, subaccountId: number, domain: string): Promise<boolean> {
      return (await usable(companyId, subaccountId, domain))?.verified ?? false;
    },

    /**
     * Whether `keyId` (options.dkim_key) may sign mail From `fromDomain` for the account: a key of
     * the account's (or the master's shared) domain of that name, verified. "default" is the
     * domain's own key.
     */
    async dkimKeyUse(
      companyId: string,
      subaccountId: number,
      fromDomain: string,
      keyId: string,
    ): Promise<DkimKeyUse> {
      const domain = await usable(companyId, subaccountId, fromDomain);
      if (!domain) return 'missing';
      if (isDefaultKeyId(keyId)) return domain.key ? 'valid' : 'unverified';
      const key = await keyFacts(companyId, domain.domain, keyId);
      if (!key) return 'missing';
      return key.status === 'valid' ? 'valid' : 'unverified';
    },

    /**
     * The key that signs mail From `fromDomain`: the verified key `keyId` names (options.dkim_key),
     * else the domain's own key once verified. A named key deleted or unverified since the message
     * was accepted leaves the message to the domain's key, so it still goes out signed if it can.
     */
    async signingKeyFor(
      companyId: string,
      subaccountId: number,
      fromDomain: string,
      keyId?: string,
    ): Promise<SigningKey | undefined> {
      const domain = await usable(companyId, subaccountId, fromDomain);
      if (!domain) return undefined;
      if (keyId !== undefined && !isDefaultKeyId(keyId)) {
        const key = await keyFacts(companyId, domain.domain, keyId);
        if (key?.status === 'valid') {
          return {
            signingDomain: key.signingDomain,
            selector: key.selector,
            privateKeyPem: key.privateKeyPem,
          };
        }
      }
      return domain.key;
    },

    /**
     * The Return-Path domain of the account's mail, as SparkPost picks it when a send names none: the
     * account's CNAME-verified default bounce domain (a subaccount's own, else the master's shared
     * one), else undefined (the platform's own). The From domain does not choose it; the parameter
     * keeps the workers' calls alike.
     */
    async bounceDomainFor(
      companyId: string,
      subaccountId: number,
      _fromDomain: string,
    ): Promise<string | undefined> {
      const all = await factsOf(companyId);
      const isDefault = (entry: SendingFacts) =>
        entry.defaultBounce && entry.cnameVerified && provenIn(all, entry.domain, entry.subaccountId);
      const own = all.find((entry) => entry.subaccountId === subaccountId && isDefault(entry));
      const master =
        subaccountId === 0
          ? undefined
          : all.find((entry) => entry.subaccountId === 0 && entry.shared && isDefault(entry));
      return (own ?? master)?.domain;
    },
  };
}
