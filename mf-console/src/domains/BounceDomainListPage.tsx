import { StatusTag, useLoad } from '@app/shared';
import { listSendingDomains } from './api.ts';
import { DomainListPage } from './DomainListPage.tsx';
import { VerificationTag } from './status.tsx';

/**
 * /domain/bounce: as in SparkPost, a bounce domain is a sending domain whose CNAME points here. The
 * list shows those verified and those set up for bounces whose CNAME is still pending (checked, not yet valid).
 */
export function BounceDomainListPage() {
  const loaded = useLoad(
    async () => (await listSendingDomains()).filter((domain) => domain.status.cname_status !== 'unverified'),
    [],
  );

  return (
    <DomainListPage
      use="bounce"
      title="Bounce Domain"
      description="The Return-Path domain of your mail: bounces and out-of-office replies come back to it. Your own bounce domain aligns SPF with your From domain for DMARC."
      loaded={loaded}
      rows={loaded.data}
      emptyTitle="No bounce domain yet"
      emptyText="Until you add one, your mail uses the platform's own bounce domain. Add a subdomain such as bounces.example.com and point it here with a CNAME record."
      skeletonLines={3}
      columns={[
        {
          key: 'cname',
          label: 'CNAME',
          render: (row) => <VerificationTag status={row.status.cname_status} />,
        },
        {
          key: 'dkim',
          label: 'DKIM',
          secondary: true,
          render: (row) => <VerificationTag status={row.status.dkim_status} />,
        },
        {
          key: 'default',
          label: 'Default',
          render: (row) =>
            row.is_default_bounce_domain ? <StatusTag variant="primary">Default</StatusTag> : '—',
        },
      ]}
    />
  );
}
