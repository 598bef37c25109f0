import { formatSize, type SandboxMessage } from '@app/contract';
import {
  $company,
  $currentRoute,
  Alert,
  Button,
  CodeBlock,
  ConfirmButton,
  DataTable,
  downloadFile,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  navigate,
  Page,
  Panel,
  Skeleton,
  Tabs,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { ProductionMessagePage } from '../activity/lazy.tsx';
import { mailTabs } from '../mail-view.tsx';
import { attachmentPath, deleteMessage, getMessage, messageSource, sourcePath } from './api.ts';

/** /activity/:id: one sandbox message; in production, the message's timeline and content (../activity). */
export function MessagePage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const sandbox = useStore($company)?.environment !== 'production';
  if (!sandbox) return <ProductionMessagePage id={id} />;
  return <SandboxMessagePage id={id} />;
}

function BackToActivity() {
  return <LinkButton to="/activity">Back to the inbox</LinkButton>;
}

function SandboxMessagePage({ id }: { id: string }) {
  const loaded = useLoad(() => getMessage(id), [id]);
  const message = loaded.data;
  return (
    <Page
      title="Activity Detail"
      description={message ? message.subject || '(no subject)' : undefined}
      actions={
        <>
          <BackToActivity />
          {message ? (
            <>
              <Button variant="secondary" onClick={() => void downloadFile(sourcePath(id), `${id}.eml`)}>
                Download .eml
              </Button>
              <ConfirmButton
                label="Delete"
                title="Delete message"
                question="Delete this message from the sandbox inbox? This cannot be undone."
                confirmLabel="Delete"
                onConfirm={async () => {
                  await deleteMessage(id);
                  navigate('/activity');
                }}
              />
            </>
          ) : null}
        </>
      }
    >
      {message ? (
        <MessageView message={message} />
      ) : loaded.status === 'failed' ? (
        <Panel>
          <EmptyState title="Message not found" action={<BackToActivity />}>
            It may have been deleted, or it belongs to another account.
          </EmptyState>
        </Panel>
      ) : (
        <Skeleton lines={8} label="Loading the message ..." />
      )}
    </Page>
  );
}

function MessageView({ message }: { message: SandboxMessage }) {
  const source = useLoad(() => messageSource(message.id), [message.id]);
  // Sanitized (no scripts, no handlers), then shown in an iframe with every sandbox flag off: the
  // mail runs no script and cannot reach the console's origin, cookies or storage.
  return (
    <>
      <Panel>
        <dl className="app-definitions">
          <dt>From</dt>
          <dd>{message.from}</dd>
          <dt>To</dt>
          <dd>{message.to}</dd>
          <dt>Subject</dt>
          <dd>{message.subject || '(no subject)'}</dd>
          <dt>Received</dt>
          <dd>{formatUserDateTime(new Date(message.createdAt))}</dd>
          <dt>Size</dt>
          <dd>{formatSize(message.size)}</dd>
        </dl>
      </Panel>
      <Panel>
        <Tabs
          label="Message views"
          tabs={[
            ...mailTabs(message, { frameTitle: 'HTML preview of the message', textTestId: 'message-text' }),
            {
              id: 'source',
              title: 'Source',
              content:
                source.status === 'failed' ? (
                  <Alert type="danger">The source could not be loaded.</Alert>
                ) : source.data === undefined ? (
                  <Skeleton lines={6} label="Loading the source ..." />
                ) : (
                  <CodeBlock label="Message source" code={source.data} />
                ),
            },
            {
              id: 'headers',
              title: 'Headers',
              content: (
                <DataTable
                  label="Message headers"
                  rows={message.headers.map((header, index) => ({ ...header, index }))}
                  rowKey={(row) => String(row.index)}
                  columns={[
                    { key: 'name', label: 'Name', render: (row) => <code>{row.name}</code> },
                    { key: 'value', label: 'Value', render: (row) => row.value },
                  ]}
                />
              ),
            },
            {
              id: 'attachments',
              title: `Attachments (${message.attachments.length})`,
              content: (
                <DataTable
                  label="Attachments"
                  rows={message.attachments.map((attachment, index) => ({ ...attachment, index }))}
                  rowKey={(row) => String(row.index)}
                  empty={<p className="muted">This message has no attachments.</p>}
                  columns={[
                    {
                      key: 'name',
                      label: 'Name',
                      render: (row) => row.filename || `attachment-${row.index + 1}`,
                    },
                    { key: 'type', label: 'Type', render: (row) => row.contentType, secondary: true },
                    { key: 'size', label: 'Size', render: (row) => formatSize(row.size) },
                    {
                      key: 'download',
                      label: 'Download',
                      render: (row) => (
                        <Button
                          variant="secondary"
                          size="small"
                          onClick={() =>
                            void downloadFile(
                              attachmentPath(message.id, row.index),
                              row.filename || `attachment-${row.index + 1}`,
                            )
                          }
                        >
                          Download
                        </Button>
                      ),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}
