import {
  type ActivityExport,
  type ActivityFilters,
  activityExportRowLimit,
  type UserNotification,
} from '@app/contract';
import {
  $unreadNotifications,
  Alert,
  Button,
  DataTable,
  downloadFile,
  formatUserDateTime,
  markNotificationRead,
  Panel,
  refreshUnreadNotifications,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { listExports, startExport } from './api.ts';
import { styles } from './styles.ts';

const pollMs = 3000;

const statusTags: Record<
  ActivityExport['status'],
  { variant: 'success' | 'warning' | 'danger' | 'neutral'; label: string }
> = {
  queued: { variant: 'neutral', label: 'Queued' },
  running: { variant: 'warning', label: 'Writing' },
  done: { variant: 'success', label: 'Ready' },
  failed: { variant: 'danger', label: 'Failed' },
};

/**
 * Export to .xlsx as a background job: the server answers 202 (the §8 export notice), a worker
 * writes the file and notifies the user; the notification and the recent exports offer the download.
 */
export function ExportPanel({ filters }: { filters: ActivityFilters | undefined }) {
  const exports = useLoad(listExports, []);
  const notices = useStore($unreadNotifications);
  const [starting, setStarting] = useState(false);
  const pending = (exports.data ?? []).some((job) => job.status === 'queued' || job.status === 'running');

  // While an export is being written, look for its notification every few seconds.
  useEffect(() => {
    void refreshUnreadNotifications();
    if (!pending) return;
    const timer = setInterval(() => {
      exports.reload();
      void refreshUnreadNotifications();
    }, pollMs);
    return () => clearInterval(timer);
  }, [pending, exports.reload]);

  const dismiss = (notice: UserNotification) => markNotificationRead(notice.id);
  const exportNotices = notices.filter(
    (notice) => notice.link.startsWith('/activity/exports/') || notice.message.includes('export'),
  );

  return (
    <Panel
      title="Exports"
      actions={
        <Button
          variant="secondary"
          size="small"
          busy={starting}
          disabled={!filters}
          onClick={async () => {
            if (!filters) return;
            setStarting(true);
            try {
              await startExport(filters);
              exports.reload();
            } finally {
              setStarting(false);
            }
          }}
        >
          Export to .xlsx
        </Button>
      }
    >
      <div aria-live="polite">
        {exportNotices.map((notice) => (
          <Alert key={notice.id} type="success">
            <span>{notice.message}</span>
            <span style={styles.actions}>
              {notice.link ? (
                <Button
                  size="small"
                  onClick={async () => {
                    if (await downloadFile(notice.link)) await dismiss(notice);
                  }}
                >
                  Download
                </Button>
              ) : null}
              <Button variant="text" size="small" onClick={() => void dismiss(notice)}>
                Dismiss
              </Button>
            </span>
          </Alert>
        ))}
      </div>
      <DataTable<ActivityExport>
        label="Recent exports"
        rows={exports.data ?? []}
        rowKey={(row) => row.id}
        empty={
          <p className="muted">
            Export the events the filters find to an Excel file (up to{' '}
            {activityExportRowLimit.toLocaleString('en-US')} rows). You get a notification when it is ready.
          </p>
        }
        columns={[
          { key: 'created', label: 'Started', render: (row) => formatUserDateTime(row.createdAt) },
          {
            key: 'status',
            label: 'Status',
            render: (row) => (
              <StatusTag variant={statusTags[row.status].variant}>{statusTags[row.status].label}</StatusTag>
            ),
          },
          {
            key: 'rows',
            label: 'Rows',
            render: (row) =>
              row.status === 'done'
                ? `${row.rowCount.toLocaleString('en-US')}${row.truncated ? ' (limit reached)' : ''}`
                : '',
          },
          {
            key: 'download',
            label: 'File',
            render: (row) =>
              row.downloadPath ? (
                <Button
                  variant="secondary"
                  size="small"
                  onClick={() => void downloadFile(row.downloadPath ?? '')}
                >
                  Download
                </Button>
              ) : (
                ''
              ),
          },
        ]}
      />
    </Panel>
  );
}
