import { messageAnswer } from '@app/contract/engine/common';
import {
  pagedResults,
  results,
  type SuppressionSummary,
  type SuppressionView,
  suppressionBulkBody,
  suppressionDeleteBody,
  suppressionDeleteQuery,
  suppressionPutBody,
  suppressionRecipientQuery,
  suppressionSearchQuery,
  suppressionSummary,
  suppressionTypes,
  suppressionView,
} from '@app/contract/engine/index';
import { suppressionEntryParams, suppressionRecipientParams } from '@app/contract/engine/suppression';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { badRequestOnInvalid, notFound, sparkpostError } from '../../http/sparkpost-errors.ts';
import {
  cursorTimePattern,
  decodeCursor,
  maxPerPage,
  nextNumberedPageLink,
  nextPageLink,
  parsePageOffset,
  parsePerPage,
} from '../events/paging.ts';
import { suppressionFilterOf } from './search-filter.ts';
import type {
  Suppression,
  SuppressionFilter,
  SuppressionKey,
  SuppressionStore,
} from './suppression-store.ts';

export function toSuppressionView(entry: Suppression): SuppressionView {
  const view: SuppressionView = {
    recipient: entry.recipient,
    type: entry.type,
    source: entry.source,
    description: entry.description,
    created: entry.createdAt.toISOString(),
    updated: entry.updatedAt.toISOString(),
    subaccount_id: entry.subaccountId,
    transactional: entry.type === 'transactional',
    non_transactional: entry.type === 'non_transactional',
  };
  if (entry.listId !== null) view.list_id = entry.listId;
  return view;
}

const summaryKeys = {
  'Spam Complaint': 'spam_complaint',
  'List Unsubscribe': 'list_unsubscribe',
  'Bounce Rule': 'bounce_rule',
  'Unsubscribe Link': 'unsubscribe_link',
  'Manually Added': 'manually_added',
  Compliance: 'compliance',
} as const;

const cursorParts = [
  cursorTimePattern,
  /^[^\s]{1,320}$/,
  new RegExp(`^(${suppressionTypes.join('|')})$`),
  /^\d{1,15}$/,
];
const updated = results(messageAnswer);
const tags = ['suppression list'];
const manage = requireGrant('suppression_lists/manage');
// 10,000 entries with descriptions of up to 1 KB; SparkPost allows 50 MB.
const bulkBodyLimit = 16 * 1024 * 1024;

export function suppressionRoutes({
  suppressions: store,
}: {
  suppressions: SuppressionStore;
}): FastifyPluginAsyncZod {
  /**
   * A page of the entries `filter` matches: after the cursor, or at the page number (the first
   * 10,000 results; a cursor outranks it, as in the reference); links.next the same way. In the
   * list of `subaccountId`, or of every subaccount (null).
   */
  async function searchPage(
    url: string,
    companyId: string,
    subaccountId: number | null,
    filter: SuppressionFilter,
    query: { cursor?: string | undefined; per_page?: string | undefined; page?: string | undefined },
  ) {
    const perPage = parsePerPage(query.per_page);
    const numbered = query.cursor === undefined && query.page !== undefined;
    const offset = numbered ? parsePageOffset(query.page, perPage) : 0;
    const after = decodeCursor(query.cursor, cursorParts) as SuppressionKey | undefined;
    const page = await store.search(companyId, subaccountId, filter, perPage, after ? { after } : { offset });
    const links: { next?: string } = {};
    if (page.next && !numbered) links.next = nextPageLink(url, page.next);
    if (page.next && numbered && offset + perPage < maxPerPage) {
      links.next = nextNumberedPageLink(url, offset / perPage + 1);
    }
    return { results: page.entries.map(toSuppressionView), total_count: page.total, links };
  }

  return async (app) => {
    app.put(
      '/suppression-list',
      {
        onRequest: manage,
        bodyLimit: bulkBodyLimit,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'Create or update up to 10,000 entries; all or none',
          body: suppressionBulkBody,
          response: { 200: updated },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const entries = request.body.recipients.map((entry) => ({
          companyId,
          subaccountId,
          recipient: entry.recipient,
          type: entry.type,
          source: 'Manually Added' as const,
          description: entry.description,
          listId: entry.list_id,
        }));
        await store.add(entries);
        return { results: { message: 'Suppression List successfully updated' } };
      },
    );

    app.get(
      '/suppression-list/summary',
      {
        onRequest: manage,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'Entries per source and type',
          response: { 200: results(suppressionSummary) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const summary: SuppressionSummary = {
          spam_complaint: 0,
          list_unsubscribe: 0,
          bounce_rule: 0,
          unsubscribe_link: 0,
          manually_added: 0,
          compliance: 0,
          transactional: 0,
          non_transactional: 0,
          total: 0,
        };
        for (const { source, type, count } of await store.summary(companyId, subaccountId)) {
          summary[summaryKeys[source]] += count;
          summary[type] += count;
          summary.total += count;
        }
        return { results: summary };
      },
    );

    app.get(
      '/suppression-list',
      {
        onRequest: manage,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary:
            'Search the list, newest update first; page with links.next (a cursor, or page numbers with page)',
          querystring: suppressionSearchQuery,
          response: { 200: pagedResults(suppressionView) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        return searchPage(
          request.url,
          companyId,
          subaccountId,
          suppressionFilterOf(request.query),
          request.query,
        );
      },
    );

    app.put(
      '/suppression-list/:recipient',
      {
        onRequest: manage,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'Create or update the entry of one address for one type',
          params: suppressionEntryParams,
          body: suppressionPutBody,
          response: { 200: updated },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const { type, description, list_id } = request.body;
        const entry = {
          companyId,
          subaccountId,
          recipient: request.params.recipient,
          type,
          source: 'Manually Added' as const,
          description,
          listId: list_id,
        };
        await store.add([entry]);
        return { results: { message: 'Suppression list successfully updated' } };
      },
    );

    app.get(
      '/suppression-list/:recipient',
      {
        onRequest: manage,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: "An address's entries (of `types`), paged as the search is",
          params: suppressionRecipientParams,
          querystring: suppressionRecipientQuery,
          response: { 200: pagedResults(suppressionView) },
        },
      },
      async (request) => {
        const { companyId, subaccountId, isMaster } = principalOf(request);
        // The reference: the master's lookup without X-MSYS-SUBACCOUNT covers its own list and every subaccount's.
        const everyList = isMaster && request.headers['x-msys-subaccount'] === undefined;
        const filter = { ...suppressionFilterOf(request.query), recipient: request.params.recipient };
        const page = await searchPage(
          request.url,
          companyId,
          everyList ? null : subaccountId,
          filter,
          request.query,
        );
        if (page.total_count === 0) throw notFound('Recipient could not be found');
        return page;
      },
    );

    app.delete(
      '/suppression-list/:recipient',
      {
        onRequest: manage,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: "Remove an address's entry of `type` (both types without it), of one list with list_id",
          params: suppressionRecipientParams,
          querystring: suppressionDeleteQuery,
          body: suppressionDeleteBody,
        },
      },
      async (request, reply) => {
        const { companyId, subaccountId } = principalOf(request);
        const type = request.body?.type ?? request.query.type;
        const listId = request.query.list_id === '' ? null : request.query.list_id;
        const { recipient } = request.params;
        const { removed, kept } = await store.remove(companyId, subaccountId, recipient, type, listId);
        if (removed === 0 && kept > 0) {
          throw sparkpostError(403, 'Forbidden.', '1100', 'Recipient could not be removed - Compliance');
        }
        if (removed === 0) throw notFound('Recipient could not be found');
        return reply.status(204).send();
      },
    );
  };
}
