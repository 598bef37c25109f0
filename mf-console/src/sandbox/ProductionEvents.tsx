import {
  Button,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  Panel,
  Skeleton,
  StatusTag,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { type MessageEvent, recentEvents } from './api.ts';

const variants: Record<string, 'success' | 'warning' | 'danger' | 'neutral' | 'primary'> = {
  delivery: 'success',
  injection: 'primary',
  open: 'success',
  initial_open: 'success',
  click: 'success',
  delay: 'warning',
  out_of_band: 'danger',
  bounce: 'danger',
  spam_complaint: 'danger',
  policy_rejection: 'danger',
  generation_failure: 'danger',
  generation_rejection: 'danger',
};

/** The cursor of the engine's links.next (a path with ?cursor=...). */
const cursorOf = (next: string | undefined) =>
  next ? (new URL(next, 'http://x').searchParams.get('cursor') ?? undefined) : undefined;

/**
 * Production Activity for now: the engine's recent message events (GET /api/v1/events/message),
 * newest first, with the filters of a later release. With `messageId`, the events of one message.
 */
export function ProductionEvents({ messageId }: { messageId?: string }) {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const loaded = useLoad(() => recentEvents({ cursor, messageId }), [cursor, messageId]);
  const data = loaded.data;
  const next = cursorOf(data?.links.next);

  return (
    <Panel
      title={messageId ? 'Events of this message' : 'Recent message events'}
      actions={
        <Button variant="secondary" size="small" onClick={loaded.reload}>
          Refresh
        </Button>
      }
    >
      {data === undefined ? (
        <Skeleton lines={5} label="Loading message events ..." />
      ) : (
        <DataTable<MessageEvent>
          label="Message events"
          rows={data.results}
          rowKey={(row) => row.event_id}
          empty={
            <EmptyState
              title="No message events yet"
              action={<LinkButton to="/configuration">Send a test email from Configuration</LinkButton>}
            >
              Injections, deliveries, bounces, opens and clicks of your mail show here.
            </EmptyState>
          }
          columns={[
            {
              key: 'type',
              label: 'Event',
              render: (row) => <StatusTag variant={variants[row.type] ?? 'neutral'}>{row.type}</StatusTag>,
            },
            { key: 'to', label: 'Recipient', render: (row) => row.rcpt_to ?? '' },
            { key: 'subject', label: 'Subject', render: (row) => row.subject ?? '', secondary: true },
            {
              key: 'reason',
              label: 'Reason',
              render: (row) => row.reason ?? row.raw_reason ?? '',
              secondary: true,
            },
            { key: 'time', label: 'Time', render: (row) => formatUserDateTime(new Date(row.timestamp)) },
          ]}
        />
      )}
      {data && (cursors.length > 1 || next) ? (
        <nav aria-label="Event pages" style={{ display: 'flex', gap: 8, marginTop: 12 }}>
          <Button
            variant="secondary"
            size="small"
            disabled={cursors.length <= 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="secondary"
            size="small"
            disabled={!next}
            onClick={() => setCursors([...cursors, next])}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </Panel>
  );
}
