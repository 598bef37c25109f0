import type {
  WebhookBatchStatus,
  WebhookCreated,
  WebhookTestResponse,
  WebhookValidateResult,
  WebhookView,
} from '@app/contract';
import { $user, ApiError, http } from '@app/shared';
import type { WebhookBody } from './webhook-form.ts';

export interface EventChoice {
  type: string;
  label: string;
}

export interface EventGroup {
  key: string;
  label: string;
  events: EventChoice[];
}

/** The user's time zone (else the browser's): the engine writes last_successful and last_failure in it. */
const timezone = () => $user.get()?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone;
const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const listWebhooks = () =>
  http.transactional
    .get<{ results: WebhookView[] }>(`/webhooks?timezone=${encodeURIComponent(timezone())}`)
    .then((answer) => answer.results);

export const getWebhook = (id: string) =>
  http.transactional
    .get<{ results: WebhookView }>(`${path(id)}?timezone=${encodeURIComponent(timezone())}`)
    .then((answer) => answer.results);

export const createWebhook = (body: WebhookBody) =>
  http.transactional
    .post<{ results: WebhookCreated }>('/webhooks', body, { quiet: true })
    .then((answer) => answer.results);

export const updateWebhook = (id: string, body: Partial<WebhookBody>) =>
  http.transactional.put<{ results: { id: string } }>(path(id), body, { quiet: true });

export const deleteWebhook = (id: string) => http.transactional.delete<void>(path(id));

export const batchStatuses = (id: string) =>
  http.transactional
    .get<{ results: WebhookBatchStatus[] }>(`${path(id)}/batch-status?limit=100`)
    .then((answer) => answer.results);

/** The receiver's answer in an engine refusal ("Test POST to endpoint failed"), when it answered at all. */
export function receiverAnswerOf(error: unknown): WebhookTestResponse | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { errors?: Array<{ response?: WebhookTestResponse }> } | undefined;
  return body?.errors?.find((entry) => entry.response)?.response;
}

export type TestOutcome =
  | { ok: true; answer: WebhookTestResponse }
  | { ok: false; message: string; answer: WebhookTestResponse | undefined };

/** POSTs the test batch through the engine: the receiver's answer, whether it accepted it or not. */
export async function sendTestBatch(id: string): Promise<TestOutcome> {
  try {
    const answer = await http.transactional.post<{ results: WebhookValidateResult }>(
      `${path(id)}/validate`,
      {},
      { quiet: true },
    );
    return { ok: true, answer: answer.results.response };
  } catch (error) {
    const body =
      error instanceof ApiError
        ? (error.body as { errors?: Array<{ description?: string; message?: string }> })
        : undefined;
    const first = body?.errors?.[0];
    return {
      ok: false,
      message:
        first?.description ?? first?.message ?? (error instanceof Error ? error.message : String(error)),
      answer: receiverAnswerOf(error),
    };
  }
}

/** The engine's event catalog grouped by envelope (message events, engagement, generation, unsubscribe). */
export async function eventGroups(): Promise<EventGroup[]> {
  const answer = await http.transactional.get<{
    results: Record<string, { display_name: string; events: Record<string, { display_name: string }> }>;
  }>('/webhooks/events/documentation');
  return Object.entries(answer.results).map(([key, group]) => ({
    key,
    label: group.display_name,
    events: Object.entries(group.events).map(([type, event]) => ({ type, label: event.display_name })),
  }));
}
