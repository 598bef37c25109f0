import {
  type SuppressionSource,
  type SuppressionType,
  suppressionSources,
  suppressionTypes,
} from '@app/contract';

/** What the search form holds: every field a string, '' meaning "any". */
export interface SearchFilter {
  /** A whole address, or a domain (with or without a leading @). */
  recipient: string;
  type: SuppressionType | '';
  source: SuppressionSource | '';
  /** Days as the date inputs give them: YYYY-MM-DD, in the browser's time zone. */
  from: string;
  to: string;
}

export const emptyFilter: SearchFilter = { recipient: '', type: '', source: '', from: '', to: '' };

/** The engine call for a filter: `recipient` set means the exact address lookup. */
export interface SearchRequest {
  recipient?: string;
  query: Record<string, string>;
}

const domainPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const perPage = '25';

/** The start of a local day, or the last millisecond of it, as the engine's ISO 8601 time. */
function dayBoundary(day: string, end: boolean): string | undefined {
  if (!dayPattern.test(day)) return undefined;
  const time = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/**
 * The engine call for `filter`, or the errors of its fields (keyed by field name). An address is
 * looked up exactly (the engine's search has no address filter), with the other filters applied to
 * its few entries by `matchesFilter`; a domain goes to the search.
 */
export function searchRequestOf(
  filter: SearchFilter,
): { request: SearchRequest } | { errors: Partial<Record<keyof SearchFilter, string>> } {
  const errors: Partial<Record<keyof SearchFilter, string>> = {};
  const query: Record<string, string> = { per_page: perPage };
  const recipient = filter.recipient.trim().toLowerCase();
  let address: string | undefined;
  if (recipient.includes('@') && !recipient.startsWith('@')) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient)) {
      errors.recipient = 'Enter a whole address like name@example.com, or a domain like example.com';
    } else address = recipient;
  } else if (recipient) {
    const domain = recipient.replace(/^@/, '');
    if (!domainPattern.test(domain)) {
      errors.recipient = `${domain || recipient} is not a domain: enter one like example.com, or a whole address`;
    } else query.domain = domain;
  }
  if (filter.type) query.types = filter.type;
  if (filter.source && !address) query.sources = filter.source;
  const from = filter.from ? dayBoundary(filter.from, false) : undefined;
  const to = filter.to ? dayBoundary(filter.to, true) : undefined;
  if (filter.from && !from) errors.from = 'Enter a date like 2026-01-31';
  if (filter.to && !to) errors.to = 'Enter a date like 2026-01-31';
  if (from && to && from > to) errors.to = 'The end date must not be before the start date';
  if (Object.keys(errors).length > 0) return { errors };
  if (!address) {
    if (from) query.from = from;
    if (to) query.to = to;
    return { request: { query } };
  }
  return { request: { recipient: address, query } };
}

/** Whether an entry of an address lookup also matches the filter's source and dates. */
export function matchesFilter(
  entry: { source: string; updated: string },
  filter: Pick<SearchFilter, 'source' | 'from' | 'to'>,
): boolean {
  if (filter.source && entry.source !== filter.source) return false;
  const from = filter.from ? dayBoundary(filter.from, false) : undefined;
  const to = filter.to ? dayBoundary(filter.to, true) : undefined;
  if (from && entry.updated < from) return false;
  if (to && entry.updated > to) return false;
  return true;
}

export const sourceOptions = suppressionSources.map((source) => ({ value: source, label: source }));

/** The filter a page URL holds (`?recipient=&type=&source=&from=&to=`); unknown values are left out. */
export function filterFromParams(params: URLSearchParams): SearchFilter {
  const type = params.get('type') ?? '';
  const source = params.get('source') ?? '';
  return {
    recipient: params.get('recipient') ?? '',
    type: (suppressionTypes as readonly string[]).includes(type) ? (type as SuppressionType) : '',
    source: (suppressionSources as readonly string[]).includes(source) ? (source as SuppressionSource) : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** The query string of a filter, its empty fields left out ('' when nothing is set). */
export function filterQueryString(filter: SearchFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) params.set(name, value.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}
