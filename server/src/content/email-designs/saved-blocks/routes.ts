import { savedBlock, savedBlockBody } from '@app/contract/editor/embed-api';
import { emptyAnswer, uuidParams } from '@app/contract/engine/common';
import { results } from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, sparkpostError } from '../../../http/sparkpost-errors.ts';
import { embedScopeOf } from '../../embed-tokens/embed-api-routes.ts';
import { type SavedBlockStore, savedBlockLimit } from './saved-block-store.ts';

const tags = ['embed'];

/** /embed/v1/saved-blocks: the account's blocks saved for reuse. */
export function savedBlockRoutes({ savedBlocks }: { savedBlocks: SavedBlockStore }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/saved-blocks',
      {
        schema: {
          tags,
          summary: 'Saved blocks, newest first',
          response: { 200: results(z.array(savedBlock)) },
        },
      },
      async (request) => ({ results: await savedBlocks.list(embedScopeOf(request)) }),
    );

    app.post(
      '/saved-blocks',
      {
        schema: {
          tags,
          summary: `Save a block for reuse (at most ${savedBlockLimit} an account or subaccount)`,
          body: savedBlockBody,
          response: { 200: results(savedBlock) },
        },
      },
      async (request) => {
        const saved = await savedBlocks.add(embedScopeOf(request), request.body.name, request.body.block);
        if (saved === 'full') {
          throw sparkpostError(
            422,
            'limit exceeded',
            '1300',
            `At most ${savedBlockLimit} saved blocks: delete one before saving another`,
          );
        }
        return { results: saved };
      },
    );

    app.delete(
      '/saved-blocks/:id',
      {
        schema: {
          tags,
          summary: 'Delete a saved block',
          params: uuidParams,
          response: { 200: emptyAnswer },
        },
      },
      async (request) => {
        if (!(await savedBlocks.remove(embedScopeOf(request), request.params.id))) {
          throw notFound(`saved block ${request.params.id} does not exist`);
        }
        return {};
      },
    );
  };
}
