import {
  type SuppressionSource,
  type SuppressionType,
  suppressionSources,
  suppressionTypes,
} from '@app/contract/engine/index';
import { invalidValue } from '../../engine-error.ts';
import { commaValues, parseTime } from '../events/paging.ts';
import type { SuppressionFilter } from './suppression-store.ts';

export interface SuppressionSearchQuery {
  from?: string;
  to?: string;
  types?: string;
  sources?: string;
  description?: string;
  description_strict?: boolean;
  domain?: string;
  list_id?: string;
  sort?: 'asc' | 'desc';
}

const domainPattern = /^[a-z0-9.-]{1,253}$/;

function oneOf<T extends string>(name: string, allowed: readonly T[], value: string | undefined) {
  const values = commaValues(value);
  if (!values) return undefined;
  return values.map((item) => {
    const known = allowed.find((candidate) => candidate.toLowerCase() === item.toLowerCase());
    if (!known) throw invalidValue(`${name}: ${JSON.stringify(item)} is not one of ${allowed.join(', ')}`);
    return known;
  });
}

/** The search query as a store filter; 422 naming the parameter for anything invalid. */
export function suppressionFilterOf(query: SuppressionSearchQuery): SuppressionFilter {
  const filter: SuppressionFilter = { sort: query.sort ?? 'desc' };
  if (query.from) filter.from = parseTime(query.from, 'from');
  if (query.to) filter.to = parseTime(query.to, 'to');
  if (filter.from && filter.to && filter.from > filter.to) {
    throw invalidValue('from: must not be after to');
  }
  const types = oneOf<SuppressionType>('types', suppressionTypes, query.types);
  if (types) filter.types = types;
  const sources = oneOf<SuppressionSource>('sources', suppressionSources, query.sources);
  if (sources) filter.sources = sources;
  if (query.description) {
    filter.description = query.description;
    if (query.description_strict) filter.descriptionStrict = true;
  }
  if (query.domain) {
    const domain = query.domain.trim().toLowerCase();
    if (!domainPattern.test(domain))
      throw invalidValue(`domain: ${JSON.stringify(query.domain)} is not a domain`);
    filter.domain = domain;
  }
  if (query.list_id !== undefined) filter.listId = query.list_id === '' ? null : query.list_id;
  return filter;
}
