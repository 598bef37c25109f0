import type { ApiKeyView, SubaccountView } from '@app/contract';
import {
  $currentRoute,
  Alert,
  AppLink,
  consoleFeature,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  roleAllows,
  Skeleton,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { listKeys } from '../api-keys/api.ts';
import { keyColumns } from '../api-keys/key-columns.tsx';
import { getSubaccount } from './api.ts';
import { SubaccountStatus } from './status.tsx';

/** /subaccount/:id: its status and IP pool, and its API keys (read with X-MSYS-SUBACCOUNT). */
export function SubaccountDetailPage() {
  const id = Number(useStore($currentRoute)?.params.id ?? '0');
  const subaccount = useLoad(() => getSubaccount(id), [id]);
  const data = subaccount.data;
  return (
    <Page
      title="Subaccount Detail"
      description={data?.name}
      actions={
        data && data.status !== 'terminated' && roleAllows('subaccounts.manage') ? (
          <LinkButton to={`/subaccount/${id}/edit`} variant="primary">
            Edit
          </LinkButton>
        ) : null
      }
    >
      <LoadStatus
        loaded={subaccount}
        lines={5}
        loading="Loading the subaccount ..."
        failed="This subaccount could not be loaded"
        action={<AppLink to="/subaccount">Back to subaccounts</AppLink>}
      />
      {data ? (
        <>
          <Panel title="Subaccount">
            <dl className="app-definitions">
              <dt>ID</dt>
              <dd>{data.id}</dd>
              <dt>Name</dt>
              <dd>{data.name}</dd>
              <dt>Status</dt>
              <dd>
                <SubaccountStatus status={data.status} />
              </dd>
              <dt>Compliance status</dt>
              <dd>{data.compliance_status}</dd>
              <dt>IP pool</dt>
              <dd>{data.ip_pool ?? 'Any pool of the account'}</dd>
              <dt>Created</dt>
              <dd>{formatUserDateTime(new Date(data.created))}</dd>
            </dl>
          </Panel>
          <SubaccountKeys subaccount={data} />
        </>
      ) : null}
    </Page>
  );
}

function SubaccountKeys({ subaccount }: { subaccount: SubaccountView }) {
  const active = subaccount.status === 'active';
  const keys = useLoad<ApiKeyView[]>(
    () => (active ? listKeys(subaccount.id, true) : Promise.resolve([])),
    [subaccount.id, active],
  );
  const create =
    active && consoleFeature('apiKey.create') && roleAllows('apiKeys.manage') ? (
      <LinkButton to={`/api-key/create?subaccount=${subaccount.id}`} variant="secondary">
        Create API key
      </LinkButton>
    ) : null;
  return (
    <Panel title="API keys" actions={keys.data && keys.data.length > 0 ? create : null}>
      {!active ? (
        <Alert type="info">
          {subaccount.status === 'suspended'
            ? 'This subaccount is suspended: its API keys are refused until you reactivate it, and they can be seen and managed again then.'
            : 'This subaccount is terminated: its API keys no longer work.'}
        </Alert>
      ) : null}
      {active && keys.status === 'loading' && !keys.data ? (
        <Skeleton lines={2} label="Loading its API keys ..." />
      ) : null}
      {keys.status === 'failed' ? <Alert type="danger">{keys.error.message}</Alert> : null}
      {active && keys.data ? (
        <DataTable
          label={`API keys of ${subaccount.name}`}
          rows={keys.data}
          rowKey={(key) => key.id}
          columns={Object.values(keyColumns(() => subaccount.id))}
          empty={
            <EmptyState title="No API keys for this subaccount" action={create}>
              The subaccount needs a key to send mail through the API or the SMTP relay.
            </EmptyState>
          }
        />
      ) : null}
    </Panel>
  );
}
