import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import type { DkimKeyFacts } from './dkim-key-store.ts';
import type { VerificationStatus } from './sending-domain-types.ts';

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

interface FactsRow {
  subaccount_id: string | number;
  domain: string;
  shared_with_subaccounts: boolean;
  is_default_bounce_domain: boolean;
  dkim_selector: string;
  dkim_signing_domain: string;
  dkim_private: string;
  dkim_status: VerificationStatus;
  cname_status: VerificationStatus;
}

/** Announces a change to a company's sending domains (payload: the company id) to every process's cache. */
const sendingDomainsChanged = 'sending_domains_changed';
/** How long a company's domains are trusted without a change announced (a lost announcement). */
const factsTtlMs = 30_000;

/**
 * What the sending path asks of a company's sending domains (may it send From one, which key signs,
 * which bounce domain), answered from a per-company cache that every change to the company's domains
 * or their keys drops in every process (`changed`). `keyFacts` reads one additional DKIM key.
 */
export function createSendingFacts(
  db: Db,
  clock: Clock,
  keyFacts: (companyId: string, domain: string, id: string) => Promise<DkimKeyFacts | undefined>,
) {
  /** Per company: its domains, and the additional keys options.dkim_key named since (by "domain key id"). */
  const facts = createNotifiedCache(
    db,
    clock,
    { channel: sendingDomainsChanged, ttlMs: factsTtlMs },
    async (companyId) => {
      const rows = await db.query<FactsRow>(
        `SELECT subaccount_id, domain, shared_with_subaccounts, is_default_bounce_domain, dkim_selector,
           dkim_signing_domain, dkim_private, dkim_status, cname_status
         FROM sending_domains WHERE company_id = $1`,
        [companyId],
      );
      const domains = rows.map(
        (row): SendingFacts => ({
          subaccountId: Number(row.subaccount_id),
          domain: row.domain,
          shared: row.shared_with_subaccounts,
          // Only the DKIM record proves the domain is this company's: the CNAME every company is
          // asked for points at the same platform host, so another company could claim a name
          // someone else pointed at us. A CNAME-verified domain serves as a bounce domain.
          verified: row.dkim_status === 'valid',
          cnameVerified: row.cname_status === 'valid',
          defaultBounce: row.is_default_bounce_domain,
          key:
            row.dkim_status === 'valid'
              ? {
                  signingDomain: row.dkim_signing_domain,
                  selector: row.dkim_selector,
                  privateKeyPem: row.dkim_private,
                }
              : undefined,
        }),
      );
      return { domains, keys: new Map<string, Promise<DkimKeyFacts | undefined>>() };
    },
  );
  const factsOf = async (companyId: string) => (await facts.get(companyId)).domains;

  /** An additional key of the company's `domain`, cached as long as the company's domains are. */
  async function additionalKey(
    companyId: string,
    domain: string,
    id: string,
  ): Promise<DkimKeyFacts | undefined> {
    const { keys } = await facts.get(companyId);
    const name = `${domain} ${id}`;
    let found = keys.get(name);
    if (!found) {
      found = keyFacts(companyId, domain, id);
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

  return {
    /** Announces that the company's domains or keys changed (written already), here and in every process. */
    changed: (companyId: string) => facts.changed(db, companyId),

    /** The sending path's questions, each answered from the cache. */
    forSending: {
      /** Whether the account's DKIM record for `domain`, or for a parent domain, is verified (provenIn). */
      async proven(companyId: string, subaccountId: number, domain: string): Promise<boolean> {
        return provenIn(await factsOf(companyId), domain.toLowerCase(), subaccountId);
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
        const key = await additionalKey(companyId, domain.domain, keyId);
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
          const key = await additionalKey(companyId, domain.domain, keyId);
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
    },
  };
}
