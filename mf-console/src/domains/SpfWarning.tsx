import type { UnverifiedSpfDomain } from '@app/contract';
import { Alert, AppLink } from '@app/shared';

/**
 * §7's warning: sending domains whose SPF record is not verified (GET /v1/domain/sending/unverified-spf),
 * each with the TXT record to publish. Nothing is shown when every SPF record is verified.
 */
export function SpfWarning({
  domains,
  linked = true,
}: {
  domains: readonly UnverifiedSpfDomain[];
  linked?: boolean;
}) {
  if (domains.length === 0) return null;
  return (
    <Alert type="warning" title="SPF is not verified">
      <p>
        Receivers check SPF to see that this platform may send for your domain; without it more of your mail
        lands in spam. Publish the TXT record below on{' '}
        {domains.length === 1 ? 'this domain' : 'each of these domains'}, then open the domain and press
        Verify.
      </p>
      <ul>
        {domains.map((domain) => (
          <li key={domain.domain}>
            {linked ? (
              <AppLink to={`/domain/sending/${encodeURIComponent(domain.domain)}`}>{domain.domain}</AppLink>
            ) : (
              <strong>{domain.domain}</strong>
            )}
            : TXT <code>{domain.spf_record.name}</code> = <code>{domain.spf_record.value}</code>
            {domain.spf_status === 'invalid' ? ' (the last check found a different or no SPF record)' : ''}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
