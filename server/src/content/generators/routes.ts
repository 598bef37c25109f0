import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../clock.ts';
import { PoolBusyError } from '../../threads/fair-pool.ts';
import { barcodeProblem } from './barcode.ts';
import { boundedCache } from './bounded-cache.ts';
import { closeDrawPool, drawPng } from './draw-pool.ts';
import type { DrawTask } from './draw-worker.ts';
import { generatorFiles, generatorPrefix } from './generator-urls.ts';
import { calendarIcs, eventDatesValid } from './ics.ts';
import {
  barcodePayload,
  calendarPayload,
  chartPayload,
  countdownPayload,
  qrcodePayload,
  socialPayload,
} from './payloads.ts';
import { type GeneratorKind, generatorKey, openPayload } from './signed-payload.ts';

export interface GeneratorRoutesDeps {
  publicUrl: string;
  /** The server's SECRET: the URLs were signed with a key derived from it. */
  secret: string;
  clock?: Clock;
}

/** Images of a payload never change: mail clients and proxies may keep them for good. */
const immutable = 'public, max-age=31536000, immutable';

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply
    .status(status)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`${message}\n`);

/**
 * The images and files mail made from a design points at (`/generator/v1/…`): public, since mail
 * clients fetch them without credentials, but only for signed payloads (`?d=<base64url JSON>&t=<tag>`),
 * so the server draws nothing a design it rendered did not ask for. Drawing runs in pool threads
 * (up to 150 ms for a large QR code), and images are kept by payload (bounded).
 */
export function generatorRoutes(deps: GeneratorRoutesDeps) {
  const key = generatorKey(deps.secret);
  const clock = deps.clock ?? systemClock;
  const host = new URL(deps.publicUrl).hostname;
  const made = boundedCache<Buffer>(500);
  /** Countdowns by second and payload: one drawing serves every open of a mailing within that second. */
  const countdowns = boundedCache<Buffer>(100);

  /** The request's payload, checked; undefined when the reply has been sent. */
  const payloadOf = <S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: GeneratorKind,
    schema: S,
  ): { d: string; value: z.infer<S> } | undefined => {
    const query = request.query as Record<string, unknown>;
    const d = typeof query.d === 'string' ? query.d : '';
    const t = typeof query.t === 'string' ? query.t : '';
    const opened = openPayload(key, kind, d, t);
    if (!opened.ok) {
      refuse(reply, opened.status, opened.message);
      return undefined;
    }
    const parsed = schema.safeParse(opened.value);
    if (!parsed.success) {
      refuse(reply, 422, 'This image address asks for something the generator cannot draw.');
      return undefined;
    }
    return { d, value: parsed.data };
  };

  const png = (reply: FastifyReply, body: Buffer, cacheControl = immutable) =>
    reply.type('image/png').header('cache-control', cacheControl).send(body);

  /** The task's PNG, kept in `cache` by `cacheKey`; 503 while the requester's queue of drawings is full. */
  const drawn = async (
    reply: FastifyReply,
    [cache, cacheKey]: [typeof made, string],
    task: DrawTask,
    cacheControl = immutable,
  ) => {
    let body = cache.get(cacheKey);
    if (!body) {
      try {
        // The images are public: each address asking gets its fair share of the drawing threads.
        body = await drawPng(reply.request.ip, task);
      } catch (error) {
        if (!(error instanceof PoolBusyError)) throw error;
        reply.header('retry-after', '1');
        return refuse(reply, 503, 'The image generator is busy; try again in a moment.');
      }
      cache.set(cacheKey, body);
    }
    return png(reply, body, cacheControl);
  };

  return async (app: FastifyInstance) => {
    app.addHook('onClose', closeDrawPool);
    app.get(`${generatorPrefix}/${generatorFiles.qrcode}`, async (request, reply) => {
      const payload = payloadOf(request, reply, 'qrcode', qrcodePayload);
      if (!payload) return reply;
      return drawn(reply, [made, `qrcode:${payload.d}`], { kind: 'qrcode', payload: payload.value });
    });

    app.get(`${generatorPrefix}/${generatorFiles.barcode}`, async (request, reply) => {
      const payload = payloadOf(request, reply, 'barcode', barcodePayload);
      if (!payload) return reply;
      const problem = barcodeProblem(payload.value);
      if (problem) return refuse(reply, 422, `This ${payload.value.format} barcode ${problem}.`);
      return drawn(reply, [made, `barcode:${payload.d}`], { kind: 'barcode', payload: payload.value });
    });

    app.get(`${generatorPrefix}/${generatorFiles.chart}`, async (request, reply) => {
      const payload = payloadOf(request, reply, 'chart', chartPayload);
      if (!payload) return reply;
      return drawn(reply, [made, `chart:${payload.d}`], { kind: 'chart', payload: payload.value });
    });

    // The time left changes each second: nothing downstream may keep it (no-store); the server keeps it that second.
    app.get(`${generatorPrefix}/${generatorFiles.countdown}`, async (request, reply) => {
      const payload = payloadOf(request, reply, 'countdown', countdownPayload);
      if (!payload) return reply;
      if (Number.isNaN(Date.parse(payload.value.until))) {
        return refuse(reply, 422, 'This countdown has no valid end time.');
      }
      const second = Math.floor(clock.now().getTime() / 1000);
      return drawn(
        reply,
        [countdowns, `${second}:${payload.d}`],
        { kind: 'countdown', payload: payload.value, now: second * 1000 },
        'no-store, max-age=0',
      );
    });

    app.get(`${generatorPrefix}/${generatorFiles.calendar}`, async (request, reply) => {
      const payload = payloadOf(request, reply, 'calendar', calendarPayload);
      if (!payload) return reply;
      if (!eventDatesValid(payload.value)) return refuse(reply, 422, 'This event has no valid start or end.');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .header('cache-control', 'public, max-age=3600')
        .send(calendarIcs(payload.value, clock.now(), host));
    });

    app.get<{ Params: { file: string } }>(`${generatorPrefix}/social/:file`, async (request, reply) => {
      const payload = payloadOf(request, reply, 'social', socialPayload);
      if (!payload) return reply;
      if (`${payload.value.network}.png` !== request.params.file) return refuse(reply, 404, 'No such icon.');
      const { network } = payload.value;
      return drawn(reply, [made, `social:${network}`], { kind: 'social', network });
    });
  };
}
