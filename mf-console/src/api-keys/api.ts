import type { ApiKeyView, SubaccountView } from '@app/contract';
import { ApiError, http } from '@app/shared';
import { listSubaccounts } from '../subaccounts/api.ts';

/** `X-MSYS-SUBACCOUNT` for a subaccount's keys; none for the primary account's. */
const actingFor = (subaccount?: number) =>
  subaccount ? { headers: { 'X-MSYS-SUBACCOUNT': String(subaccount) } } : {};

export interface KeyBody {
  label: string;
  grants: string[];
  valid_ips?: string[];
}

export interface CreatedKey {
  id: string;
  key: string;
  label: string;
  short_key: string;
}

export const listKeys = (subaccount?: number, quiet = false) =>
  http.transactional
    .get<{ results: ApiKeyView[] }>('/api-keys', { ...actingFor(subaccount), quiet })
    .then((answer) => answer.results);

export const getKey = (id: string, subaccount?: number) =>
  http.transactional
    .get<{ results: ApiKeyView }>(`/api-keys/${encodeURIComponent(id)}`, actingFor(subaccount))
    .then((answer) => answer.results);

export const createKey = (body: KeyBody, subaccount?: number) =>
  http.transactional
    .post<{ results: CreatedKey }>('/api-keys', body, { ...actingFor(subaccount), quiet: true })
    .then((answer) => answer.results);

export const updateKey = (id: string, body: Partial<KeyBody>, subaccount?: number) =>
  http.transactional
    .put<{ results: ApiKeyView }>(`/api-keys/${encodeURIComponent(id)}`, body, {
      ...actingFor(subaccount),
      quiet: true,
    })
    .then((answer) => answer.results);

export const deleteKey = (id: string, subaccount?: number) =>
  http.transactional.delete<void>(`/api-keys/${encodeURIComponent(id)}`, actingFor(subaccount));

/** A key and the subaccount it belongs to (undefined: the primary account). */
export interface ListedKey extends ApiKeyView {
  subaccount?: SubaccountView;
}

export interface KeyList {
  keys: ListedKey[];
  /** Subaccounts whose keys the engine would not list (suspended or terminated ones). */
  unlisted: SubaccountView[];
}

/**
 * The primary account's keys and, when subaccounts are on, each active subaccount's (the engine
 * lists one account's keys per call: `X-MSYS-SUBACCOUNT` chooses which).
 */
export async function listAllKeys(withSubaccounts: boolean): Promise<KeyList> {
  const [primary, subaccounts] = await Promise.all([
    listKeys(),
    withSubaccounts ? listSubaccounts() : Promise.resolve([]),
  ]);
  const active = subaccounts.filter((subaccount) => subaccount.status === 'active');
  const perSubaccount = await Promise.all(
    active.map((subaccount) =>
      listKeys(subaccount.id, true).then(
        (keys) => keys.map((key) => ({ ...key, subaccount })),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 403) return [];
          throw error;
        },
      ),
    ),
  );
  return {
    keys: [...primary, ...perSubaccount.flat()],
    unlisted: subaccounts.filter((subaccount) => subaccount.status !== 'active'),
  };
}

/** The engine's refusal as `{field: message}` for the form fields it names, else `{form: message}`. */
export function engineFieldErrors(error: unknown, fields: Record<string, string>): Record<string, string> {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const body =
    error instanceof ApiError
      ? (error.body as
          | { errors?: Array<{ param?: string; description?: string; message?: string }> }
          | undefined)
      : undefined;
  const found: Record<string, string> = {};
  for (const entry of body?.errors ?? []) {
    const text = entry.description ?? entry.message ?? message;
    const names = Object.keys(fields).sort((a, b) => b.length - a.length);
    const param = entry.param ?? names.find((name) => text.includes(name));
    const field = param ? fields[param.split('.')[0] ?? param] : undefined;
    const key = field ?? 'form';
    if (!found[key]) found[key] = text;
  }
  if (Object.keys(found).length === 0) found.form = message;
  return found;
}
