import { emptyAnswer, resourceIdParams } from '@app/contract/engine/common';
import {
  type RecipientListSummary,
  type RecipientListView,
  recipientListCreateBody,
  recipientListGetQuery,
  recipientListSaved,
  recipientListSaveQuery,
  recipientListSummary,
  recipientListUpdateBody,
  recipientListView,
  results,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { conflict, invalidParameter, notFound, sparkpostError } from '../../http/sparkpost-errors.ts';
import { type CheckedRecipients, checkRecipients } from './check-recipients.ts';
import type { RecipientListHeader, RecipientListStore } from './recipient-list-store.ts';

const tags = ['recipient lists'];
const manage = requireGrant('recipient_lists/manage');
// 100,000 recipients with metadata and substitution data.
const listBodyLimit = 50 * 1024 * 1024;

const summaryOf = (list: RecipientListHeader): RecipientListSummary => ({
  id: list.id,
  name: list.name,
  description: list.description,
  attributes: list.attributes,
  total_accepted_recipients: list.totalAccepted,
});

function accept(items: readonly unknown[], maxErrors: number | undefined): CheckedRecipients {
  const checked = checkRecipients(items, maxErrors);
  if (checked.accepted.length === 0) {
    const first = checked.errors[0];
    const error = sparkpostError(400, 'At least one valid recipient is required', '5002', first?.description);
    throw error;
  }
  return checked;
}

function savedOf(list: RecipientListHeader, checked: CheckedRecipients | undefined) {
  if (!checked) return { id: list.id, name: list.name };
  return {
    total_rejected_recipients: checked.rejected,
    total_accepted_recipients: checked.accepted.length,
    id: list.id,
    name: list.name,
    ...(checked.errors.length > 0 ? { rcpt_to_errors: checked.errors } : {}),
  };
}

export function recipientListRoutes({
  recipientLists: store,
}: {
  recipientLists: RecipientListStore;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/recipient-lists',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "The account's recipient lists, without their recipients",
          response: { 200: results(z.array(recipientListSummary)) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        return { results: (await store.list(companyId, subaccountId)).map(summaryOf) };
      },
    );

    app.post(
      '/recipient-lists',
      {
        onRequest: manage,
        bodyLimit: listBodyLimit,
        schema: {
          tags,
          summary: 'Store a list; invalid recipients are left out and reported in rcpt_to_errors',
          querystring: recipientListSaveQuery,
          body: recipientListCreateBody,
          response: { 200: results(recipientListSaved) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const body = request.body;
        if (body.id?.startsWith('rcptlist_')) {
          throw invalidParameter(`List id '${body.id}' cannot start with 'rcptlist_'`);
        }
        const checked = accept(body.recipients, request.query.num_rcpt_errors);
        const list = await store.create(companyId, subaccountId, {
          id: body.id,
          name: body.name,
          description: body.description ?? '',
          attributes: body.attributes ?? {},
          recipients: checked.accepted,
        });
        if (!list)
          throw sparkpostError(400, 'List already exists', '5001', `List '${body.id}' already exists`);
        return { results: savedOf(list, checked) };
      },
    );

    app.get(
      '/recipient-lists/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'One list; its recipients with show_recipients=true',
          params: resourceIdParams,
          querystring: recipientListGetQuery,
          response: { 200: results(recipientListView) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const { id } = request.params;
        const list = await store.get(companyId, subaccountId, id);
        if (!list) throw notFound(`List '${id}' does not exist`);
        const shown: RecipientListView = summaryOf(list);
        if (request.query.show_recipients) {
          shown.recipients = (await store.recipientsOf(companyId, subaccountId, id)) ?? [];
        }
        return { results: shown };
      },
    );

    app.put(
      '/recipient-lists/:id',
      {
        onRequest: manage,
        bodyLimit: listBodyLimit,
        schema: {
          tags,
          summary: 'Change a list; recipients, when given, replace all current ones',
          params: resourceIdParams,
          querystring: recipientListSaveQuery,
          body: recipientListUpdateBody,
          response: { 200: results(recipientListSaved) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const { id } = request.params;
        const body = request.body;
        if (body.id !== undefined && body.id !== id) {
          throw invalidParameter(`List id '${body.id}' does not match the list being updated`);
        }
        if (!(await store.get(companyId, subaccountId, id))) throw notFound(`List '${id}' does not exist`);
        const checked =
          body.recipients === undefined ? undefined : accept(body.recipients, request.query.num_rcpt_errors);
        if (checked && (await store.inUse(companyId, subaccountId, id))) {
          throw conflict(`List '${id}' is in use by msg generation`);
        }
        const list = await store.update(companyId, subaccountId, id, {
          name: body.name,
          description: body.description,
          attributes: body.attributes,
          recipients: checked?.accepted,
        });
        if (!list) throw notFound(`List '${id}' does not exist`);
        return { results: savedOf(list, checked) };
      },
    );

    // SparkPost answers a change of "the lists" without naming one with 400 invalid uri.
    for (const method of ['PUT', 'DELETE'] as const) {
      app.route({
        method,
        url: '/recipient-lists',
        onRequest: manage,
        schema: { tags, summary: `${method} needs a list id in the path: always 400 (code 1101)` },
        handler: async () => {
          throw sparkpostError(
            400,
            'invalid uri',
            '1101',
            `${method} requires a recipient list id in the URI`,
          );
        },
      });
    }

    app.delete(
      '/recipient-lists/:id',
      {
        onRequest: manage,
        schema: { tags, summary: 'Delete a list', params: resourceIdParams, response: { 200: emptyAnswer } },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const { id } = request.params;
        if (await store.inUse(companyId, subaccountId, id)) {
          throw conflict(`List '${id}' is in use by msg generation`);
        }
        if (!(await store.remove(companyId, subaccountId, id))) throw notFound(`List '${id}' does not exist`);
        return {};
      },
    );
  };
}
