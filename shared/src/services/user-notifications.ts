import type { UserNotification } from '@app/contract/engine/activity';
import { atom } from 'nanostores';
import { http } from '../api/client.ts';

/** The signed-in user's unread §7 notifications (an export ready...), shared by the header and the pages. */
export const $unreadNotifications = atom<UserNotification[]>([]);

/** Reads the unread notifications again; a failure keeps the last list (the header retries later). */
export async function refreshUnreadNotifications(): Promise<void> {
  try {
    $unreadNotifications.set(
      await http.config.get<UserNotification[]>('/notifications?unread=true', { quiet: true }),
    );
  } catch {
    // Offline or signed out: the next refresh tries again.
  }
}

export async function markNotificationRead(id: string): Promise<void> {
  await http.config.post<true>(`/notifications/${id}/read`, {}, { quiet: true });
  $unreadNotifications.set($unreadNotifications.get().filter((item) => item.id !== id));
}
