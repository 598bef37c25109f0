/**
 * `npm run seed -- --messages 100000 [--exit]`: starts an engine server of its own (MAIL_MODE=deliver
 * to a test SMTP receiver, test DNS), seeds a production company with that many messages through the
 * real engine (seed.ts), prints what the engine counted and the throughput, then keeps the server
 * running with the console's URL and the login until Ctrl+C (`--exit`: stop after seeding).
 * The console is served from dist/ (`npm run build` first to open it in a browser).
 * `--database-url postgres://postgres@127.0.0.1:5432/postgres` (or SEED_DATABASE_URL): the server runs
 * on a fresh database made on that PostgreSQL server (dropped at the end) instead of embedded PGlite.
 */
import { parseArgs } from 'node:util';
import { request } from '@playwright/test';
import { seedMessages } from './seed.ts';
import { startSeedServer, stopOnSignal } from './seed-server.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    exit: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: process.env.SEED_DATABASE_URL },
  },
});
const messages = Number(values.messages);
if (!Number.isInteger(messages) || messages < 1) {
  console.error('--messages: a whole number of messages, at least 1');
  process.exit(2);
}

const log = (line: string) => console.log(line);
const databaseUrl = values['database-url'];
log(
  `starting an engine server (MAIL_MODE=deliver, test DNS and SMTP receiver, ${databaseUrl ? 'a fresh PostgreSQL database' : 'PGlite'}) ...`,
);
const server = await startSeedServer({ databaseUrl });
const api = await request.newContext({ baseURL: server.engine.baseURL, timeout: 300_000 });
let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= api.dispose().then(() => server.stop());
  return stopping;
};
// Ctrl+C, while seeding or after: the server stops and its data goes (DATA_DIR, or its database).
stopOnSignal(stop);
try {
  const result = await seedMessages(server, api, { messages, log });
  log(`\nseeded ${messages.toLocaleString('en')} messages in ${result.seconds.total.toFixed(1)} s`);
  log(`the engine counts (GET /api/v1/metrics/deliverability?from=${result.from}):`);
  for (const [name, value] of Object.entries(result.metrics)) {
    log(`  ${name.padEnd(24)} ${value.toLocaleString('en')}`);
  }
  log('\nevents are stamped when they happen: they all fall within today (the engine cannot backdate them).');
  log(`\nconsole: ${server.engine.baseURL}/login`);
  log(`login:   ${result.account.email} / ${result.account.password}`);
  log(`API key: ${result.account.apiKey}`);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}
if (values.exit) await stop();
else log('\nthe server keeps running: Ctrl+C stops it (and removes its data).');
