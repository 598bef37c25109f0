import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain-error.ts';

/** Route option for the anonymous account routes (sign-in, register, password recovery). */
export const rateLimited = { rateLimit: { timeWindow: 60_000 } };

/** Limits per IP the routes that opt in with `config: rateLimited`; perMinute 0 turns it off. */
export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new DomainError('tooManyAttempts', `Too many requests, try again in ${context.after}`),
  });
}
