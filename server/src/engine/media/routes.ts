import { type MediaFile, mediaFile } from '@app/shared/api/contract/editor/embed-api';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidParameter, sparkpostError, sparkpostErrorHandler } from '../../http/sparkpost-errors.ts';
import { embedScopeOf } from '../embed-tokens/embed-api-routes.ts';
import type { MediaCursor, MediaEntry, MediaStore } from './media-store.ts';
import { checkUpload, maxUploadBytes } from './media-types.ts';

const tags = ['embed'];
const pageSize = 50;

const listQuery = z.object({
  type: z.enum(['image', 'all']).default('all'),
  cursor: z.string().max(200).optional(),
});
const listAnswer = z.object({
  results: z.array(mediaFile),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});

const encodeCursor = (entry: MediaEntry) =>
  Buffer.from(JSON.stringify([entry.createdAt.toISOString(), entry.id])).toString('base64url');

function decodeCursor(cursor: string): MediaCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) && !Number.isNaN(createdAt.getTime())) {
      return { createdAt, id };
    }
  } catch {
    // Answered below like any other cursor that is not one of ours.
  }
  throw invalidParameter('cursor is not a cursor this listing gave');
}

const tooLarge = () =>
  sparkpostError(413, 'request too large', '1300', 'A file may be at most 20 MB (20971520 bytes)');

/** The upload's scope: the file's bytes as they come, whatever their type; only the size is limited here. */
function uploadErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sparkpostErrorHandler(error.statusCode === 413 ? (tooLarge() as never) : error, request, reply);
}

/** /embed/v1/media: the account's file store (upload, list); files are served by public-routes.ts. */
export function mediaRoutes({
  media,
  publicUrl,
}: {
  media: Pick<MediaStore, 'add' | 'list'>;
  publicUrl: string;
}): FastifyPluginAsyncZod {
  const fileOf = (entry: MediaEntry): MediaFile => ({
    id: entry.id,
    name: entry.name,
    url: `${publicUrl}/media/${entry.id}/${entry.name}`,
    content_type: entry.contentType,
    size: entry.size,
    created_at: entry.createdAt.toISOString(),
  });

  return async (app) => {
    app.get(
      '/media',
      {
        schema: {
          tags,
          summary: `The account's files, newest first, ${pageSize} a page`,
          querystring: listQuery,
          response: { 200: listAnswer },
        },
      },
      async (request) => {
        const { type, cursor } = request.query;
        const entries = await media.list(embedScopeOf(request), {
          imagesOnly: type === 'image',
          after: cursor === undefined ? undefined : decodeCursor(cursor),
          limit: pageSize + 1,
        });
        const page = entries.slice(0, pageSize);
        const last = page.at(-1);
        return {
          results: page.map(fileOf),
          next_cursor: entries.length > pageSize && last ? encodeCursor(last) : null,
        };
      },
    );

    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: maxUploadBytes },
        (_request, body, done) => done(null, body),
      );
      upload.setErrorHandler(uploadErrors);
      upload.post(
        '/media',
        {
          bodyLimit: maxUploadBytes,
          // Per IP and minute, with the app's rate limit (off when RATE_LIMIT_PER_MINUTE is 0).
          config: { rateLimit: { max: 30, timeWindow: 60_000 } },
          schema: {
            tags,
            summary: 'Upload a file: the body is the file, ?name= its file name (20 MB at most)',
            querystring: z.object({ name: z.string().max(255).default('') }),
            response: { 200: z.object({ results: mediaFile }) },
          },
        },
        async (request) => {
          const scope = embedScopeOf(request);
          const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (bytes.length === 0) throw invalidParameter('The file is empty');
          const checked = checkUpload(request.query.name, bytes);
          if ('refused' in checked) throw invalidParameter(checked.refused);
          const entry = await media.add(scope, { ...checked, bytes });
          return { results: fileOf(entry) };
        },
      );
    });
  };
}
