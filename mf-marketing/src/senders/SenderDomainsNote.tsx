import type { SenderDomain } from '@app/contract/marketing/senders';
import { usableSenderDomains } from '@app/contract/rules/sender-domain';
import { Alert, AppLink, Button, type Loaded } from '@app/shared';
import { domainsAwaitingSpf } from './sender-rows.ts';

const sendingDomains = '/domain/sending';

/**
 * The domains senders may be at (§5), or why there is none yet: a verified sending domain with its
 * SPF record verified, which the transactional console's Sending Domains page sets up.
 */
export function SenderDomainsNote({ domains }: { domains: Loaded<SenderDomain[]> }) {
  if (!domains.data) {
    return domains.status === 'failed' ? (
      <p className="muted">
        Your sending domains could not be loaded: {domains.error.message}{' '}
        <Button variant="text" size="small" onClick={domains.reload}>
          Try again
        </Button>
      </p>
    ) : null;
  }
  const usable = usableSenderDomains(domains.data);
  const awaiting = domainsAwaitingSpf(domains.data);
  const awaitingNote =
    awaiting.length === 0
      ? ''
      : ` ${awaiting.join(', ')} will be usable once ${awaiting.length === 1 ? 'its SPF record is' : 'their SPF records are'} verified.`;
  if (usable.length === 0) {
    return (
      <Alert type="warning" title="No domain to send from yet">
        A sender's address must be at one of your verified sending domains, or a subdomain of one, whose SPF
        record is verified too; free mail addresses such as Gmail cannot be senders.{awaitingNote}{' '}
        <AppLink to={sendingDomains}>Set up a sending domain</AppLink>
      </Alert>
    );
  }
  return (
    <p className="muted">
      Senders can use: {usable.join(', ')}.{awaitingNote}{' '}
      <AppLink to={sendingDomains}>Manage sending domains</AppLink>
    </p>
  );
}
