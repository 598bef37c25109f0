import type { Clock } from '../../clock.ts';
import type { DnsResolver } from '../../dns/resolver.ts';
import { EngineError, invalidValue, notFound } from '../../engine-error.ts';
import { type DkimKeyPair, generateDkimKeys, importDkimKeys } from './dkim-keys.ts';
import { type DnsRecord, type DomainRecords, recordsFor } from './dns-records.ts';
import type {
  NewSendingDomain,
  SendingDomain,
  SendingDomainFilter,
  SendingDomainStore,
  StatusChange,
  Viewer,
} from './sending-domain-store.ts';
import { type CheckResult, checkCname, checkDkim, checkDmarc, checkSpf } from './verify-dns.ts';

export interface DkimInput {
  signing_domain?: string | undefined;
  private: string;
  public: string;
  selector: string;
  headers?: string | undefined;
}

export interface CreateInput {
  domain: string;
  tracking_domain?: string | undefined;
  dkim?: DkimInput | undefined;
  generate_dkim: boolean;
  dkim_key_length: number;
  shared_with_subaccounts: boolean;
}

export interface UpdateInput {
  tracking_domain?: string | undefined;
  dkim?: DkimInput | undefined;
  shared_with_subaccounts?: boolean | undefined;
  is_default_bounce_domain?: boolean | undefined;
}

export type VerifyKind = 'dkim' | 'cname' | 'spf' | 'dmarc';

export interface VerifyInput {
  dkim_verify?: boolean | undefined;
  cname_verify?: boolean | undefined;
  spf_verify?: boolean | undefined;
  dmarc_verify?: boolean | undefined;
  verification_mailbox_verify?: boolean | undefined;
  postmaster_at_verify?: boolean | undefined;
  abuse_at_verify?: boolean | undefined;
  verification_mailbox_token?: string | undefined;
  postmaster_at_token?: string | undefined;
  abuse_at_token?: string | undefined;
}

export interface Verification {
  domain: SendingDomain;
  /** Each kind checked, with the record looked up and what was found. */
  checks: Partial<Record<VerifyKind, { record: DnsRecord; result: CheckResult }>>;
}

/** The headers SparkPost names in a DKIM configuration (it signs its own choice; so do we). */
export const defaultDkimHeaders = 'from:to:subject:date';

const mailboxFields = [
  'verification_mailbox_verify',
  'postmaster_at_verify',
  'abuse_at_verify',
  'verification_mailbox_token',
  'postmaster_at_token',
  'abuse_at_token',
] as const;

/**
 * The domain whose DNS holds the key must be the sending domain, a subdomain or a parent of it: a
 * key published under a domain of the caller's choosing would prove nothing about this one.
 */
export function signingDomainFor(
  domain: string,
  requested: string | undefined,
  field = 'dkim.signing_domain',
): string {
  const signing = requested?.toLowerCase() ?? domain;
  if (signing === domain || signing.endsWith(`.${domain}`) || domain.endsWith(`.${signing}`)) return signing;
  throw invalidValue(`${field} must be ${domain}, one of its subdomains or a parent domain`);
}

/** SparkPost-style selector: a prefix (scph for a domain's own key), month and two-digit year of creation, e.g. scph1126. */
export const selectorAt = (now: Date, prefix = 'scph') =>
  `${prefix}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;

export type SendingDomainService = ReturnType<typeof createSendingDomainService>;

/**
 * Sending domains: created with a key pair (or the caller's), verified by looking up the records the
 * owner was asked to publish, through the platform's resolvers. `platformHost` is the name whose
 * A/MX records lead to this server: CNAME and SPF records point at it.
 */
export function createSendingDomainService(deps: {
  store: SendingDomainStore;
  dns: DnsResolver;
  platformHost: string;
  clock: Clock;
}) {
  const { store, dns, platformHost } = deps;

  const records = (domain: SendingDomain): DomainRecords =>
    recordsFor(
      {
        domain: domain.domain,
        selector: domain.dkim.selector,
        signingDomain: domain.dkim.signingDomain,
        publicKey: domain.dkim.publicKey,
      },
      platformHost,
    );

  function refuseTrackingDomain(trackingDomain: string | undefined): void {
    if (trackingDomain) {
      throw new EngineError(
        'unknownReference',
        `Tracking domain '${trackingDomain}' is not a registered tracking domain`,
      );
    }
  }

  async function keysOf(
    input: DkimInput | undefined,
    bits: number,
  ): Promise<DkimKeyPair & { selector?: string }> {
    if (!input) return generateDkimKeys(bits);
    return { ...importDkimKeys(input.private, input.public), selector: input.selector };
  }

  /** The domain the viewer owns; why not otherwise. */
  async function ownedOrRefuse(viewer: Viewer, name: string): Promise<SendingDomain> {
    const owned = await store.owned(viewer, name);
    if (owned) return owned;
    if (await store.readable(viewer, name)) {
      throw new EngineError(
        'forbidden',
        `Domain '${name}' belongs to the master account: subaccounts may send from it, not change it`,
      );
    }
    throw notFound(`Domain '${name}' does not exist`);
  }

  async function check(
    kind: VerifyKind,
    domain: SendingDomain,
    published: DomainRecords,
  ): Promise<CheckResult> {
    switch (kind) {
      case 'dkim':
        return checkDkim(dns, published.dkim, domain.dkim.publicKey);
      case 'cname':
        return checkCname(dns, published.cname);
      case 'spf':
        return checkSpf(dns, published.spf, platformHost);
      case 'dmarc':
        return checkDmarc(dns, published.dmarc);
    }
  }

  return {
    records,

    /** The domain the viewer may change (404 when it has none such, 403 for the master's shared one). */
    owned: ownedOrRefuse,

    async create(viewer: Viewer, input: CreateInput): Promise<SendingDomain> {
      const name = input.domain.toLowerCase();
      if (input.shared_with_subaccounts && viewer.subaccountId !== 0) {
        throw invalidValue('shared_with_subaccounts is only available to domains of the master account');
      }
      refuseTrackingDomain(input.tracking_domain);
      const signingDomain = signingDomainFor(name, input.dkim?.signing_domain);
      const keys = await keysOf(input.dkim, input.dkim_key_length);
      const domain: NewSendingDomain = {
        domain: name,
        trackingDomain: undefined,
        sharedWithSubaccounts: input.shared_with_subaccounts,
        dkim: {
          selector: keys.selector ?? selectorAt(deps.clock.now()),
          signingDomain,
          headers: input.dkim?.headers ?? defaultDkimHeaders,
          publicKey: keys.publicKey,
          privateKeyPem: keys.privateKeyPem,
        },
      };
      const outcome = await store.create(viewer.companyId, viewer.subaccountId, domain);
      if (outcome === 'tooMany') {
        throw new EngineError('invalidParams', 'This account has as many sending domains as it may have');
      }
      if (outcome === 'exists') {
        const mine = await store.owned({ ...viewer, isMaster: false }, name);
        throw mine
          ? new EngineError('exists', `Domain '${name}' already exists`)
          : new EngineError('inUse', `Domain '${name}' is in use by another account of this company`);
      }
      const created = await store.owned({ ...viewer, isMaster: false }, name);
      if (!created) throw notFound(`Domain '${name}' does not exist`);
      return created;
    },

    list: (viewer: Viewer, filter: SendingDomainFilter) => store.list(viewer, filter),

    async get(viewer: Viewer, name: string): Promise<SendingDomain> {
      const domain = await store.readable(viewer, name);
      if (!domain) throw notFound(`Domain '${name}' does not exist`);
      return domain;
    },

    async update(viewer: Viewer, name: string, input: UpdateInput): Promise<SendingDomain> {
      const domain = await ownedOrRefuse(viewer, name);
      if (input.shared_with_subaccounts !== undefined && domain.subaccountId !== 0) {
        throw invalidValue('shared_with_subaccounts is only available to domains of the master account');
      }
      if (input.is_default_bounce_domain && domain.cnameStatus !== 'valid') {
        throw invalidValue(
          `Domain '${domain.domain}' can be the default bounce domain only once its CNAME is verified (cname_status valid)`,
        );
      }
      // Every account's CNAME points at the same host: only a DKIM record shows the name is this account's.
      if (
        input.is_default_bounce_domain &&
        !(await store.proven(viewer.companyId, domain.subaccountId, domain.domain))
      ) {
        throw invalidValue(
          `Domain '${domain.domain}' can be the default bounce domain only once its DKIM record, or that of a parent domain of this account, is verified (dkim_status valid): its CNAME alone does not show it is yours`,
        );
      }
      refuseTrackingDomain(input.tracking_domain);
      let dkim: NewSendingDomain['dkim'] | undefined;
      if (input.dkim) {
        // SparkPost checks a new key's record before taking it: a key not in DNS is refused.
        const keys = importDkimKeys(input.dkim.private, input.dkim.public);
        const signingDomain = signingDomainFor(
          domain.domain,
          input.dkim.signing_domain ?? domain.dkim.signingDomain,
        );
        const candidate = {
          ...domain,
          dkim: { ...domain.dkim, selector: input.dkim.selector, signingDomain, publicKey: keys.publicKey },
        };
        // Another key's record at that place would be replaced under it while it still says valid.
        const holder = await store.dkimKeys.selectorTaken(viewer.companyId, domain.domain, candidate.dkim);
        if (holder !== undefined) {
          throw invalidValue(
            `dkim.selector '${candidate.dkim.selector}' at '${signingDomain}' is the record of DKIM key '${holder}': choose another selector`,
          );
        }
        const result = await checkDkim(dns, records(candidate).dkim, keys.publicKey);
        if (result.status === 'invalid') {
          throw new EngineError(
            'remoteFailed',
            `Unable to verify DKIM record of ${domain.domain}. ${result.error}`,
          );
        }
        dkim = {
          ...candidate.dkim,
          headers: input.dkim.headers ?? domain.dkim.headers,
          privateKeyPem: keys.privateKeyPem,
        };
      }
      const updated = await store.update(viewer, domain.domain, {
        // Only '' gets here (a tracking domain is refused above): it removes the current one.
        ...(input.tracking_domain !== undefined ? { trackingDomain: undefined } : {}),
        ...(input.shared_with_subaccounts !== undefined
          ? { sharedWithSubaccounts: input.shared_with_subaccounts }
          : {}),
        ...(input.is_default_bounce_domain !== undefined
          ? { isDefaultBounceDomain: input.is_default_bounce_domain }
          : {}),
        ...(dkim ? { dkim } : {}),
      });
      if (!updated) throw notFound(`Domain '${name}' does not exist`);
      if (dkim) await store.setStatuses(viewer.companyId, domain.domain, { dkimStatus: 'valid' });
      return updated;
    },

    async remove(viewer: Viewer, name: string): Promise<void> {
      const domain = await ownedOrRefuse(viewer, name);
      if (!(await store.remove(viewer, domain.domain))) throw notFound(`Domain '${name}' does not exist`);
    },

    /** Looks up each record asked for and records what was found. */
    async verify(viewer: Viewer, name: string, input: VerifyInput): Promise<Verification> {
      const domain = await ownedOrRefuse(viewer, name);
      if (mailboxFields.some((field) => input[field] !== undefined && input[field] !== false)) {
        throw invalidValue(
          'Mailbox verification (postmaster@, abuse@, a nominated mailbox) is not offered here: verify by DNS with dkim_verify or cname_verify',
        );
      }
      const kinds = (['dkim', 'cname', 'spf', 'dmarc'] as const).filter(
        (kind) => input[`${kind}_verify`] === true,
      );
      const published = records(domain);
      const results = await Promise.all(kinds.map((kind) => check(kind, domain, published)));
      const checks: Verification['checks'] = {};
      const statuses: StatusChange = {};
      kinds.forEach((kind, index) => {
        const result = results[index] as CheckResult;
        checks[kind] = { record: published[kind], result };
        // DNS that did not answer proves nothing: the status stays what the last answer proved, so a
        // resolver blip during a re-check does not stop a verified domain from sending.
        if (result.status === 'valid' || !result.lookupFailed) statuses[`${kind}Status`] = result.status;
      });
      if (Object.keys(statuses).length === 0) return { domain, checks };
      await store.setStatuses(viewer.companyId, domain.domain, statuses);
      const after = await store.owned(viewer, domain.domain);
      return { domain: after ?? domain, checks };
    },

    /** The company's domains (all accounts) whose SPF record is not verified, with the record to publish. */
    async unverifiedSpf(companyId: string) {
      const domains = await store.unverifiedSpf(companyId);
      return domains.map((domain) => ({ domain, record: records(domain).spf }));
    },
  };
}
