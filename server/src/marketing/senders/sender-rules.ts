import { domainOfAddress, signingDomainFor } from '@app/contract/rules/sender-domain';
import { DomainError } from '../../domain-error.ts';
import type { MarketingEngine } from '../../engine/interfaces.ts';

export interface SenderDomainFacts {
  engine: Pick<MarketingEngine, 'sendingDomainsOf' | 'isFreeMailDomain'>;
  /** The `v=spf1` and other TXT records published at a domain (a DNS failure throws). */
  spfRecordsOf(domain: string): Promise<string[]>;
}

/**
 * §5: a sender's domain is one of the company's verified sending domains (or a subdomain of one),
 * not a free mail provider's, and that sending domain's SPF is verified. When the engine does not
 * say SPF is verified, the domain's TXT records are looked up to say what is wrong with them.
 */
export async function checkSenderDomain(facts: SenderDomainFacts, companyId: string, email: string) {
  const domain = domainOfAddress(email);
  const payload = { field: 'email', value: email };
  if (facts.engine.isFreeMailDomain(domain)) {
    throw new DomainError(
      'senderDomainUnsupported',
      'Sender cannot use a free email provider domain',
      payload,
    );
  }
  const sending = signingDomainFor(domain, await facts.engine.sendingDomainsOf(companyId));
  if (!sending) {
    throw new DomainError(
      'senderDomainUnsupported',
      'The sender domain is not one of your verified sending domains',
      payload,
    );
  }
  if (sending.spfVerified) return;
  const d = sending.domain;
  let records: string[];
  try {
    records = (await facts.spfRecordsOf(d)).filter((record) => /^v=spf1(\s|$)/i.test(record.trim()));
  } catch {
    throw new DomainError(
      'senderDomainMisconfigured',
      `The SPF record of ${d} could not be looked up: DNS did not answer, try again in a moment`,
      payload,
    );
  }
  if (records.length === 0) {
    throw new DomainError(
      'spfSingle',
      `The domain ${d} has no SPF record: publish one that includes this platform`,
      payload,
    );
  }
  if (records.length > 1) {
    throw new DomainError(
      'spfDouble',
      `The domain ${d} publishes ${records.length} SPF records; a domain may publish only one`,
      payload,
    );
  }
  throw new DomainError(
    'senderDomainMisconfigured',
    `The SPF record of ${d} is not verified: verify it under Sending Domains`,
    payload,
  );
}
