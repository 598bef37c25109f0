import { isIP } from 'node:net';
import type { MessageEventSearchQuery } from '@app/contract/engine/index';
import { likeLiteral } from '../../db/like-pattern.ts';
import { invalidValue } from '../../engine-error.ts';
import type { Principal } from '../../principal.ts';
import type { EventFilter, EventKey, MatchList } from './event-store.ts';
import { messageEventTypes } from './message-event.ts';
import { commaValues, cursorTimePattern, decodeCursor, parsePerPage, parseTime } from './paging.ts';

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
function checked(name: string, values: string[] | undefined, pattern: RegExp, expected: string) {
  const bad = values?.find((item) => !pattern.test(item));
  if (bad !== undefined) throw invalidValue(`${name}: ${JSON.stringify(bad)} is not ${expected}`);
  return values;
}

/** Exact values, and patterns for values with the `*` wildcard. */
function matchList(listed: string[] | undefined, lowerCase = false): MatchList | undefined {
  const values = listed?.map((item) => (lowerCase ? item.toLowerCase() : item));
  if (!values) return undefined;
  return {
    exact: values.filter((item) => !item.includes('*')),
    like: values.filter((item) => item.includes('*')).map((item) => likeLiteral(item).replaceAll('*', '%')),
  };
}

function eventTypes(values: string[] | undefined): string[] | undefined {
  const unknown = values?.find((item) => !(messageEventTypes as readonly string[]).includes(item));
  if (unknown !== undefined) {
    throw invalidValue(
      `events: ${JSON.stringify(unknown)} is not an event type; types are ${messageEventTypes.join(', ')}`,
    );
  }
  return values;
}

/** IP addresses, in the form the events record them. */
function sendingIps(values: string[] | undefined): string[] | undefined {
  const bad = values?.find((item) => isIP(item) === 0);
  if (bad !== undefined) throw invalidValue(`sending_ips: ${JSON.stringify(bad)} is not an IP address`);
  return values?.map((item) => (isIP(item) === 6 ? item.toLowerCase() : item));
}

/** Version numbers of the A/B tests named in `abTests`, which the reference requires with them. */
function abTestVersions(values: string[] | undefined, abTests: string | undefined): string[] | undefined {
  if (!values) return undefined;
  if (!abTests) throw invalidValue('ab_test_versions: needs ab_tests naming the A/B tests');
  return checked('ab_test_versions', values, /^\d{1,6}$/, 'a version number')?.map((item) =>
    String(Number(item)),
  );
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
  // SparkPost's `delimiter` separates the values of every list filter (a comma by default).
  const list = (value: string | undefined) => commaValues(value, query.delimiter);
  if (!principal.isMaster) filter.subaccountId = principal.subaccountId;

  const optional: Partial<EventFilter> = {
    events: eventTypes(list(query.events)),
    recipients: list(query.recipients)?.map((item) => item.toLowerCase()),
    fromAddresses: list(query.from_addresses)?.map((item) => item.toLowerCase()),
    recipientDomains: matchList(list(query.recipient_domains), true),
    sendingDomains: matchList(list(query.sending_domains), true),
    subjects: matchList(list(query.subjects)),
    campaigns: matchList(list(query.campaigns)),
    templates: matchList(list(query.templates)),
    ipPools: matchList(list(query.ip_pools)),
    sendingIps: sendingIps(list(query.sending_ips)),
    mailboxProviders: matchList(list(query.mailbox_providers)),
    mailboxProviderRegions: matchList(list(query.mailbox_provider_regions)),
    abTests: matchList(list(query.ab_tests)),
    abTestVersions: abTestVersions(list(query.ab_test_versions), query.ab_tests),
    bounceClasses: checked(
      'bounce_classes',
      list(query.bounce_classes),
      /^\d{1,3}$/,
      'a bounce class code',
    )?.map(Number),
    reasons: list(query.reasons),
    transmissions: checked('transmissions', list(query.transmissions), bigintPattern, 'a transmission id'),
    messages: checked('messages', list(query.messages), uuidPattern, 'a message id'),
    subaccounts: checked('subaccounts', list(query.subaccounts), /^\d{1,15}$/, 'a subaccount id')?.map(
      Number,
    ),
    eventIds: checked('event_ids', list(query.event_ids), bigintPattern, 'an event id'),
    rcptTypes: checked('recipient_types', list(query.recipient_types), /^(?:to|cc|bcc)$/, 'to, cc or bcc'),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(filter, { [key]: value });
  }

  const perPage = parsePerPage(query.per_page);
  const after = decodeCursor(query.cursor, [cursorTimePattern, bigintPattern]) as EventKey | undefined;
  return after ? { filter, perPage, after } : { filter, perPage };
}
