import { Readable } from 'node:stream';
import { envelope } from '@app/contract/common';
import {
  type FileItem,
  fileDesignsAnswer,
  fileIdParams,
  fileListAnswer,
  fileListQuery,
  fileRenameBody,
  fileUploadAnswer,
  fileUsageAnswer,
} from '@app/contract/marketing/files';
import { sortOf } from '@app/contract/marketing/list';
import { uploadTooLargeMessage } from '@app/contract/rules/upload';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MediaEntry, MediaOwner, MediaStore } from '../../content/media/media-store.ts';
import {
  checkUpload,
  maxUploadBytes,
  renamedFileName,
  servedInline,
} from '../../content/media/media-types.ts';
import { peek, upTo } from '../../content/media/upload-stream.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { mediaRefusal } from './media-refusal.ts';

const tags = ['file manager'];
/** Files one upload request may carry; the console sends one a request, to show each one's progress. */
const filesPerRequest = 10;
/** @fastify/multipart's refusals of a request with more parts than its limits allow. */
const tooManyParts = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const sortColumns = { createdAt: 'created_at', name: 'lower(name)', size: 'size' } as const;

export interface FileRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  media: Pick<MediaStore, 'add' | 'page' | 'get' | 'rename' | 'remove' | 'usage'>;
  /** The email templates whose design shows the file. */
  designsUsing(owner: MediaOwner, id: string): Promise<string[]>;
  publicUrl: string;
}

/** The console session's account: the company's master account (the File Manager is the company's). */
const ownerOf = (companyId: string): MediaOwner => ({ companyId, subaccountId: 0 });

const megabytes = maxUploadBytes / (1024 * 1024);

/**
 * /v1/media: the File Manager (§1) on the company's file store, with the console session — list,
 * multipart upload, rename, delete, usage. The block editor reaches the same files by /embed/v1/media.
 */
export function fileRoutes(deps: FileRouteDeps): FastifyPluginAsyncZod {
  const { guards, media } = deps;
  const itemOf = (entry: MediaEntry): FileItem => ({
    id: entry.id,
    name: entry.name,
    size: entry.size,
    type: entry.contentType,
    url: `${deps.publicUrl}/media/${entry.id}/${entry.name}`,
    createdAt: entry.createdAt.toISOString(),
  });
  const manage = [guards.full, requirePermission('files.manage')];

  /**
   * Keeps one uploaded file of the company (§5 types, 20 MB, checked as it streams, never whole in
   * memory), under a free name; `accept` may refuse its type. `field` names the request's part in errors.
   */
  const storeUpload = async (
    owner: MediaOwner,
    field: string,
    fileName: string,
    file: AsyncIterable<Buffer>,
    accept: (contentType: string) => string | undefined = () => undefined,
  ): Promise<MediaEntry> => {
    const { head, chunks } = await peek(
      upTo(maxUploadBytes, Readable.from(file), () => invalidField(field, uploadTooLargeMessage(fileName))),
      4096,
    );
    if (head.length === 0) throw invalidField(field, `The file ${fileName} is empty`);
    const checked = checkUpload(fileName, head);
    if ('refused' in checked) throw invalidField(field, checked.refused, fileName);
    const refused = accept(checked.contentType);
    if (refused) throw invalidField(field, refused, fileName);
    return media.add(owner, { ...checked, chunks, uniqueName: true });
  };

  return async (app) => {
    app.get(
      '/media',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's files: page, size, search (in the name), type image or document, sort",
          security: bearerSecurity,
          querystring: fileListQuery,
          response: { 200: envelope(fileListAnswer) },
        },
      },
      async (request) => {
        const { page, size, search, type, sort } = request.query;
        const { column, descending } = sortOf<keyof typeof sortColumns>(sort);
        const found = await media.page(ownerOf(sessionOf(request).companyId), {
          page,
          size,
          search,
          type,
          sort: { column: sortColumns[column], descending },
        });
        return { data: { items: found.items.map(itemOf), total: found.total, page, size } };
      },
    );

    app.get(
      '/media/usage',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "How many bytes the company's files take, and may take (the plan's storage limit)",
          security: bearerSecurity,
          response: { 200: envelope(fileUsageAnswer) },
        },
      },
      async (request) => ({ data: await media.usage(sessionOf(request).companyId) }),
    );

    app.get(
      '/media/:id/designs',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'The email templates whose design shows the file (asked before a delete)',
          security: bearerSecurity,
          params: fileIdParams,
          response: { 200: envelope(fileDesignsAnswer) },
        },
      },
      async (request) => {
        const owner = ownerOf(sessionOf(request).companyId);
        if (!(await media.get(owner, request.params.id))) throw notFound();
        return { data: { templates: await deps.designsUsing(owner, request.params.id) } };
      },
    );

    app.patch(
      '/media/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Rename a file (its extension stays); its old address redirects to the new one',
          security: bearerSecurity,
          params: fileIdParams,
          body: fileRenameBody,
          response: { 200: envelope(fileItemAnswer) },
        },
      },
      async (request) => {
        const owner = ownerOf(sessionOf(request).companyId);
        const file = await media.get(owner, request.params.id);
        if (!file) throw notFound();
        const renamed = renamedFileName(file.name, request.body.name);
        if ('refused' in renamed) throw invalidField('name', renamed.refused, request.body.name);
        try {
          const entry = await media.rename(owner, file.id, renamed.name);
          if (!entry) throw notFound();
          return { data: itemOf(entry) };
        } catch (error) {
          throw mediaRefusal(error);
        }
      },
    );

    app.delete(
      '/media/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete a file: its address stops working, its room is given back',
          security: bearerSecurity,
          params: fileIdParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        if (!(await media.remove(ownerOf(sessionOf(request).companyId), request.params.id))) throw notFound();
        return { data: {} };
      },
    );

    await app.register(async (scope) => {
      // Each file part is read as it comes (never whole in memory); over 20 MB is refused by upTo.
      await scope.register(multipart, {
        limits: { fileSize: maxUploadBytes + 1, files: filesPerRequest, fields: 0, parts: filesPerRequest },
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/media',
        {
          onRequest: manage,
          config: { rateLimit: { max: 60, timeWindow: 60_000 } },
          schema: {
            tags,
            summary: `Upload files: multipart/form-data, each in a field named file (at most ${filesPerRequest}, ${megabytes} MB each); all are kept or none`,
            security: bearerSecurity,
            response: { 201: envelope(fileUploadAnswer) },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) {
            throw invalidField('file', 'Upload the files as multipart/form-data, each in a field named file');
          }
          const owner = ownerOf(sessionOf(request).companyId);
          const stored: MediaEntry[] = [];
          try {
            for await (const part of request.files()) {
              if (part.fieldname !== 'file') {
                throw invalidField(part.fieldname, 'Send each file in a field named file');
              }
              stored.push(await storeUpload(owner, 'file', part.filename, part.file));
            }
          } catch (error) {
            // All or none: what this request stored before the refusal goes again.
            await Promise.all(stored.map((entry) => media.remove(owner, entry.id)));
            if (tooManyParts.has((error as { code?: string }).code ?? '')) {
              throw invalidField('file', `Upload at most ${filesPerRequest} files at once`);
            }
            throw mediaRefusal(error);
          }
          if (stored.length === 0) throw invalidField('file', 'Choose at least one file to upload');
          return reply.code(201).send({ data: { items: stored.map(itemOf) } });
        },
      );
    });

    // §7 template thumbnail upload: an image (and, before it, an optional filename), kept among the
    // company's files, whose address the template's thumbnail then takes.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: maxUploadBytes + 1, files: 1, fields: 1, parts: 2, fieldSize: 300 },
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/media/template/thumbnail',
        {
          onRequest: [guards.full, requirePermission('marketingTemplates.manage')],
          config: { rateLimit: { max: 60, timeWindow: 60_000 } },
          schema: {
            tags,
            summary: `Upload a template's thumbnail: multipart/form-data, an image (JPG, PNG, GIF, WebP, AVIF; ${megabytes} MB) in a part named image, optionally a filename before it`,
            security: bearerSecurity,
            response: { 201: envelope(fileItemAnswer) },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) {
            throw invalidField('image', 'Upload the image as multipart/form-data, in a part named image');
          }
          const owner = ownerOf(sessionOf(request).companyId);
          let filename: string | undefined;
          let stored: MediaEntry | undefined;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'field') {
                if (part.fieldname === 'filename' && typeof part.value === 'string')
                  filename = part.value.trim();
                continue;
              }
              if (part.fieldname !== 'image')
                throw invalidField(part.fieldname, 'Send the image in a part named image');
              stored = await storeUpload(owner, 'image', filename || part.filename, part.file, (type) =>
                servedInline(type) ? undefined : 'A thumbnail is a JPG, PNG, GIF, WebP or AVIF image',
              );
            }
          } catch (error) {
            if (tooManyParts.has((error as { code?: string }).code ?? '')) {
              throw invalidField('image', 'Upload one image, and at most a filename before it');
            }
            throw mediaRefusal(error);
          }
          if (!stored) throw invalidField('image', 'Choose an image to upload');
          return reply.code(201).send({ data: itemOf(stored) });
        },
      );
    });
  };
}

const fileItemAnswer = fileUploadAnswer.shape.items.element;

const notFound = () => new DomainError('entityNotFound', 'File not found', { field: 'file' });
