import { StatusTag, useLoad } from '@app/shared';
import { listTrackingDomains } from './api.ts';
import { DomainListPage } from './DomainListPage.tsx';
import { VerificationTag } from './status.tsx';

/** /domain/tracking: the host names that wrap tracked links and the open pixel. */
export function TrackingDomainListPage() {
  const loaded = useLoad(listTrackingDomains, []);

  return (
    <DomainListPage
      use="tracking"
      title="Tracking Domain"
      description="Opens and clicks are tracked through links on a host name. Your own tracking domain makes those links show your brand."
      loaded={loaded}
      rows={loaded.data}
      emptyTitle="No tracking domain yet"
      emptyText="Add a subdomain such as click.example.com and point it here with a CNAME record; once verified, make it the default."
      skeletonLines={3}
      columns={[
        {
          key: 'status',
          label: 'CNAME',
          render: (row) => <VerificationTag status={row.status.cname_status} />,
        },
        {
          key: 'secure',
          label: 'Links',
          secondary: true,
          render: (row) => (row.secure ? 'HTTPS' : 'HTTP'),
        },
        {
          key: 'default',
          label: 'Default',
          render: (row) => (row.default ? <StatusTag variant="primary">Default</StatusTag> : '—'),
        },
        {
          key: 'subaccount',
          label: 'Subaccount',
          secondary: true,
          render: (row) => (row.subaccount_id === undefined ? 'Primary account' : String(row.subaccount_id)),
        },
      ]}
    />
  );
}
