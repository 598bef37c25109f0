import { formatUserDateTime, navigate } from '@app/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, memo, useRef } from 'react';
import { eventTypeStyle, styles } from './styles.ts';
import type { EventRow } from './use-event-stream.ts';

const rowHeight = 44;

const EventLink = memo(function EventLink({
  row,
  index,
  count,
  start,
}: {
  row: EventRow;
  index: number;
  count: number;
  start: number;
}) {
  const time = formatUserDateTime(row.timestamp);
  const cells = (
    <>
      <span style={eventTypeStyle(row.type)}>{row.type}</span>
      <span style={styles.cell}>{row.recipient}</span>
      <span style={styles.cell}>{row.subject}</span>
      <span style={styles.cell} className="muted">
        {row.detail}
      </span>
      <span style={styles.cell}>{time}</span>
    </>
  );
  return (
    <li
      aria-setsize={count}
      aria-posinset={index + 1}
      style={{ ...styles.rowBox, height: rowHeight, transform: `translateY(${start}px)` }}
    >
      {row.messageId ? (
        <a data-index={index} href={`/activity/${row.messageId}`} style={styles.row}>
          {cells}
        </a>
      ) : (
        // An event of no message (a refused recipient): nothing to open, still reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: rows are walked with the arrow keys
        <div data-index={index} tabIndex={0} style={styles.row}>
          {cells}
        </div>
      )}
    </li>
  );
});

/** In-app navigation for every row with one listener (rows stay plain links: open in a new tab works). */
function followLink(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as Element).closest('a[href]');
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigate(link.getAttribute('href') ?? '/activity');
}

/**
 * The events as a virtualized list: only the rows in view (and a few around) are in the document,
 * so 100,000 loaded rows scroll like 50. Each row is a link to its message; ↑/↓ move between rows,
 * Home/End jump to the first and last.
 */
export function EventList({ rows }: { rows: EventRow[] }) {
  const viewport = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    requestAnimationFrame(() =>
      viewport.current?.querySelector<HTMLElement>(`[data-index="${target}"]`)?.focus(),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: current + 10,
      PageUp: current - 10,
    };
    const next = moves[event.key];
    if (next === undefined || current < 0) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <div>
      <div style={styles.header} aria-hidden="true">
        <span>Event</span>
        <span>Recipient</span>
        <span>Subject</span>
        <span>Details</span>
        <span>Time</span>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the rows are links; this only delegates their clicks and arrow keys */}
      <div ref={viewport} style={styles.viewport} onClick={followLink} onKeyDown={onKeyDown}>
        <ol
          aria-label="Message events"
          style={{
            height: virtualizer.getTotalSize(),
            position: 'relative',
            margin: 0,
            padding: 0,
            listStyle: 'none',
          }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row ? (
              <EventLink key={row.id} row={row} index={item.index} count={rows.length} start={item.start} />
            ) : null;
          })}
        </ol>
      </div>
    </div>
  );
}
