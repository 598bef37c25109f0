import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { createMailer } from './mail/mailer.ts';

/** Roles this process can run; smtp, mx and worker join as they are built. */
const roles = ['all', 'api'];

const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
if (!roles.includes(values.role)) {
  console.error(`--role must be one of: ${roles.join(', ')}`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const logger = pino({ level: config.logLevel });
if (config.mail.mode === 'capture' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
  logger.warn(
    `MAIL_MODE=capture on ${config.host}: anyone who reaches /v1/captured-mail can read reset links; use MAIL_MODE=deliver`,
  );
}
const db = await openDb(config, (error) => logger.error({ err: error }, 'database connection error'));
const applied = await migrate(db);
if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
const app = await buildApp({ config, db, mailer: createMailer(config, db, logger), logger });

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down`);
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
console.log(`listening on http://${config.host}:${config.port}`);
