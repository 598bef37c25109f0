import type { ApiKeyCreateBody, ApiKeyCreated, ApiKeyView, SubaccountView } from '@app/contract';
import { ApiError, http } from '@app/shared';
import { listSubaccounts } from '../subaccounts/api.ts';

/** `X-MSYS-SUBACCOUNT` for a subaccount's keys; none for the primary account's. */
const actingFor = (subaccount?: number) =>
  subaccount ? { headers: { 'X-MSYS-SUBACCOUNT': String(subaccount) } } : {};

export const listKeys = (subaccount?: number, quiet = false) =>
  http.transactional
    .get<{ results: ApiKeyView[] }>('/api-keys', { ...actingFor(subaccount), quiet })
    .then((answer) => answer.results);

export const getKey = (id: string, subaccount?: number) =>
  http.transactional
    .get<{ results: ApiKeyView }>(`/api-keys/${encodeURIComponent(id)}`, actingFor(subaccount))
    .then((answer) => answer.results);

export const createKey = (body: ApiKeyCreateBody, subaccount?: number) =>
  http.transactional
    .post<{ results: ApiKeyCreated }>('/api-keys', body, { ...actingFor(subaccount), quiet: true })
    .then((answer) => answer.results);

export const updateKey = (id: string, body: Partial<ApiKeyCreateBody>, subaccount?: number) =>
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
