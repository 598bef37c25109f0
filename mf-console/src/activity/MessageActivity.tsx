import type { ActivityMessage } from '@app/contract';
import {
  Alert,
  EmptyState,
  formatUserDateTime,
  LinkButton,
  Page,
  Panel,
  Skeleton,
  Tabs,
  useLoad,
} from '@app/shared';
import { useMemo } from 'react';
import { mailTabs } from '../mail-view.tsx';
import { type MessageEvent, messageContent, messageEvents } from './api.ts';
import { eventTypeStyle, styles } from './styles.ts';
import { chronological, eventDetails } from './timeline.ts';

/** How far back a message's events are looked for: the longest retention a company may set. */
const searchBackMs = 3650 * 86_400_000;

function BackToActivity() {
  return <LinkButton to="/activity">Back to Activity</LinkButton>;
}

/** Production /activity/{id}: one message's whole timeline and, when the engine keeps it, its content. */
export function MessageActivity({ id }: { id: string }) {
  const events = useLoad(() => messageEvents(id, new Date(Date.now() - searchBackMs).toISOString()), [id]);
  const timeline = useMemo(() => chronological(events.data?.results ?? []), [events.data]);
  const first = timeline[0];
  return (
    <Page
      title="Activity Detail"
      description={first ? first.subject || '(no subject)' : `Message ${id}`}
      actions={<BackToActivity />}
    >
      {events.status === 'failed' ? (
        <Alert type="danger">The events of this message could not be loaded: {events.error.message}</Alert>
      ) : events.data === undefined ? (
        <Skeleton lines={6} label="Loading the message's events ..." />
      ) : first === undefined ? (
        <Panel>
          <EmptyState title="No events for this message" action={<BackToActivity />}>
            It may be older than your event retention, or it belongs to another account.
          </EmptyState>
        </Panel>
      ) : (
        <>
          <MessageFacts event={first} id={id} />
          <Panel title="Timeline">
            <ol style={styles.timeline} aria-label="Message timeline">
              {timeline.map((event) => (
                <TimelineItem key={event.event_id} event={event} />
              ))}
            </ol>
          </Panel>
          <MessageContent id={id} />
        </>
      )}
    </Page>
  );
}

function MessageFacts({ event, id }: { event: MessageEvent; id: string }) {
  return (
    <Panel>
      <dl className="app-definitions">
        <dt>Recipient</dt>
        <dd>{event.rcpt_to}</dd>
        <dt>From</dt>
        <dd>{event.friendly_from}</dd>
        <dt>Subject</dt>
        <dd>{event.subject || '(no subject)'}</dd>
        <dt>Transmission</dt>
        <dd>{event.transmission_id ?? ''}</dd>
        {event.campaign_id ? (
          <>
            <dt>Campaign</dt>
            <dd>{event.campaign_id}</dd>
          </>
        ) : null}
        <dt>Message ID</dt>
        <dd>
          <code>{id}</code>
        </dd>
      </dl>
    </Panel>
  );
}

function TimelineItem({ event }: { event: MessageEvent }) {
  const details = eventDetails(event);
  return (
    <li style={styles.timelineItem}>
      <time dateTime={event.timestamp}>{formatUserDateTime(event.timestamp)}</time>
      <div>
        <span style={eventTypeStyle(event.type)}>{event.type}</span>
        {details.length > 0 ? (
          <dl style={styles.facts}>
            {details.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt className="muted">{label}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}

function MessageContent({ id }: { id: string }) {
  const content = useLoad(() => messageContent(id), [id]);
  if (content.status === 'failed') {
    return (
      <Panel title="Content">
        <Alert type="danger">The content could not be loaded: {content.error.message}</Alert>
      </Panel>
    );
  }
  if (content.status === 'loading') {
    return (
      <Panel title="Content">
        <Skeleton lines={6} label="Loading the content ..." />
      </Panel>
    );
  }
  if (!content.data) {
    return (
      <Panel title="Content">
        <Alert type="info">
          The content of this message is not stored: the engine keeps a message's content only once it has
          composed it for delivery. The recipient, sender and subject above come from its events.
        </Alert>
      </Panel>
    );
  }
  return <StoredContent message={content.data} />;
}

function StoredContent({ message }: { message: ActivityMessage }) {
  return (
    <Panel title="Content">
      <Tabs
        label="Message content"
        tabs={[
          ...mailTabs(message, { frameTitle: 'HTML preview of the message' }),
          {
            id: 'headers',
            title: 'Headers',
            content: (
              <dl style={styles.facts}>
                {message.headers.map((header, index) => (
                  <div key={index} style={{ display: 'contents' }}>
                    <dt>
                      <code>{header.name}</code>
                    </dt>
                    <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{header.value}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
        ]}
      />
    </Panel>
  );
}
