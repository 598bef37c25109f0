import { formatDisplayDate, formatLimit, type QuotaItem } from '@app/contract';
import { LinkButton, Panel } from '@app/shared';

/** Where the company sends from today and how much of its quota this period has used. */
export function EnvironmentPanel({
  environment,
  email,
  sandbox,
}: {
  environment: 'sandbox' | 'production';
  email: QuotaItem | undefined;
  sandbox: QuotaItem | undefined;
}) {
  const quota = environment === 'sandbox' ? sandbox : email;
  return (
    <Panel title={environment === 'sandbox' ? 'You are in the sandbox' : 'You are in production'}>
      <p>
        {environment === 'sandbox'
          ? 'Mail you send here reaches only your verified authorized recipients and is kept in the sandbox inbox, so you can try everything safely.'
          : 'Mail you send is delivered to its recipients, from your verified sending domains, signed with their DKIM keys.'}
      </p>
      {quota ? (
        <p>
          <strong>
            {quota.usage.toLocaleString('en')} of {formatLimit(quota.quota)}
          </strong>{' '}
          {environment === 'sandbox' ? 'sandbox emails' : 'emails'} used this period
          {quota.periodEnd ? `, until ${formatDisplayDate(new Date(quota.periodEnd))}` : ''}.
        </p>
      ) : null}
      <div className="app-page-actions">
        {environment === 'sandbox' ? (
          <>
            <LinkButton to="/configuration">Open configuration</LinkButton>
            <LinkButton to="/activity">Open the inbox</LinkButton>
          </>
        ) : (
          <LinkButton to="/activity">See activity</LinkButton>
        )}
      </div>
    </Panel>
  );
}
