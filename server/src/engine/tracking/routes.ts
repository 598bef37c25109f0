import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReportError } from '../../report-error.ts';
import type { EngagementRecorder } from './engagement-recorder.ts';
import { CLICK_PATH, OPEN_PATH } from './instrument.ts';
import { decodeTrackingToken, type TrackingToken, trackingHost } from './token.ts';

export interface TrackingRoutesDeps {
  /** trackingKey(SECRET): the key the tracked URLs were signed with. */
  key: string;
  engagement: EngagementRecorder;
  reportError: ReportError;
}

/** A 1x1 transparent GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every fetch of the pixel must reach us: a cached pixel is an open never counted. */
const noCache = {
  'cache-control': 'no-cache, no-store, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
};

/** The URL as a Location header carries it: non-ASCII percent-encoded, the host in punycode. */
function locationOf(url: string): string | undefined {
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}

/**
 * The open pixel (`GET /q/<token>`) and the click redirect (`GET /f/<token>`, with an ignored
 * data-msys-sublink path after it), outside `/api/v1` and on any host: a tracking domain is a CNAME
 * to this server. A token verifies only on the host it was made for (the request's Host): one
 * tenant's token on another tenant's tracking domain is a forged token. The pixel answers the GIF
 * whatever the token (it never tells a forged token from a real one) and records only a verified
 * one; a click with a token that does not verify gets 404 and goes nowhere: the redirect's target
 * only ever comes from a signed token. Fastify answers HEAD on both as well (recorded as
 * prefetched: only machines send it).
 */
export function trackingRoutes(deps: TrackingRoutesDeps) {
  const tokenOf = (request: FastifyRequest, engagement: 'open' | 'click'): TrackingToken | undefined => {
    // A wildcard, not a :token parameter: click tokens carry their URL, longer than a parameter may be.
    const path = (request.params as { '*': string })['*'];
    const token = path.split('/', 1)[0] ?? '';
    const decoded = decodeTrackingToken(deps.key, trackingHost(request.host), token);
    if (!decoded) return undefined;
    return (decoded.engagement === 'click') === (engagement === 'click') ? decoded : undefined;
  };

  /** Records the engagement; a failure is reported, never shown: the recipient gets the page or image anyway. */
  const record = async (request: FastifyRequest, token: TrackingToken) => {
    try {
      await deps.engagement.record(token, {
        method: request.method,
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
      });
    } catch (error) {
      deps.reportError(error, 'recording an open or click');
    }
  };

  const click = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request, 'click');
    const location = token?.link && locationOf(token.link.url);
    if (!token || location === undefined) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('This link is not valid.\n');
    }
    await record(request, token);
    return reply.status(302).header('cache-control', 'no-store').header('location', location).send();
  };

  return async (app: FastifyInstance) => {
    app.get(`${OPEN_PATH}*`, { schema: { hide: true } }, async (request, reply) => {
      const token = tokenOf(request, 'open');
      if (token) await record(request, token);
      return reply.headers(noCache).type('image/gif').send(PIXEL);
    });
    app.get(`${CLICK_PATH}*`, { schema: { hide: true } }, click);
  };
}
