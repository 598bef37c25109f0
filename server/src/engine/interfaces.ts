import { isFreeDomain } from './recipient-validation/address-facts.ts';
import type { SendingDomainStore } from './sending-domains/sending-domain-store.ts';
import type { SuppressionStore } from './suppression/suppression-store.ts';

/** One of the company's sending domains, as marketing needs to know it. */
export interface CompanySendingDomain {
  /** Lower-cased. */
  domain: string;
  /** Its DKIM record is verified: mail From it (or a subdomain) may be sent. */
  verified: boolean;
  spfVerified: boolean;
}

/**
 * The engine's doors for marketing (server/src/marketing): what it may ask and submit, never the
 * engine's tables. `npm run layers` allows marketing no other engine import. Doors are added here
 * as marketing needs them (submit a send, suppression, events, designs).
 */
export interface MarketingEngine {
  /** The company master account's sending domains. */
  sendingDomainsOf(companyId: string): Promise<CompanySendingDomain[]>;
  /** Whether anyone may sign up for a mailbox at the (lower-case) domain: gmail.com, yahoo.com... */
  isFreeMailDomain(domain: string): boolean;
  /** The (lower-cased) addresses among `addresses` on the company's non-transactional suppression list. */
  suppressedForMarketing(companyId: string, addresses: string[]): Promise<Set<string>>;
}

/** The doors, on the engine's parts (app.ts passes the process's engine). */
export function marketingEngineOf(engine: {
  sendingDomains: Pick<SendingDomainStore, 'list'>;
  suppressions: Pick<SuppressionStore, 'suppressed'>;
}): MarketingEngine {
  return {
    async sendingDomainsOf(companyId) {
      const domains = await engine.sendingDomains.list({ companyId, subaccountId: 0, isMaster: true });
      return domains
        .filter((domain) => domain.subaccountId === 0)
        .map((domain) => ({
          domain: domain.domain,
          verified: domain.dkimStatus === 'valid',
          spfVerified: domain.spfStatus === 'valid',
        }));
    },
    isFreeMailDomain: isFreeDomain,
    suppressedForMarketing: (companyId, addresses) =>
      engine.suppressions.suppressed(companyId, 0, addresses, 'non_transactional'),
  };
}
