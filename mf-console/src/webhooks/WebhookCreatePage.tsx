import { navigate, Page, Panel, RoleLockedPage, roleAllows, showToast } from '@app/shared';
import { createWebhook } from './api.ts';
import { WebhookForm } from './WebhookForm.tsx';
import { emptyWebhook } from './webhook-form.ts';

/** /webhook/create: the engine sends a test batch to the target first; the webhook exists once it answers 2xx. */
export function WebhookCreatePage() {
  if (!roleAllows('webhooks.manage'))
    return <RoleLockedPage title="Create Webhook" permission="webhooks.manage" />;
  return (
    <Page
      title="Create Webhook"
      description="Your endpoint must answer a test batch with a 2xx status before the webhook is created."
    >
      <Panel>
        <WebhookForm
          initial={emptyWebhook}
          submitLabel="Create webhook"
          onCancel={() => navigate('/webhook')}
          onSubmit={async (body) => {
            const created = await createWebhook(body);
            showToast({
              type: 'success',
              message: 'Webhook created.',
            });
            navigate(`/webhook/${created.id}`);
          }}
        />
      </Panel>
    </Page>
  );
}
