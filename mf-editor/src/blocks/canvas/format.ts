/** A file size as people read it: "840 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An ISO instant in the reader's words, e.g. "Tue, Dec 1, 10:00 AM"; the text itself when it is no date. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** An ISO instant as a datetime-local input's value (local time, minutes). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local input's value as an ISO instant ('' when it is incomplete). */
export function fromLocalInput(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** `days` days and `hours` hours from now, on the hour, as an ISO instant (defaults that stay in the future). */
export function hoursFromNow(days: number, hours = 0): string {
  const date = new Date(Date.now() + (days * 24 + hours) * 3_600_000);
  date.setMinutes(0, 0, 0);
  return date.toISOString();
}
