import { atom } from 'nanostores';

export type ToastType = 'success' | 'info' | 'warning' | 'danger';

/** §3 toast: title and message are HTML, sanitized when rendered. */
export interface Toast {
  id: number;
  type: ToastType;
  icon?: string;
  title?: string;
  message: string;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { ...toast, id }]);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  $toasts.set([]);
}
