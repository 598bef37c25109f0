import type { ActivityExport, ActivityFilters, ActivityMessage } from '@app/contract';
import type { MessageEventPage, MessageEventView } from '@app/contract/engine/events';
import { dispatchApiOutcome, http } from '@app/shared';

export type MessageEvent = MessageEventView;
type EventPage = MessageEventPage;

/** Events of the first page (quick to show), and of each "Load more" (fewer round trips to 100,000). */
export const firstPageEvents = 1000;
export const morePageEvents = 5000;

const queryOf = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  return search.toString();
};

/** GET /api/v1/events/message, newest first; `cursor` from the previous page's links.next. */
export const searchEvents = (filters: ActivityFilters, cursor?: string) =>
  http.transactional.get<EventPage>(
    `/events/message?${queryOf({ ...filters, per_page: String(cursor ? morePageEvents : firstPageEvents), cursor })}`,
    { quiet: true },
  );

/** Every event of one message (a message's events span at most its retention window). */
export const messageEvents = (messageId: string, from: string) =>
  http.transactional.get<EventPage>(
    `/events/message?${queryOf({ messages: messageId, from, to: new Date().toISOString(), per_page: '1000' })}`,
    { quiet: true },
  );

/** The cursor of the engine's links.next (a path with ?cursor=...). */
export const cursorOf = (next: string | undefined) =>
  next ? (new URL(next, 'http://x').searchParams.get('cursor') ?? undefined) : undefined;

/** The production message's stored content; undefined when the engine keeps none for it. */
export const messageContent = (id: string) =>
  http.config
    .get<ActivityMessage>(`/activity/messages/${encodeURIComponent(id)}`, { quiet: true })
    .catch((error: { status?: number }) => {
      if (error.status === 404) return undefined;
      throw error;
    });

/** Starts an export of `filters`; the server's 202 shows the §8 export notice from the catalogue. */
export async function startExport(filters: ActivityFilters): Promise<ActivityExport> {
  const path = '/activity/exports';
  const job = await http.config.post<ActivityExport>(path, filters);
  await dispatchApiOutcome({ status: 202, method: 'POST', url: path });
  return job;
}

export const listExports = () => http.config.get<ActivityExport[]>('/activity/exports', { quiet: true });
