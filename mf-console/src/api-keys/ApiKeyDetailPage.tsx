import {
  $currentRoute,
  AppLink,
  ConfirmButton,
  consoleFeature,
  formatUserDateTime,
  LinkButton,
  LoadStatus,
  navigate,
  Page,
  Panel,
  roleAllows,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { deleteKey, getKey } from './api.ts';
import { grantsSummary } from './grants.ts';
import { keyPath, useSubaccountParam } from './subaccount-param.ts';

/** /api-key/:id: everything about a key but the key itself, with edit and delete. */
export function ApiKeyDetailPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const subaccount = useSubaccountParam();
  const key = useLoad(() => getKey(id, subaccount), [id, subaccount]);
  const back = subaccount ? `/subaccount/${subaccount}` : '/api-key';
  const data = key.data;

  return (
    <Page
      title="API Key Detail"
      description={data ? data.label : undefined}
      actions={
        data ? (
          <>
            {consoleFeature('apiKey.update') && roleAllows('apiKeys.manage') ? (
              <LinkButton to={keyPath(id, subaccount, '/edit')} variant="secondary">
                Edit
              </LinkButton>
            ) : null}
            {consoleFeature('apiKey.update') && roleAllows('apiKeys.manage') ? (
              <ConfirmButton
                label="Delete"
                title="Delete this API key?"
                question={
                  <>
                    <strong>{data.label}</strong> ({data.short_key}••••) stops working at once: every program
                    that uses it is refused. This cannot be undone.
                  </>
                }
                confirmLabel="Delete key"
                onConfirm={async () => {
                  await deleteKey(id, subaccount);
                  navigate(back);
                }}
              />
            ) : null}
          </>
        ) : null
      }
    >
      <LoadStatus
        loaded={key}
        lines={5}
        loading="Loading the API key ..."
        failed="This API key could not be loaded"
        action={<AppLink to={back}>Back to the list</AppLink>}
      />
      {data ? (
        <Panel title="Key">
          <dl className="app-definitions">
            <dt>Label</dt>
            <dd>{data.label}</dd>
            <dt>Key</dt>
            <dd>
              <code>{data.short_key}••••</code>{' '}
              <span className="muted">(only the first characters are kept; the full key was shown once)</span>
            </dd>
            <dt>Belongs to</dt>
            <dd>
              {data.subaccount_id ? (
                <AppLink to={`/subaccount/${data.subaccount_id}`}>Subaccount {data.subaccount_id}</AppLink>
              ) : (
                'Primary account'
              )}
            </dd>
            <dt>Grants</dt>
            <dd>
              {grantsSummary(data.grants, data.subaccount_id !== undefined) === 'All' ? 'All: ' : ''}
              <code>{data.grants.join(', ')}</code>
            </dd>
            {consoleFeature('apiKey.allowedIps') ? (
              <>
                <dt>Allowed IPs</dt>
                <dd>{data.valid_ips.length ? data.valid_ips.join(', ') : 'Any address'}</dd>
              </>
            ) : null}
            <dt>Created</dt>
            <dd>{formatUserDateTime(new Date(data.created))}</dd>
            {data.updated ? (
              <>
                <dt>Updated</dt>
                <dd>{formatUserDateTime(new Date(data.updated))}</dd>
              </>
            ) : null}
            <dt>Last used</dt>
            <dd>{data.last_used ? formatUserDateTime(new Date(data.last_used)) : 'Never'}</dd>
          </dl>
        </Panel>
      ) : null}
    </Page>
  );
}
