import type { ApiKeyView } from '@app/contract';
import { AppLink, type Column, formatUserDateTime } from '@app/shared';
import { grantsSummary } from './grants.ts';
import { keyPath } from './subaccount-param.ts';

/**
 * The columns every key table shows: label (to the key's page), short key (never the key itself),
 * grants and last use, in the order shown. `subaccountOf` tells which subaccount a key belongs to (none: the primary account).
 */
export function keyColumns<K extends ApiKeyView>(subaccountOf: (key: K) => number | undefined) {
  const label: Column<K> = {
    key: 'label',
    label: 'Label',
    render: (key) => <AppLink to={keyPath(key.id, subaccountOf(key))}>{key.label}</AppLink>,
  };
  const shortKey: Column<K> = {
    key: 'short_key',
    label: 'Key',
    render: (key) => <code>{key.short_key}••••</code>,
  };
  const grants: Column<K> = {
    key: 'grants',
    label: 'Grants',
    secondary: true,
    render: (key) => grantsSummary(key.grants, subaccountOf(key) !== undefined),
  };
  const lastUsed: Column<K> = {
    key: 'last_used',
    label: 'Last used',
    secondary: true,
    render: (key) => (key.last_used ? formatUserDateTime(new Date(key.last_used)) : 'Never'),
  };
  return { label, shortKey, grants, lastUsed };
}
