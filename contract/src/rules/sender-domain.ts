/** A sending domain as the §5 sender rule sees it. */
export interface SenderDomainFacts {
  domain: string;
  /** Its DKIM record is verified. */
  verified: boolean;
  spfVerified: boolean;
}

/** The domain part of an address, lower-cased. */
export const domainOfAddress = (email: string): string =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** §5: the sending domain mail From `domain` is signed with: itself or its closest verified parent. */
export function signingDomainFor<T extends SenderDomainFacts>(
  domain: string,
  domains: readonly T[],
): T | undefined {
  return domains
    .filter((candidate) => candidate.verified)
    .filter((candidate) => domain === candidate.domain || domain.endsWith(`.${candidate.domain}`))
    .toSorted((a, b) => b.domain.length - a.domain.length)[0];
}

/** The sending domains senders may use as they are: verified, SPF included. */
export const usableSenderDomains = (domains: readonly SenderDomainFacts[]): string[] =>
  domains.filter((domain) => domain.verified && domain.spfVerified).map((domain) => domain.domain);
