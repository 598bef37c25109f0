import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.ts';

export interface NewNotification {
  companyId: string;
  userId: string;
  message: string;
  /** A console path to open, or ''. */
  link?: string;
}

export interface StoredNotification {
  id: string;
  message: string;
  link: string;
  read: boolean;
  createdAt: Date;
}

interface NotificationRow {
  id: string;
  message: string;
  link: string;
  read_at: Date | null;
  created_at: Date;
}

const toNotification = (row: NotificationRow): StoredNotification => ({
  id: row.id,
  message: row.message,
  link: row.link,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

/** What other domains use to tell a user something (an export is ready): they never touch the table. */
export interface Notifier {
  notify(target: Db, notification: NewNotification, at: Date): Promise<string>;
}

/** A user's notifications (§7 GET /notifications): written by other domains through `notify`. */
export function createNotificationStore(db: Db) {
  return {
    async notify(target: Db, notification: NewNotification, at: Date): Promise<string> {
      const id = randomUUID();
      await target.query(
        `INSERT INTO user_notifications (id, company_id, user_id, message, link, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, notification.companyId, notification.userId, notification.message, notification.link ?? '', at],
      );
      return id;
    },

    /** The user's newest `size` notifications (only the unread ones with `unreadOnly`). */
    async list(companyId: string, userId: string, size: number, unreadOnly: boolean) {
      const rows = await db.query<NotificationRow>(
        `SELECT id, message, link, read_at, created_at FROM user_notifications
         WHERE company_id = $1 AND user_id = $2 ${unreadOnly ? 'AND read_at IS NULL' : ''}
         ORDER BY created_at DESC, id LIMIT $3`,
        [companyId, userId, size],
      );
      return rows.map(toNotification);
    },

    /** Marks one of the user's notifications read; false when the user has no such notification. */
    async markRead(companyId: string, userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE user_notifications SET read_at = COALESCE(read_at, $4)
         WHERE id = $1 AND company_id = $2 AND user_id = $3 RETURNING id`,
        [id, companyId, userId, at],
      );
      return rows.length > 0;
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
