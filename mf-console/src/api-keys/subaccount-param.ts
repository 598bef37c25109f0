import { $location } from '@app/shared';
import { useStore } from '@nanostores/react';

/** The `?subaccount=<id>` of a key's pages: the key belongs to that subaccount (none: the primary account). */
export function useSubaccountParam(): number | undefined {
  const search = useStore($location).search;
  const value = new URLSearchParams(search).get('subaccount');
  return value && /^\d{1,15}$/.test(value) && value !== '0' ? Number(value) : undefined;
}

/** A key page's path, keeping the subaccount the key belongs to. */
export const keyPath = (id: string, subaccount?: number, suffix = '') =>
  `/api-key/${encodeURIComponent(id)}${suffix}${subaccount ? `?subaccount=${subaccount}` : ''}`;
