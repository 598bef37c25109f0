import type { FastifyInstance } from 'fastify';

/**
 * The official SparkPost client sends `Content-Type: application/json` with an empty body on DELETE;
 * Fastify's JSON parser answers that with 400. Within `app` (the /api/v1 scope), an empty JSON body
 * parses as no body; anything else goes through Fastify's own (prototype-poisoning-safe) parser.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
