import {
  $currentRoute,
  Alert,
  AppLink,
  consoleFeature,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { getKey, updateKey } from './api.ts';
import { KeyForm } from './KeyForm.tsx';
import { keyPath, useSubaccountParam } from './subaccount-param.ts';

/** /api-key/:id/edit: label, grants and allowed IPs (the key itself never changes). */
export function ApiKeyEditPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const subaccount = useSubaccountParam();
  const key = useLoad(() => getKey(id, subaccount), [id, subaccount]);
  const detail = keyPath(id, subaccount);

  if (!consoleFeature('apiKey.update')) {
    return (
      <Page title="Edit API Key">
        <Alert type="info">
          Changing API keys is turned off for this account. <AppLink to={detail}>Back to the key</AppLink>
        </Alert>
      </Page>
    );
  }

  if (!roleAllows('apiKeys.manage'))
    return <RoleLockedPage title="Edit API Key" permission="apiKeys.manage" />;

  return (
    <Page title="Edit API Key" description="Change what the key may do. The key itself stays the same.">
      <LoadStatus
        loaded={key}
        lines={5}
        loading="Loading the API key ..."
        failed="This API key could not be loaded"
        action={<AppLink to="/api-key">Back to API keys</AppLink>}
      />
      {key.data ? (
        <Panel>
          <KeyForm
            initial={{ label: key.data.label, grants: key.data.grants, validIps: key.data.valid_ips }}
            forSubaccount={key.data.subaccount_id !== undefined}
            submitLabel="Save changes"
            onCancel={() => navigate(detail)}
            onSubmit={async (body) => {
              await updateKey(id, body, subaccount);
              showToast({ type: 'success', message: 'The API key is saved.' });
              navigate(detail);
            }}
          />
        </Panel>
      ) : null}
    </Page>
  );
}
