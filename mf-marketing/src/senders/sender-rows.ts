import type { Sender, SenderDomain, SenderUsage } from '@app/contract/marketing/senders';
import { domainOfAddress, signingDomainFor } from '@app/contract/rules/sender-domain';

/** How a sender's state reads in the list. */
export function senderStatus(sender: Pick<Sender, 'validated'>): {
  label: string;
  variant: 'success' | 'warning';
} {
  return sender.validated
    ? { label: 'Validated', variant: 'success' }
    : { label: 'Pending confirmation', variant: 'warning' };
}

/** What a sender offers besides Delete: a new link while pending, becoming the default once validated. */
export function senderActions(sender: Pick<Sender, 'validated' | 'isDefault'>) {
  return { sendLink: !sender.validated, makeDefault: sender.validated && !sender.isDefault };
}

/** Verified sending domains that still wait for their SPF record to be verified. */
export const domainsAwaitingSpf = (domains: readonly SenderDomain[]) =>
  domains.filter((domain) => domain.verified && !domain.spfVerified).map((domain) => domain.domain);

export type DomainProblem = { kind: 'notSendingDomain' } | { kind: 'spfNotVerified'; domain: string };

/**
 * What keeps `email` from being a sender today (§5), decided as the server does: mail from it is
 * signed with its closest verified sending domain (itself or a parent), whose SPF must be verified.
 * Free mail providers are the server's to tell.
 */
export function senderDomainProblem(email: string, domains: readonly SenderDomain[]): DomainProblem | null {
  const signing = signingDomainFor(domainOfAddress(email), domains);
  if (!signing) return { kind: 'notSendingDomain' };
  return signing.spfVerified ? null : { kind: 'spfNotVerified', domain: signing.domain };
}

const counted = (count: number, thing: string) => `${count} ${thing}${count === 1 ? '' : 's'}`;

/** "2 campaigns, 1 automation and 3 forms": what uses a sender, or null when nothing does. */
export function usageText(usage: SenderUsage): string | null {
  const uses: [number, string][] = [
    [usage.campaigns, 'campaign'],
    [usage.automations, 'automation'],
    [usage.forms, 'form'],
  ];
  const parts = uses.filter(([count]) => count > 0).map(([count, thing]) => counted(count, thing));
  if (parts.length <= 1) return parts[0] ?? null;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
