import type { WebhookView } from '@app/contract';
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
  StatusTag,
  useLoad,
} from '@app/shared';
import { listWebhooks } from './api.ts';

/** /webhook: every webhook with its target, events, state and last delivery. */
export function WebhookListPage() {
  const list = useLoad(listWebhooks, []);
  // §6: without webhook activity, nothing about deliveries is shown.
  const withActivity = consoleFeature('webhook.activity');
  const create = roleAllows('webhooks.manage') ? (
    <LinkButton to="/webhook/create" variant="primary">
      Create webhook
    </LinkButton>
  ) : (
    <RoleLockedButton label="Create webhook" permission="webhooks.manage" />
  );
  return (
    <Page
      title="Webhook"
      description="Webhooks POST your mail's events (deliveries, bounces, opens, clicks ...) to your own endpoint as they happen."
      actions={list.data && list.data.length > 0 ? create : null}
    >
      <LoadStatus
        loaded={list}
        lines={4}
        loading="Loading webhooks ..."
        failed="The webhooks could not be loaded"
      />
      {list.data ? (
        <Panel>
          <DataTable
            label="Webhooks"
            rows={list.data}
            rowKey={(webhook) => webhook.id}
            columns={[
              {
                key: 'name',
                label: 'Name',
                render: (webhook: WebhookView) => (
                  <AppLink to={`/webhook/${webhook.id}`}>{webhook.name}</AppLink>
                ),
              },
              {
                key: 'target',
                label: 'Target URL',
                render: (webhook: WebhookView) => <code>{webhook.target}</code>,
              },
              {
                key: 'events',
                label: 'Events',
                secondary: true,
                render: (webhook: WebhookView) => `${webhook.events.length} event types`,
              },
              {
                key: 'active',
                label: 'Status',
                render: (webhook: WebhookView) =>
                  webhook.active ? (
                    <StatusTag variant="success">Active</StatusTag>
                  ) : (
                    <StatusTag variant="neutral">Inactive</StatusTag>
                  ),
              },
              ...(withActivity
                ? [
                    {
                      key: 'last',
                      label: 'Last delivery',
                      secondary: true,
                      render: (webhook: WebhookView) => lastDelivery(webhook),
                    },
                  ]
                : []),
            ]}
            empty={
              <EmptyState title="No webhooks yet" action={create}>
                A webhook sends your mail's events to a URL of yours in batches, signed so you can trust them.
                Create one to update your own systems when mail is delivered, bounces or is opened.
              </EmptyState>
            }
          />
        </Panel>
      ) : null}
    </Page>
  );
}

/** The later of the last success and the last failure, or that nothing was sent yet. */
function lastDelivery(webhook: WebhookView): string {
  const { last_successful: success, last_failure: failure } = webhook;
  if (!success && !failure) return 'Nothing sent yet';
  if (success && (!failure || success >= failure)) return `Succeeded ${success}`;
  return `Failed ${failure}`;
}
