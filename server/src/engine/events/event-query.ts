import type { MessageEventSearchQuery } from '@app/shared/api/contract/engine/index';
import { invalidValue } from '../../engine-error.ts';
import type { Principal } from '../../principal.ts';
import type { EventFilter, EventKey, MatchList } from './event-store.ts';
import { messageEventTypes } from './message-event.ts';
import {
  commaValues,
  cursorTimePattern,
  decodeCursor,
  likeLiteral,
  parsePerPage,
  parseTime,
} from './paging.ts';

export interface EventSearch {
  filter: EventFilter;
  perPage: number;
  after?: EventKey;
}

const dayMs = 86_400_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Every value fits PostgreSQL's bigint; transmission ids are 62-bit, so often 19 digits.
const bigintPattern = /^(?:\d{1,18}|[1-8]\d{18})$/;

/** Values that must each match `pattern`; 422 naming the filter and the value otherwise. */
function checked(name: string, value: string | undefined, pattern: RegExp, expected: string) {
  const values = commaValues(value);
  const bad = values?.find((item) => !pattern.test(item));
  if (bad !== undefined) throw invalidValue(`${name}: ${JSON.stringify(bad)} is not ${expected}`);
  return values;
}

/** Exact values, and patterns for values with the `*` wildcard. */
function matchList(value: string | undefined, lowerCase = false): MatchList | undefined {
  const values = commaValues(value)?.map((item) => (lowerCase ? item.toLowerCase() : item));
  if (!values) return undefined;
  return {
    exact: values.filter((item) => !item.includes('*')),
    like: values.filter((item) => item.includes('*')).map((item) => likeLiteral(item).replaceAll('*', '%')),
  };
}

function eventTypes(value: string | undefined): string[] | undefined {
  const values = commaValues(value);
  const unknown = values?.find((item) => !(messageEventTypes as readonly string[]).includes(item));
  if (unknown !== undefined) {
    throw invalidValue(
      `events: ${JSON.stringify(unknown)} is not an event type; types are ${messageEventTypes.join(', ')}`,
    );
  }
  return values;
}

/**
 * The search of `GET /events/message` for `principal`: the master sees all of its company's
 * subaccounts (and may filter on them), a subaccount only its own events.
 */
export function eventSearchOf(query: MessageEventSearchQuery, principal: Principal, now: Date): EventSearch {
  const to = query.to ? parseTime(query.to, 'to') : now;
  const from = query.from ? parseTime(query.from, 'from') : new Date(to.getTime() - dayMs);
  if (from >= to) throw invalidValue('from: must be before to');
  const filter: EventFilter = { companyId: principal.companyId, from, to };
  if (!principal.isMaster) filter.subaccountId = principal.subaccountId;

  const optional: Partial<EventFilter> = {
    events: eventTypes(query.events),
    recipients: commaValues(query.recipients)?.map((item) => item.toLowerCase()),
    fromAddresses: commaValues(query.from_addresses)?.map((item) => item.toLowerCase()),
    recipientDomains: matchList(query.recipient_domains, true),
    sendingDomains: matchList(query.sending_domains, true),
    subjects: matchList(query.subjects),
    campaigns: matchList(query.campaigns),
    templates: matchList(query.templates),
    ipPools: matchList(query.ip_pools),
    bounceClasses: checked('bounce_classes', query.bounce_classes, /^\d{1,3}$/, 'a bounce class code')?.map(
      Number,
    ),
    reasons: commaValues(query.reasons),
    transmissions: checked('transmissions', query.transmissions, bigintPattern, 'a transmission id'),
    messages: checked('messages', query.messages, uuidPattern, 'a message id'),
    subaccounts: checked('subaccounts', query.subaccounts, /^\d{1,15}$/, 'a subaccount id')?.map(Number),
    eventIds: checked('event_ids', query.event_ids, bigintPattern, 'an event id'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(filter, { [key]: value });
  }

  const perPage = parsePerPage(query.per_page);
  const after = decodeCursor(query.cursor, [cursorTimePattern, bigintPattern]) as EventKey | undefined;
  return after ? { filter, perPage, after } : { filter, perPage };
}
