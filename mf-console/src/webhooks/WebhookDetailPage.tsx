import type { WebhookView } from '@app/contract';
import {
  $currentRoute,
  AppLink,
  ConfirmButton,
  consoleFeature,
  LinkButton,
  LoadStatus,
  navigate,
  Page,
  Panel,
  roleAllows,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { deleteWebhook, getWebhook } from './api.ts';
import { BatchHistory } from './BatchHistory.tsx';
import { SigningSecret } from './SigningSecret.tsx';
import { TestBatch } from './TestBatch.tsx';

const authLabels = {
  none: 'None',
  basic: 'Basic authentication',
  oauth2: 'OAuth 2.0 (client credentials)',
} as const;

function authText(webhook: WebhookView): string {
  if (webhook.auth_type === 'basic') {
    const { username } = webhook.auth_credentials as { username?: string };
    return `${authLabels.basic} as ${username ?? ''}`;
  }
  if (webhook.auth_type === 'oauth2') {
    const { url } = webhook.auth_request_details as { url?: string };
    return `${authLabels.oauth2}, token from ${url ?? ''}`;
  }
  return authLabels.none;
}

/**
 * /webhook/:id: its settings, the signing secret and how to verify a batch, a test batch with the
 * receiver's answer, and (unless §6 turns webhook activity off) the batch history.
 */
export function WebhookDetailPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const webhook = useLoad(() => getWebhook(id), [id]);
  const data = webhook.data;
  const canManage = roleAllows('webhooks.manage');
  const withActivity = consoleFeature('webhook.activity');

  return (
    <Page
      title="Webhook Detail"
      description={data?.name}
      actions={
        data && canManage ? (
          <>
            <LinkButton to={`/webhook/${id}/edit`}>Edit</LinkButton>
            <ConfirmButton
              label="Delete"
              title="Delete this webhook?"
              question={
                <>
                  <strong>{data.name}</strong> stops receiving events at once, and the batches waiting for it
                  are dropped. This cannot be undone.
                </>
              }
              confirmLabel="Delete webhook"
              onConfirm={async () => {
                await deleteWebhook(id);
                navigate('/webhook');
              }}
            />
          </>
        ) : null
      }
    >
      <LoadStatus
        loaded={webhook}
        lines={6}
        loading="Loading the webhook ..."
        failed="This webhook could not be loaded"
        action={<AppLink to="/webhook">Back to the list</AppLink>}
      />
      {data ? (
        <>
          <Panel title="Settings">
            <dl className="app-definitions">
              <dt>Name</dt>
              <dd>{data.name}</dd>
              <dt>Target URL</dt>
              <dd>
                <code>{data.target}</code>
              </dd>
              <dt>Status</dt>
              <dd>
                {data.active ? (
                  <StatusTag variant="success">Active</StatusTag>
                ) : (
                  <StatusTag variant="neutral">Inactive</StatusTag>
                )}
              </dd>
              <dt>Events</dt>
              <dd>
                {data.events.map((event, index) => (
                  <span key={event}>
                    {index > 0 ? ', ' : ''}
                    <code>{event}</code>
                  </span>
                ))}
              </dd>
              {consoleFeature('webhook.authentication') ? (
                <>
                  <dt>Authentication</dt>
                  <dd>
                    {authText(data)}
                    {!canManage && data.auth_type !== 'none' ? (
                      <div className="muted">
                        Its secrets are shown only to roles that may manage webhooks.
                      </div>
                    ) : null}
                  </dd>
                </>
              ) : null}
              {withActivity ? (
                <>
                  <dt>Last success</dt>
                  <dd>{data.last_successful ?? 'None yet'}</dd>
                  <dt>Last failure</dt>
                  <dd>{data.last_failure ?? 'None'}</dd>
                </>
              ) : null}
            </dl>
          </Panel>
          {canManage ? <TestBatch id={id} target={data.target} /> : null}
          {data.signing_secret ? <SigningSecret secret={data.signing_secret} /> : null}
          {withActivity ? <BatchHistory id={id} onRefresh={webhook.reload} /> : null}
        </>
      ) : null}
    </Page>
  );
}
