import { ingestEventPage } from '@app/contract/engine/events';
import {
  ingestEventSearchQuery,
  ingestEventTypes,
  messageEventDocumentation,
  messageEventPage,
  messageEventSamplesQuery,
  messageEventSearchQuery,
  results,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { invalidParameter } from '../../http/sparkpost-errors.ts';
import { eventDocumentation, sampleEvent } from './event-catalog.ts';
import { eventSearchOf } from './event-query.ts';
import type { EventStore } from './event-store.ts';
import { toEventView } from './event-view.ts';
import { type MessageEventType, messageEventTypes } from './message-event.ts';
import { commaValues, nextPageLink, parsePerPage, parseTime } from './paging.ts';

const tags = ['events'];
const view = requireGrant('message_events/view');

function requestedTypes(events: string | undefined): MessageEventType[] {
  const values = commaValues(events);
  if (!values) return [...messageEventTypes];
  return values.map((value) => {
    const type = messageEventTypes.find((known) => known === value);
    if (!type) {
      throw invalidParameter(
        `events: ${JSON.stringify(value)} is not an event type; types are ${messageEventTypes.join(', ')}`,
      );
    }
    return type;
  });
}

export function eventRoutes({
  events: store,
  clock,
}: {
  events: EventStore;
  clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events/message',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'Search message events, newest first; page with links.next',
          querystring: messageEventSearchQuery,
          response: { 200: messageEventPage },
        },
      },
      async (request) => {
        const search = eventSearchOf(request.query, principalOf(request), clock.now());
        const page = await store.search(search.filter, search.perPage, search.after);
        const links: { next?: string } = {};
        if (page.next) {
          // The window is pinned, so later pages read the same events even when from/to were defaults.
          links.next = nextPageLink(request.url, page.next, {
            from: search.filter.from.toISOString(),
            to: search.filter.to.toISOString(),
          });
        }
        return { results: page.events.map(toEventView), total_count: page.total, links };
      },
    );

    app.get(
      '/events/ingest',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'Search the outcomes of ingest batches (none: this server takes no ingest batches)',
          querystring: ingestEventSearchQuery,
          response: {
            200: ingestEventPage,
          },
        },
      },
      async (request) => {
        const query = request.query;
        const from = query.from === undefined ? undefined : parseTime(query.from, 'from');
        const to = query.to === undefined ? undefined : parseTime(query.to, 'to');
        if (from && to && from >= to) throw invalidParameter('from: must be before to');
        parsePerPage(query.per_page);
        for (const type of commaValues(query.events, query.delimiter) ?? []) {
          if (!ingestEventTypes.some((known) => known === type)) {
            throw invalidParameter(
              `events: ${JSON.stringify(type)} is not one of ${ingestEventTypes.join(', ')}`,
            );
          }
        }
        // POST /ingest/events is not offered, so no batch has an outcome to find: a valid search finds none.
        return { results: [], total_count: 0, links: {} };
      },
    );

    app.get(
      '/events/message/samples',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'One sample event per requested type (all types by default)',
          querystring: messageEventSamplesQuery,
          response: { 200: results(z.array(z.record(z.string(), z.unknown()))) },
        },
      },
      async (request) => ({ results: requestedTypes(request.query.events).map(sampleEvent) }),
    );

    app.get(
      '/events/message/documentation',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'Per event type: its fields with a description and a sample value',
          response: { 200: messageEventDocumentation },
        },
      },
      async () => ({ results: messageEventTypes.map(eventDocumentation) }),
    );
  };
}
