import { invalidValue } from '../../engine-error.ts';

export const defaultPerPage = 1000;
export const maxPerPage = 10_000;

/** A timestamptz as text with microseconds, so a cursor survives the round trip exactly. */
export const cursorTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const cursorTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque keyset cursor: base64url JSON of the last row's sort key. */
export function encodeCursor(key: readonly string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** `links.next`: the request's path and query with the next page's cursor (and any pinned values). */
export function nextPageLink(
  requestUrl: string,
  next: readonly string[],
  pinned: Record<string, string> = {},
): string {
  const url = new URL(requestUrl, 'http://localhost');
  for (const [name, value] of Object.entries(pinned)) url.searchParams.set(name, value);
  url.searchParams.set('cursor', encodeCursor(next));
  return `${url.pathname}${url.search}`;
}

/** The sort key in `cursor`, each part checked against its pattern; undefined for the first page. */
export function decodeCursor(cursor: string | undefined, parts: readonly RegExp[]): string[] | undefined {
  if (cursor === undefined || cursor === '' || cursor === 'initial') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid =
    Array.isArray(key) &&
    key.length === parts.length &&
    key.every((part, index) => typeof part === 'string' && parts[index]?.test(part));
  if (!valid) throw invalidValue('cursor: not a cursor from links.next; start with cursor=initial');
  return key as string[];
}

export function parsePerPage(value: string | undefined): number {
  if (value === undefined || value === '') return defaultPerPage;
  const perPage = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(perPage >= 1 && perPage <= maxPerPage)) {
    throw invalidValue(`per_page: must be a whole number from 1 to ${maxPerPage}`);
  }
  return perPage;
}

/**
 * The rows before `page` (1 for the first) of `perPage` each: page numbers reach only the first
 * 10,000 results (SparkPost's limit; a cursor pages further).
 */
export function parsePageOffset(value: string | undefined, perPage: number): number {
  if (value === undefined || value === '') return 0;
  const page = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  const offset = (page - 1) * perPage;
  if (!(page >= 1 && offset < maxPerPage)) {
    throw invalidValue(
      `page: must be a whole number from 1 on, within the first ${maxPerPage} results (use cursor past them)`,
    );
  }
  return offset;
}

/** `links.next` of a numbered page: the request with the page after it. */
export function nextNumberedPageLink(requestUrl: string, page: number): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.set('page', String(page + 1));
  return `${url.pathname}${url.search}`;
}

// YYYY-MM-DD, optionally THH:MM[:SS[.fraction]], optionally Z or an offset (+HH:MM, +HHMM). A `+` sent
// unencoded in a query string arrives as a space, so a space before the offset counts as `+`.
const isoTime =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+\- ]\d{2}:?\d{2})?$/i;

/** An ISO 8601 time from a query parameter; without a zone it is UTC (SparkPost's default). */
export function parseTime(value: string, name: string): Date {
  const match = isoTime.exec(value.trim());
  const invalid = () =>
    invalidValue(`${name}: ${JSON.stringify(value)} is not a time like 2024-05-01T09:30:00Z`);
  if (!match) throw invalid();
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(' ', '+').replace(/^([+-]\d{2}):?/, '$1:');
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const time = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offset}`);
  const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(time.getTime()) || calendarDay.getUTCDate() !== Number(day)) throw invalid();
  return time;
}

/** `a, b,c` → ['a', 'b', 'c'] (or split at `delimiter`); undefined when the parameter is absent or empty. */
export function commaValues(value: string | undefined, delimiter = ','): string[] | undefined {
  if (value === undefined) return undefined;
  const values = value
    .split(delimiter || ',')
    .map((part) => part.trim())
    .filter(Boolean);
  return values.length > 0 ? values : undefined;
}

/** Positional parameters and AND-ed conditions of one WHERE clause. */
export function whereBuilder() {
  const params: unknown[] = [];
  const conditions: string[] = [];
  return {
    params,
    conditions,
    /** Adds a parameter; returns its placeholder. */
    param(value: unknown): string {
      params.push(value);
      return `$${params.length}`;
    },
    and(condition: string): void {
      conditions.push(condition);
    },
    sql(): string {
      return conditions.join(' AND ');
    },
  };
}
