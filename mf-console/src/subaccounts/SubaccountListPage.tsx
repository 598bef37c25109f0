import type { SubaccountView } from '@app/contract';
import {
  AppLink,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  useLoad,
} from '@app/shared';
import { listSubaccounts } from './api.ts';
import { SubaccountStatus } from './status.tsx';

/** /subaccount: the company's subaccounts with their status and IP pool. */
export function SubaccountListPage() {
  const list = useLoad(listSubaccounts, []);
  const create = roleAllows('subaccounts.manage') ? (
    <LinkButton to="/subaccount/create" variant="primary">
      Create subaccount
    </LinkButton>
  ) : (
    <RoleLockedButton label="Create subaccount" permission="subaccounts.manage" />
  );
  return (
    <Page
      title="Subaccount"
      description="Subaccounts keep the mail, keys and reports of each customer or brand apart from the others."
      actions={list.data && list.data.length > 0 ? create : null}
    >
      <LoadStatus
        loaded={list}
        lines={4}
        loading="Loading subaccounts ..."
        failed="The subaccounts could not be loaded"
      />
      {list.data ? (
        <Panel>
          <DataTable
            label="Subaccounts"
            rows={list.data}
            rowKey={(row) => String(row.id)}
            columns={[
              { key: 'id', label: 'ID', render: (row: SubaccountView) => row.id },
              {
                key: 'name',
                label: 'Name',
                render: (row: SubaccountView) => <AppLink to={`/subaccount/${row.id}`}>{row.name}</AppLink>,
              },
              {
                key: 'status',
                label: 'Status',
                render: (row: SubaccountView) => <SubaccountStatus status={row.status} />,
              },
              {
                key: 'compliance',
                label: 'Compliance',
                secondary: true,
                render: (row: SubaccountView) => row.compliance_status,
              },
              {
                key: 'ip_pool',
                label: 'IP pool',
                secondary: true,
                render: (row: SubaccountView) => row.ip_pool ?? <span className="muted">Any</span>,
              },
              {
                key: 'created',
                label: 'Created',
                secondary: true,
                render: (row: SubaccountView) => formatUserDateTime(new Date(row.created)),
              },
            ]}
            empty={
              <EmptyState title="No subaccounts yet" action={create}>
                Create a subaccount for each customer or brand you send for: it gets its own API keys, sending
                domains and suppression list, and you can suspend it on its own.
              </EmptyState>
            }
          />
        </Panel>
      ) : null}
    </Page>
  );
}
