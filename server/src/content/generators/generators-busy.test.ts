import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClock } from '../../testing/app.ts';
import { createGeneratorUrls } from './generator-urls.ts';
import { generatorRoutes } from './routes.ts';

vi.mock('./draw-pool.ts', async () => {
  const { PoolBusyError } = await import('../../threads/fair-pool.ts');
  return { drawPng: () => Promise.reject(new PoolBusyError()), closeDrawPool: async () => {} };
});

const publicUrl = 'https://mail.example.test';
const secret = 'generator-test-secret';
const app = Fastify();

beforeAll(async () => {
  await app.register(
    generatorRoutes({ publicUrl, secret, clock: testClock(new Date('2026-11-24T12:00:00Z')) }),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('generator routes while the drawing threads are busy', () => {
  it('answer 503, uncached, with when to come back', async () => {
    const url = createGeneratorUrls({ publicUrl, secret }).social('facebook').replace(publicUrl, '');
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('The image generator is busy; try again in a moment.\n');
  });
});
