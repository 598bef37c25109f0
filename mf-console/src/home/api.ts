import type { AuthorizedRecipientList, ProductTour, SendingDomainSummary } from '@app/contract';
import { http } from '@app/shared';
import type { JourneyState } from './checklist.ts';

/** Reads everything the checklist needs, in parallel; production-only calls are skipped in the sandbox. */
export async function loadJourney(environment: 'sandbox' | 'production'): Promise<{
  state: JourneyState;
  tour: ProductTour;
}> {
  const quiet = { quiet: true };
  const [recipients, tour, domains, keys, injections] = await Promise.all([
    http.config.get<AuthorizedRecipientList>('/authorized-recipient', quiet),
    http.config.get<ProductTour>('/on-boarding/product-tour', quiet),
    http.transactional.get<{ results: SendingDomainSummary[] }>('/sending-domains', quiet),
    http.transactional.get<{ results: unknown[] }>('/api-keys', quiet),
    environment === 'production'
      ? http.transactional.get<{ results: unknown[] }>('/events/message?events=injection&per_page=1', quiet)
      : Promise.resolve({ results: [] }),
  ]);
  const verified = domains.results.filter(
    (domain) => domain.status.ownership_verified && domain.status.dkim_status === 'valid',
  );
  return {
    tour,
    state: {
      environment,
      verifiedRecipients: recipients.items.filter((recipient) => recipient.verified).length,
      sandboxEmailSent: tour.sandboxEmailSent,
      profileCompleted: tour.productionDataCompletion,
      sendingDomains: domains.results.length,
      verifiedSendingDomains: verified.length,
      apiKeys: keys.results.length,
      productionMessages: injections.results.length,
    },
  };
}
