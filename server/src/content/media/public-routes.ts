import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain-error.ts';
import type { MediaStore } from './media-store.ts';
import { servedInline } from './media-types.ts';

/**
 * GET /media/:id/:name: the file store's files, public (mail clients load them without credentials),
 * never changing, streamed from the file store. Only raster images show inline; SVG and documents download, so nothing uploaded
 * runs as a page of this origin.
 */
export function publicMediaRoutes({ media }: { media: Pick<MediaStore, 'read'> }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string; name: string } }>(
      '/media/:id/:name',
      { schema: { hide: true } },
      async (request, reply) => {
        const { id, name } = request.params;
        const file = await media.read(id, name);
        if (!file) throw new DomainError('entityNotFound', 'No such file');
        // Renamed in the File Manager: designs and sent mail keep the old address, which goes on working.
        if ('renamed' in file) {
          return reply
            .header('cache-control', 'public, max-age=300')
            .redirect(`/media/${id}/${encodeURIComponent(file.renamed)}`, 301);
        }
        reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
        if (file.sha256) reply.header('etag', `"${file.sha256}"`);
        if (!servedInline(file.contentType))
          reply.header('content-disposition', `attachment; filename="${name}"`);
        return reply.send(file.body);
      },
    );
  };
}
