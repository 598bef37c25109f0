import type { UserNotification } from '@app/contract';
import {
  $unreadNotifications,
  downloadFile,
  markNotificationRead,
  refreshUnreadNotifications,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

/** How often the header looks for new notifications while the page is visible. */
const pollMs = 30_000;

const refreshWhenVisible = () => {
  if (document.visibilityState === 'visible') void refreshUnreadNotifications();
};

/**
 * The §7 notifications of the signed-in user (an export ready to download...): a count in the
 * header, and a list where each one is opened (its file downloaded) or marked read.
 */
export function NotificationBell() {
  const items = useStore($unreadNotifications);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  useEffect(() => {
    refreshWhenVisible();
    const timer = setInterval(refreshWhenVisible, pollMs);
    document.addEventListener('visibilitychange', refreshWhenVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refreshWhenVisible);
    };
  }, []);

  const openFile = async (item: UserNotification) => {
    if (await downloadFile(item.link)) await markNotificationRead(item.id).catch(() => undefined);
  };

  const count = items.length;
  return (
    <div className="shell-header-end" ref={ref}>
      <button
        type="button"
        className="shell-icon-button shell-bell"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {/* Without a label Shoelace hides the icon from assistive technology; the button text names it. */}
        <sl-icon name="bell"></sl-icon>
        {count > 0 ? (
          <span className="shell-bell-count" aria-hidden="true">
            {count > 9 ? '9+' : count}
          </span>
        ) : null}
        <span className="visually-hidden">
          {count === 0 ? 'Notifications' : `Notifications, ${count} unread`}
        </span>
      </button>
      {open ? (
        <section className="shell-menu shell-notifications" aria-label="Notifications">
          {count === 0 ? <p className="muted">No new notifications.</p> : null}
          <ul>
            {items.map((item) => (
              <li key={item.id}>
                <span>{item.message}</span>
                <span className="shell-notification-actions">
                  {item.link ? (
                    <button type="button" onClick={() => void openFile(item)}>
                      Download
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => void markNotificationRead(item.id).catch(() => undefined)}
                  >
                    Mark read
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
