import { notificationAutoDismissMs, notificationMaxShown } from '@app/contract';
import { atom } from 'nanostores';

export interface Notification {
  id: number;
  message: string;
}

export const $notifications = atom<Notification[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * §4: notifications are de-duplicated by message, at most three show at once (the oldest gives way)
 * and each is removed after five seconds.
 */
type Schedule = (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;

export function notify(message: string, schedule: Schedule = setTimeout): void {
  const current = $notifications.get();
  if (current.some((item) => item.message === message)) return;
  const id = nextId++;
  const next = [...current, { id, message }];
  while (next.length > notificationMaxShown) {
    const dropped = next.shift();
    if (dropped) clearTimer(dropped.id);
  }
  $notifications.set(next);
  timers.set(
    id,
    schedule(() => dismissNotification(id), notificationAutoDismissMs),
  );
}

export function dismissNotification(id: number): void {
  clearTimer(id);
  $notifications.set($notifications.get().filter((item) => item.id !== id));
}

export function clearNotifications(): void {
  for (const id of timers.keys()) clearTimer(id);
  $notifications.set([]);
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}
