import { Readable } from 'node:stream';
import {
  mediaListAnswer as listAnswer,
  mediaListQuery as listQuery,
  type MediaFile,
  mediaUploadAnswer,
  mediaUploadQuery,
} from '@app/contract/editor/embed-api';
import { emptyAnswer, uuidParams } from '@app/contract/engine/common';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, invalidParameter, notFound, sparkpostError } from '../../http/sparkpost-errors.ts';
import { embedScopeOf } from '../embed-tokens/embed-api-routes.ts';
import { type MediaCursor, type MediaEntry, MediaQuotaExceeded, type MediaStore } from './media-store.ts';
import { checkUpload, maxUploadBytes } from './media-types.ts';
import { peek, upTo } from './upload-stream.ts';

const tags = ['embed'];
const pageSize = 50;

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

/** A size in words: 1.5 MB, 12.0 KB, 600 bytes. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;
}

const quotaRefusal = (quota: MediaQuotaExceeded) =>
  sparkpostError(
    413,
    'request too large',
    '1300',
    `The account's files may take ${sizeText(quota.quotaBytes)} in all and take ${sizeText(quota.usedBytes)} already: delete files to make room for this one`,
  );

/** Uploads a minute per company, from however many addresses (each address has its own 30 too). */
const uploadsPerCompanyMinute = 60;

/** An image's signature and an SVG's start are judged by the file's first bytes. */
const headBytes = 4096;

/** /embed/v1/media: the account's file store (upload, list, delete); files are served by public-routes.ts. */
export function mediaRoutes({
  media,
  publicUrl,
}: {
  media: Pick<MediaStore, 'add' | 'list' | 'remove'>;
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

    app.delete(
      '/media/:id',
      {
        schema: {
          tags,
          summary: "Delete one of the account's files: its address stops working, its room is given back",
          params: uuidParams,
          response: { 200: emptyAnswer },
        },
      },
      async (request) => {
        const scope = embedScopeOf(request);
        // The files are the whole account's: a token for one template may not remove what others show.
        if (scope.templateId !== null) {
          throw forbidden(`this embed token may only edit template ${scope.templateId}, not delete files`);
        }
        if (!(await media.remove(scope, request.params.id))) {
          throw notFound(`file ${request.params.id} does not exist`);
        }
        return {};
      },
    );

    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      // The body is the file's bytes as they come, whatever their type: read by the route, never buffered.
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      const perCompany = scope.hasDecorator('createRateLimit')
        ? scope.createRateLimit({
            max: uploadsPerCompanyMinute,
            timeWindow: 60_000,
            keyGenerator: (request) => embedScopeOf(request).companyId,
          })
        : undefined;
      upload.post(
        '/media',
        {
          // Per IP and minute, with the app's rate limit (off when RATE_LIMIT_PER_MINUTE is 0), and per company.
          config: { rateLimit: { max: 30, timeWindow: 60_000 } },
          onRequest: async (request) => {
            const declared = Number(request.headers['content-length']);
            if (declared > maxUploadBytes) throw tooLarge();
            const limit = await perCompany?.(request);
            if (limit && !limit.isAllowed && limit.isExceeded) {
              throw sparkpostError(
                429,
                'too many requests',
                '1003',
                `At most ${uploadsPerCompanyMinute} uploads a minute per account; try again in ${limit.ttlInSeconds} s`,
              );
            }
          },
          schema: {
            tags,
            summary:
              "Upload a file: the body is the file, ?name= its file name (20 MB at most; the account's files at most MEDIA_QUOTA_MB in all)",
            querystring: mediaUploadQuery,
            response: { 200: mediaUploadAnswer },
          },
        },
        async (request) => {
          const scope = embedScopeOf(request);
          const body = request.body instanceof Readable ? request.body : Readable.from([]);
          const { head, chunks } = await peek(upTo(maxUploadBytes, body, tooLarge), headBytes);
          if (head.length === 0) throw invalidParameter('The file is empty');
          const checked = checkUpload(request.query.name, head);
          if ('refused' in checked) throw invalidParameter(checked.refused);
          const declared = Number(request.headers['content-length']);
          try {
            const entry = await media.add(scope, {
              ...checked,
              chunks,
              ...(Number.isFinite(declared) ? { expectedBytes: declared } : {}),
            });
            return { results: fileOf(entry) };
          } catch (error) {
            if (error instanceof MediaQuotaExceeded) throw quotaRefusal(error);
            throw error;
          }
        },
      );
    });
  };
}
