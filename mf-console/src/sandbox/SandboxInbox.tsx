import { formatSize } from '@app/contract';
import {
  Alert,
  AppLink,
  Button,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  Panel,
  Skeleton,
  TextField,
  useLoad,
} from '@app/shared';
import { useEffect, useState } from 'react';
import { deleteAllMessages, listMessages } from './api.ts';
import { styles } from './styles.ts';

const pageSize = 20;
/** The inbox reads itself again this often while the page is visible. */
const refreshMs = 5000;

/** The sandbox inbox: what the company sent while in the sandbox, newest first. */
export function SandboxInbox() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const loaded = useLoad(() => listMessages({ page, size: pageSize, search }), [page, search]);
  const { reload } = loaded;

  // A short pause after typing before searching.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [reload]);

  const data = loaded.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

  return (
    <Panel
      title="Sandbox inbox"
      actions={
        <>
          <Button variant="secondary" size="small" onClick={reload}>
            Refresh
          </Button>
          <ConfirmButton
            label="Delete all"
            size="small"
            disabled={!data || data.total === 0}
            title="Empty the sandbox inbox"
            question="Delete every message of the sandbox inbox? This cannot be undone."
            confirmLabel="Delete all"
            onConfirm={async () => {
              await deleteAllMessages();
              setPage(1);
              reload();
            }}
          />
        </>
      }
    >
      <div style={styles.toolbar}>
        <TextField
          label="Search"
          type="search"
          hint="Subject or recipient"
          value={typed}
          style={styles.inlineField}
          onChange={(event) => setTyped(event.target.value)}
        />
        <span className="muted" role="status">
          {data ? `${data.total} ${data.total === 1 ? 'message' : 'messages'} · refreshed every 5 s` : ''}
        </span>
      </div>
      {loaded.status === 'failed' ? (
        <Alert type="danger">
          {data ? 'The inbox could not be refreshed' : 'The inbox could not be loaded'}:{' '}
          {loaded.error.message}{' '}
          <Button variant="text" size="small" onClick={reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {data === undefined ? (
        loaded.status === 'failed' ? null : (
          <Skeleton lines={5} label="Loading the sandbox inbox ..." />
        )
      ) : (
        <DataTable
          label="Sandbox messages"
          rows={data.items}
          rowKey={(row) => row.id}
          empty={
            search ? (
              <EmptyState title="No message matches">Try another subject or recipient.</EmptyState>
            ) : (
              <EmptyState
                title="The sandbox inbox is empty"
                action={<LinkButton to="/configuration">Send a test email from Configuration</LinkButton>}
              >
                Every email you send while in the sandbox, through the API or the SMTP relay, is kept here.
              </EmptyState>
            )
          }
          columns={[
            {
              key: 'subject',
              label: 'Subject',
              render: (row) => <AppLink to={`/activity/${row.id}`}>{row.subject || '(no subject)'}</AppLink>,
            },
            { key: 'from', label: 'From', render: (row) => row.from, secondary: true },
            { key: 'to', label: 'To', render: (row) => row.to },
            {
              key: 'time',
              label: 'Time',
              render: (row) => (
                <span style={styles.nowrap}>{formatUserDateTime(new Date(row.createdAt))}</span>
              ),
            },
            {
              key: 'size',
              label: 'Size',
              render: (row) => <span style={styles.nowrap}>{formatSize(row.size)}</span>,
              secondary: true,
            },
          ]}
        />
      )}
      {data && pages > 1 ? (
        <nav aria-label="Inbox pages" style={{ ...styles.actions, marginTop: 12 }}>
          <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </Panel>
  );
}
