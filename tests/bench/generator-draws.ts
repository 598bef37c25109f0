/**
 * `npm run bench:generators`: how long the generator host takes to answer each kind of image (chart,
 * countdown, a 1,000-character QR code at 600 px, a barcode), through its routes and draw threads,
 * against the quarter second an image in an email may take before a mail client gives up on it.
 * The first draw (threads starting) and the p95 of the following draws are reported separately.
 *
 * Results go to tests/bench/results/generator-draws.{json,md}.
 */
import Fastify from 'fastify';
import { systemClock } from '../../server/src/clock.ts';
import { closeDrawPool } from '../../server/src/content/generators/draw-pool.ts';
import { createGeneratorUrls } from '../../server/src/content/generators/generator-urls.ts';
import { generatorRoutes } from '../../server/src/content/generators/routes.ts';
import { markdownTable, round, writeResults } from './report.ts';

const limitMs = 250;
const warmDraws = Number(process.env.BENCH_GENERATOR_DRAWS ?? 30);
const publicUrl = 'https://mail.example.test';
const secret = 'generator-bench-secret';
const urls = createGeneratorUrls({ publicUrl, secret });

/** Each image once per draw, with a distinct title or value so no answer is a cached one. */
const images: Record<string, (draw: number) => string> = {
  chart: (draw) =>
    urls.chart({
      kind: 'bar',
      title: `Sales ${draw}`,
      points: [
        { label: 'Q1', value: 120 + draw },
        { label: 'Q2', value: 180 },
        { label: 'Q3', value: 90 },
      ],
      color: '#2563eb',
    }),
  countdown: (draw) =>
    urls.countdown({
      until: '2030-01-01T00:00:00Z',
      expiredText: `over ${draw}`,
      color: '#000000',
      textColor: '#ffffff',
    }),
  'qrcode 1000 chars at 600 px': (draw) =>
    urls.qrcode({
      value: `${draw}`.padEnd(1000, 'q'),
      foreground: '#000000',
      background: '#ffffff',
      size: 600,
    }),
  barcode: (draw) => urls.barcode({ value: `TIMING-${draw}`, format: 'code128', showText: true }),
};

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function main() {
  const app = Fastify();
  await app.register(generatorRoutes({ publicUrl, secret, clock: systemClock }));
  await app.ready();
  const timeOne = async (url: string) => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: url.replace(publicUrl, '') });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    return performance.now() - started;
  };
  const results: { image: string; firstMs: number; p50Ms: number; p95Ms: number; ratio: number }[] = [];
  try {
    for (const [image, url] of Object.entries(images)) {
      const firstMs = await timeOne(url(0));
      const warm: number[] = [];
      for (let draw = 1; draw <= warmDraws; draw++) warm.push(await timeOne(url(draw)));
      warm.sort((a, b) => a - b);
      const p95Ms = percentile(warm, 0.95);
      results.push({
        image,
        firstMs: round(firstMs),
        p50Ms: round(percentile(warm, 0.5)),
        p95Ms: round(p95Ms),
        ratio: round(p95Ms / limitMs, 2),
      });
    }
  } finally {
    await app.close();
    await closeDrawPool();
  }
  const markdown = [
    '# Generator images: time to answer',
    '',
    `Each image drawn once cold, then ${warmDraws} times; the limit is ${limitMs} ms an image.`,
    '',
    ...markdownTable(
      ['image', 'first draw (ms)', 'p50 (ms)', 'p95 (ms)', 'p95 ÷ limit'],
      results.map((row) => [row.image, row.firstMs, row.p50Ms, row.p95Ms, `${row.ratio}×`]),
    ),
    '',
  ].join('\n');
  await writeResults('generator-draws', { limitMs, warmDraws, results }, markdown);
}

await main();
