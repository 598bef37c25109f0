import {
  AppLink,
  consoleFeature,
  DataTable,
  EmptyState,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  useLoad,
} from '@app/shared';
import { type ListedKey, listAllKeys } from './api.ts';
import { keyColumns } from './key-columns.tsx';

/** /api-key: every key by label and short key (never the key itself), its grants, IPs and last use. */
export function ApiKeyListPage() {
  const withSubaccounts = consoleFeature('subaccount');
  const canCreate = consoleFeature('apiKey.create');
  const showIps = consoleFeature('apiKey.allowedIps');
  const list = useLoad(() => listAllKeys(withSubaccounts), [withSubaccounts]);
  const create = !canCreate ? null : roleAllows('apiKeys.manage') ? (
    <LinkButton to="/api-key/create" variant="primary">
      Create API key
    </LinkButton>
  ) : (
    <RoleLockedButton label="Create API key" permission="apiKeys.manage" />
  );

  const key = keyColumns((row: ListedKey) => row.subaccount_id);
  const columns = [
    key.label,
    key.shortKey,
    key.grants,
    ...(showIps
      ? [
          {
            key: 'ips',
            label: 'Allowed IPs',
            secondary: true,
            render: (key: ListedKey) => (key.valid_ips.length ? key.valid_ips.join(', ') : 'Any'),
          },
        ]
      : []),
    key.lastUsed,
    ...(withSubaccounts
      ? [
          {
            key: 'subaccount',
            label: 'Subaccount',
            render: (key: ListedKey) =>
              key.subaccount ? (
                <AppLink to={`/subaccount/${key.subaccount.id}`}>{key.subaccount.name}</AppLink>
              ) : (
                <span className="muted">Primary account</span>
              ),
          },
        ]
      : []),
  ];

  return (
    <Page
      title="API Key"
      description="Keys let your programs send mail and manage this account through the API and the SMTP relay."
      actions={list.status === 'ready' && list.data.keys.length > 0 ? create : null}
    >
      <LoadStatus
        loaded={list}
        lines={4}
        loading="Loading API keys ..."
        failed="The API keys could not be loaded"
      />
      {list.data ? (
        <Panel>
          <DataTable
            label="API keys"
            columns={columns}
            rows={list.data.keys}
            rowKey={(key) => key.id}
            empty={
              <EmptyState title="No API keys yet" action={create}>
                An API key lets a program send mail through the API or the SMTP relay, read events or manage
                domains, with only the grants you give it. Create one for each program so you can revoke it
                alone.
              </EmptyState>
            }
          />
          {list.data.unlisted.length > 0 ? (
            <p className="muted">
              Keys of suspended or terminated subaccounts are not listed:{' '}
              {list.data.unlisted.map((subaccount) => subaccount.name).join(', ')}.
            </p>
          ) : null}
        </Panel>
      ) : null}
    </Page>
  );
}
