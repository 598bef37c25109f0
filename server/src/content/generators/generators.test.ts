import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClock } from '../../testing/app.ts';
import { barcodeProblem } from './barcode.ts';
import { closeDrawPool, drawPng } from './draw-pool.ts';
import { createGeneratorUrls } from './generator-urls.ts';
import { generatorRoutes } from './routes.ts';

vi.mock('./draw-pool.ts', async (original) => {
  const pool = await original<typeof import('./draw-pool.ts')>();
  return { ...pool, drawPng: vi.fn(pool.drawPng) };
});

const publicUrl = 'https://mail.example.test';
const secret = 'generator-test-secret';
const clock = testClock(new Date('2026-11-24T12:00:00Z'));
const urls = createGeneratorUrls({ publicUrl, secret });
const app = Fastify();

beforeAll(async () => {
  await app.register(generatorRoutes({ publicUrl, secret, clock }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDrawPool();
});

const get = (url: string) => app.inject({ method: 'GET', url: url.replace(publicUrl, '') });

/** The PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function expectPng(url: string) {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { response, size: pngSize(response.rawPayload) };
}

const chart = {
  kind: 'bar' as const,
  title: 'Sales by quarter',
  points: [
    { label: 'Q1', value: 120 },
    { label: 'Q2', value: 180 },
    { label: 'Q3', value: 90 },
  ],
  color: '#2563eb',
};

describe('generator routes', () => {
  it('draws a QR code at twice its size, for good', async () => {
    const { response, size } = await expectPng(
      urls.qrcode({
        value: 'https://shop.example/offer',
        foreground: '#111111',
        background: '#ffffff',
        size: 200,
      }),
    );
    expect(size.width).toBe(400);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('draws every barcode format, and refuses a value the format cannot take', async () => {
    for (const [format, value] of [
      ['code128', 'SAVE-20'],
      ['code39', 'SAVE20'],
      ['ean13', '4006381333931'],
      ['upca', '036000291452'],
      ['itf14', '15400141288763'],
    ] as const) {
      await expectPng(urls.barcode({ value, format, showText: true }));
    }
    const bad = await get(urls.barcode({ value: '12345', format: 'ean13', showText: true }));
    expect(bad.statusCode).toBe(422);
    expect(barcodeProblem({ format: 'ean13', value: '4006381333932' })).toBe('has a wrong check digit');
  });

  it('draws bar, line and pie charts 1200 pixels wide', async () => {
    for (const kind of ['bar', 'line', 'pie'] as const) {
      const { size } = await expectPng(urls.chart({ ...chart, kind }));
      expect(size).toEqual({ width: 1200, height: 680 });
    }
  });

  it('draws the time left once a second, then the expired text', async () => {
    const url = urls.countdown({
      until: '2026-11-26T13:30:00Z',
      expiredText: 'The sale has ended',
      color: '#111827',
      textColor: '#ffffff',
    });
    const first = await expectPng(url);
    expect(first.response.headers['cache-control']).toContain('no-store');
    const drawings = vi.mocked(drawPng).mock.calls.length;
    expect(clock.now().getTime() % 1000).toBe(0);
    clock.advance(400);
    const sameSecond = await expectPng(url);
    expect(sameSecond.response.headers['cache-control']).toContain('no-store');
    expect(sameSecond.response.rawPayload.equals(first.response.rawPayload)).toBe(true);
    expect(vi.mocked(drawPng).mock.calls.length, 'drawn once in a second').toBe(drawings);
    clock.advance(61_000);
    const later = await expectPng(url);
    expect(later.response.rawPayload.equals(first.response.rawPayload)).toBe(false);
    clock.advance(3 * 86_400_000);
    const expired = await expectPng(url);
    clock.advance(1_000);
    const stillExpired = await expectPng(url);
    expect(stillExpired.response.rawPayload.equals(expired.response.rawPayload)).toBe(true);
  });

  it('serves an iCalendar file with CRLF lines and escaped text', async () => {
    const response = await get(
      urls.calendar({
        title: 'Launch; party, with "friends"',
        description: 'Line one\nLine two \\ done',
        location: 'Hall 3, Berlin',
        start: '2026-12-01T18:00:00+01:00',
        end: '2026-12-01T20:00:00+01:00',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="event.ics"');
    const lines = response.body.split('\r\n');
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines).toContain('DTSTART:20261201T170000Z');
    expect(lines).toContain('DTEND:20261201T190000Z');
    expect(lines.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(lines).toContain('SUMMARY:Launch\\; party\\, with "friends"');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two \\\\ done');
    expect(lines).toContain('LOCATION:Hall 3\\, Berlin');
    expect(lines.find((line) => line.startsWith('UID:'))).toMatch(/^UID:[0-9a-f]{32}@mail\.example\.test$/);
    expect(lines.at(0)).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('folds long iCalendar lines at 75 octets', async () => {
    const response = await get(
      urls.calendar({
        title: 'é'.repeat(100),
        description: '',
        location: '',
        start: '2026-12-01T18:00:00Z',
        end: '2026-12-01T19:00:00Z',
      }),
    );
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(response.body).toContain('\r\n é');
  });

  it('draws each social network icon', async () => {
    for (const network of [
      'facebook',
      'x',
      'instagram',
      'linkedin',
      'youtube',
      'tiktok',
      'whatsapp',
      'pinterest',
    ] as const) {
      const { size } = await expectPng(urls.social(network));
      expect(size.width).toBe(128);
    }
  });

  it('refuses unsigned, tampered and oversized addresses', async () => {
    const url = new URL(urls.chart(chart));
    expect((await get(`/generator/v1/chart.png?d=${url.searchParams.get('d')}`)).statusCode).toBe(404);
    const otherKind = urls.qrcode({ value: 'x', foreground: '#000000', background: '#ffffff', size: 100 });
    const swapped = new URL(otherKind);
    expect((await get(`/generator/v1/chart.png${swapped.search}`)).statusCode).toBe(403);
    const tampered = Buffer.from(JSON.stringify({ ...chart, title: 'Forged' })).toString('base64url');
    expect(
      (await get(`/generator/v1/chart.png?d=${tampered}&t=${url.searchParams.get('t')}`)).statusCode,
    ).toBe(403);
    const huge = 'a'.repeat(6000);
    expect((await get(`/generator/v1/chart.png?d=${huge}&t=${url.searchParams.get('t')}`)).statusCode).toBe(
      413,
    );
    const social = new URL(urls.social('x'));
    expect((await get(`/generator/v1/social/facebook.png${social.search}`)).statusCode).toBe(404);
  });

  it('draws every kind of image, the largest QR code included (timings: npm run bench:generators)', async () => {
    await expectPng(urls.chart({ ...chart, title: 'Every kind' }));
    await expectPng(
      urls.countdown({
        until: '2030-01-01T00:00:00Z',
        expiredText: 'x',
        color: '#000000',
        textColor: '#ffffff',
      }),
    );
    const { size } = await expectPng(
      urls.qrcode({ value: 'q'.repeat(1000), foreground: '#000000', background: '#ffffff', size: 600 }),
    );
    expect(size.width).toBeGreaterThanOrEqual(600);
    await expectPng(urls.barcode({ value: 'TIMING-128', format: 'code128', showText: true }));
  });
});
