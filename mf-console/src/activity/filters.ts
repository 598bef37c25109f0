import {
  type ActivityFilters,
  isCustomRangeAllowed,
  messageEventTypes,
  type RangeRules,
} from '@app/contract';

/** §2 advanced activity filters, by their spec names, and the event search parameter each sets. */
export const filterNames = [
  'eventTypes',
  'recipientTo',
  'recipientDomain',
  'recipientType',
  'friendlyFrom',
  'sendingDomain',
  'subject',
  'bounceClassificationCode',
  'reason',
  'transmissionId',
] as const;

export type FilterName = (typeof filterNames)[number];

export interface FilterField {
  name: FilterName;
  param: keyof ActivityFilters;
  label: string;
  hint: string;
  /** A value's problem, or undefined when it is fine (values are comma separated). */
  check?: (value: string) => string | undefined;
}

const each = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const everyMatches = (pattern: RegExp, problem: (item: string) => string) => (value: string) => {
  const bad = each(value).find((item) => !pattern.test(item));
  return bad === undefined ? undefined : problem(bad);
};

/** The engine's event types (SparkPost's names), offered by the Event types filter. */
export const eventTypeOptions = messageEventTypes;

export const recipientTypeOptions = ['to', 'cc', 'bcc'] as const;

/** The text filters (event types and recipient type are choices, drawn on their own). */
export const textFilters: readonly FilterField[] = [
  {
    name: 'recipientTo',
    param: 'recipients',
    label: 'Recipient',
    hint: 'Whole addresses, separated by commas',
    check: everyMatches(/^[^@\s]+@[^@\s]+$/, (item) => `"${item}" is not an email address`),
  },
  {
    name: 'recipientDomain',
    param: 'recipient_domains',
    label: 'Recipient domain',
    hint: 'e.g. gmail.com; * matches any text',
  },
  {
    name: 'friendlyFrom',
    param: 'from_addresses',
    label: 'From address',
    hint: 'The From address, e.g. news@example.com',
  },
  {
    name: 'sendingDomain',
    param: 'sending_domains',
    label: 'Sending domain',
    hint: 'The From domain; * matches any text',
  },
  {
    name: 'subject',
    param: 'subjects',
    label: 'Subject',
    hint: 'The whole subject; * matches any text, e.g. Invoice*',
  },
  {
    name: 'bounceClassificationCode',
    param: 'bounce_classes',
    label: 'Bounce classification code',
    hint: 'e.g. 10 (invalid recipient), 21, 50',
    check: everyMatches(
      /^\d{1,3}$/,
      (item) => `"${item}" is not a bounce classification code (1 to 3 digits)`,
    ),
  },
  { name: 'reason', param: 'reasons', label: 'Reason', hint: 'Text the bounce or delay reason contains' },
  {
    name: 'transmissionId',
    param: 'transmissions',
    label: 'Transmission ID',
    hint: 'The id the API answered when sending',
    check: everyMatches(/^\d{1,19}$/, (item) => `"${item}" is not a transmission ID (digits only)`),
  },
];

export const rangeChoices = [
  { value: '1', label: 'Last 1 day' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom Range' },
] as const;

export type RangeChoice = (typeof rangeChoices)[number]['value'];

/** What the URL holds: the range, a custom window (local date-times) and each filter's text. */
export interface ActivityQuery {
  range: RangeChoice;
  from: string;
  to: string;
  values: Record<FilterName, string>;
}

const emptyValues = () =>
  Object.fromEntries(filterNames.map((name) => [name, ''])) as Record<FilterName, string>;

export const defaultQuery = (): ActivityQuery => ({ range: '1', from: '', to: '', values: emptyValues() });

/** The query of `/activity?...` (unknown parameters ignored, a bad range falls back to 1 day). */
export function parseActivityQuery(search: string): ActivityQuery {
  const params = new URLSearchParams(search);
  const range = rangeChoices.find((choice) => choice.value === params.get('range'))?.value ?? '1';
  const values = emptyValues();
  for (const name of filterNames) values[name] = params.get(name)?.trim() ?? '';
  return { range, from: params.get('from') ?? '', to: params.get('to') ?? '', values };
}

/** The URL query of `query`: only what differs from the defaults, so a plain /activity stays plain. */
export function activitySearch(query: ActivityQuery): string {
  const params = new URLSearchParams();
  if (query.range !== '1') params.set('range', query.range);
  if (query.range === 'custom') {
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
  }
  for (const name of filterNames) if (query.values[name]) params.set(name, query.values[name]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type QueryErrors = Partial<Record<FilterName | 'from' | 'to', string>>;

/** Each field's problem in `query`; empty when the query can be searched. */
export function checkActivityQuery(query: ActivityQuery, rules: RangeRules, now = new Date()): QueryErrors {
  const errors: QueryErrors = {};
  for (const field of textFilters) {
    const problem = query.values[field.name] ? field.check?.(query.values[field.name]) : undefined;
    if (problem) errors[field.name] = problem;
  }
  if (query.range === 'custom') {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (!query.from || Number.isNaN(from.getTime())) errors.from = 'Choose when the range starts';
    if (!query.to || Number.isNaN(to.getTime())) errors.to = 'Choose when the range ends';
    else if (!errors.from && from >= to) errors.to = 'The end must be after the start';
    else if (!errors.from && to > new Date(now.getTime() + 60_000))
      errors.to = 'The end cannot be in the future';
    else if (!errors.from && !isCustomRangeAllowed(rules, from, to, now)) {
      errors.to = `Choose at most ${rules.customMaxSelectedDays} days, starting at most ${rules.customMaxDaysBack} days back`;
    }
  }
  return errors;
}

/** The event search's parameters for `query` at `now` (the window is fixed here for every page). */
export function searchFilters(query: ActivityQuery, now = new Date()): ActivityFilters {
  const filters: ActivityFilters = {};
  if (query.range === 'custom') {
    filters.from = new Date(query.from).toISOString();
    filters.to = new Date(query.to).toISOString();
  } else {
    filters.from = new Date(now.getTime() - Number(query.range) * 86_400_000).toISOString();
    filters.to = now.toISOString();
  }
  for (const field of textFilters) {
    const value = each(query.values[field.name]).join(',');
    if (value) filters[field.param] = value;
  }
  if (query.values.eventTypes) filters.events = each(query.values.eventTypes).join(',');
  if (query.values.recipientType) filters.recipient_types = each(query.values.recipientType).join(',');
  return filters;
}
