import type { SendingDomainSummary } from '@app/contract';
import { StatusTag, useLoad } from '@app/shared';
import { listSendingDomains, unverifiedSpf } from './api.ts';
import { DomainListPage } from './DomainListPage.tsx';
import { domainFeature } from './flags.ts';
import { SpfWarning } from './SpfWarning.tsx';
import { VerificationTag } from './status.tsx';

/** Mail From the domain is accepted once its DKIM record is verified (it proves the domain is yours). */
export const canSend = (domain: Pick<SendingDomainSummary, 'status'>) =>
  domain.status.dkim_status === 'valid';

/** /domain/sending: every sending domain with the state of each record, whether it can send, and §7's SPF warning. */
export function SendingDomainListPage() {
  const loaded = useLoad(() => Promise.all([listSendingDomains(), unverifiedSpf()]), []);

  return (
    <DomainListPage
      use="sending"
      title="Sending Domain"
      description="The domains your mail is sent From. Each needs DNS records that prove it is yours before mail From it is accepted."
      loaded={loaded}
      rows={loaded.data?.[0]}
      before={
        loaded.data ? (
          <SpfWarning domains={loaded.data[1]} linked={domainFeature('sendingDomain', 'detail')} />
        ) : null
      }
      emptyTitle="No sending domain yet"
      emptyText="Mail can only be sent From a domain you have verified: it tells receivers the mail really comes from you, and keeps it out of spam. Add the domain of your From addresses and publish its records."
      skeletonLines={4}
      columns={[
        {
          key: 'dkim',
          label: 'DKIM',
          render: (row) => <VerificationTag status={row.status.dkim_status} />,
        },
        {
          key: 'spf',
          label: 'SPF',
          render: (row) => <VerificationTag status={row.status.spf_status} />,
        },
        {
          key: 'cname',
          label: 'Bounce (CNAME)',
          secondary: true,
          render: (row) => <VerificationTag status={row.status.cname_status} />,
        },
        {
          key: 'dmarc',
          label: 'DMARC',
          secondary: true,
          render: (row) => <VerificationTag status={row.status.dmarc_status} />,
        },
        {
          key: 'send',
          label: 'Can send',
          render: (row) =>
            canSend(row) ? (
              <StatusTag variant="success">Yes</StatusTag>
            ) : (
              <StatusTag variant="warning">Not yet</StatusTag>
            ),
        },
        {
          key: 'bounce',
          label: 'Default bounce',
          secondary: true,
          render: (row) =>
            row.is_default_bounce_domain ? <StatusTag variant="primary">Default</StatusTag> : '—',
        },
      ]}
    />
  );
}
