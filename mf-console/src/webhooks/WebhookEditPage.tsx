import {
  $currentRoute,
  AppLink,
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
import { getWebhook, updateWebhook } from './api.ts';
import { WebhookForm } from './WebhookForm.tsx';
import { bodyOf, changesOf, valuesOf } from './webhook-form.ts';

/** /webhook/:id/edit: only what changed is sent; a new target is proven by a test batch first. */
export function WebhookEditPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const webhook = useLoad(() => getWebhook(id), [id]);
  const back = `/webhook/${id}`;
  if (!roleAllows('webhooks.manage'))
    return <RoleLockedPage title="Edit Webhook" permission="webhooks.manage" />;
  const data = webhook.data;
  return (
    <Page title="Edit Webhook" description={data?.name}>
      <LoadStatus
        loaded={webhook}
        lines={6}
        loading="Loading the webhook ..."
        failed="This webhook could not be loaded"
        action={<AppLink to="/webhook">Back to the list</AppLink>}
      />
      {data ? (
        <Panel>
          <WebhookForm
            initial={valuesOf(data)}
            submitLabel="Save changes"
            onCancel={() => navigate(back)}
            onSubmit={async (body) => {
              const changes = changesOf(bodyOf(valuesOf(data)), body);
              if (Object.keys(changes).length > 0) await updateWebhook(id, changes);
              showToast({ type: 'success', message: 'Your changes to the webhook were saved.' });
              navigate(back);
            }}
          />
        </Panel>
      ) : null}
    </Page>
  );
}
