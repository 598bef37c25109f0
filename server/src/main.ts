import type { Server } from 'node:https';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createPasswordHasher } from './accounts/auth/passwords.ts';
import { resolveSecret } from './accounts/auth/secret.ts';
import { createAccountStores } from './accounts/create-accounts.ts';
import { createNotificationStore } from './accounts/notifications/notification-store.ts';
import { buildApp } from './app.ts';
import { runAdminCommand } from './cli/admin.ts';
import { serveOperatorCommands } from './cli/control-socket.ts';
import { operatorEngine } from './cli/operator-engine.ts';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { createDesignRenderer } from './content/email-designs/render/design-renderer.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open.ts';
import { createDnsResolver } from './dns/resolver.ts';
import { createEngine } from './engine/create-engine.ts';
import { createDeliveryFromConfig } from './engine/delivery/start-delivery.ts';
import { startMxFromConfig } from './engine/inbound-mx/start-mx.ts';
import { marketingEngineOf } from './engine/interfaces.ts';
import { startSmtpRelay } from './engine/smtp-relay/start-relay.ts';
import { createWorkerPresence } from './engine/worker-presence/worker-presence.ts';
import { listenSitesTls } from './http/site-tls.ts';
import { createMailer } from './mail/mailer.ts';
import { createRecipientLinks } from './marketing/campaigns/recipient-pages/recipient-links.ts';
import { companyDoorOf } from './marketing/company-door.ts';
import { sharedConnectionSlices } from './marketing/contacts/imports/import-runner.ts';
import { startMarketingWorkers } from './marketing/create-marketing.ts';
import { formFileStoreIn } from './marketing/forms/form-uploads.ts';
import { createAcmeIssuer } from './marketing/pages/sites/certificates/acme-issuer.ts';
import { reportTo } from './report-error.ts';
import { startWorkers } from './workers.ts';

/** Roles this process can run (all = every one): HTTP, SMTP relay, inbound MX, background and delivery workers. */
const roles = ['all', 'api', 'smtp', 'mx', 'worker'];

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
if (config.mail.mode === 'deliver') {
  // Receiving servers judge a sender by these names: say so before mail goes out under bad ones.
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(config.smtp.hostname)) {
    logger.warn(
      `MAIL_MODE=deliver with SMTP_HOSTNAME=${config.smtp.hostname}: set it to this server's public host name (EHLO, return paths); receivers refuse mail from a bare address or localhost`,
    );
  }
  if (!config.publicUrl.startsWith('https://')) {
    logger.warn(
      `MAIL_MODE=deliver with PUBLIC_URL=${config.publicUrl}: one-click unsubscribe links (RFC 8058) need https`,
    );
  }
}
if (config.mail.mode === 'capture' && !['127.0.0.1', '::1', 'localhost'].includes(config.host)) {
  logger.warn(
    `MAIL_MODE=capture on ${config.host}: mail stays on this server and never reaches its recipients; use MAIL_MODE=deliver`,
  );
}
const db = await openDb(
  config,
  (error) => logger.error({ err: error }, 'database connection error'),
  (error) => {
    logger.fatal({ err: error }, 'the embedded database stopped; exiting so the server can be restarted');
    process.exit(1);
  },
).catch((error: unknown) => {
  if (!(error instanceof DataDirInUse)) throw error;
  console.error(`cannot start: ${error.message}`);
  process.exit(1);
});
const applied = await migrate(db);
if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
// The composition root: every store and service of this process is built here, once.
// Signs tokens, VERP return paths, unsubscribe and tracked links: the same in every process of one database.
const secret = await resolveSecret(db, config.secret);
const engine = createEngine(db, systemClock, reportTo(logger), { secret, publicUrl: config.publicUrl });
const accounts = createAccountStores(db);
// The embedded database has no other process: a generation still marked running was this server's
// before it stopped, and resumes now rather than after the usual wait.
if (!config.databaseUrl) await engine.transmissions.releaseStale(0);

// The embedded database has one owner, this process: operator commands come in through it.
const operatorContext = {
  ...accounts,
  db,
  passwords: createPasswordHasher(config.passwordHashing),
  clock: systemClock,
  ...operatorEngine(config, engine, systemClock),
};
const operator = config.databaseUrl
  ? undefined
  : await serveOperatorCommands(config.dataDir, (argv) => {
      logger.info({ command: argv[0] }, 'operator command');
      return runAdminCommand(operatorContext, argv);
    });
const runs = (role: string) => values.role === 'all' || values.role === role;

// The worker processes' heartbeat: the leases of one that dies go to the others once it has stood
// still for WORKER_DEAD_AFTER_SECONDS. The embedded database has no other process: the leases of
// earlier ones (dead by construction) are free as this one starts.
const presence = runs('worker')
  ? createWorkerPresence(db, systemClock, {
      deadAfterMs: config.workerDeadAfterMs,
      reportError: reportTo(logger),
    })
  : undefined;
await presence?.start({ sole: !config.databaseUrl });
presence?.keepBeating();

const app = runs('api')
  ? await buildApp({ config, db, mailer: createMailer(config, db, logger), logger, engine, accounts })
  : undefined;
const smtp = runs('smtp') ? await startSmtpRelay(config, engine, logger) : undefined;
const mx = runs('mx') ? await startMxFromConfig(config, secret, engine, logger) : undefined;
const webhookDispatcher = runs('worker')
  ? engine.webhooks.dispatcher(
      {
        resolve: createDnsResolver(config.dnsServers).addresses,
        allowedNetworks: config.webhookAllowedNetworks,
      },
      reportTo(logger),
      { holder: presence },
    )
  : undefined;
const stopWorkers = runs('worker')
  ? startWorkers(db, engine, logger, {
      dns: createDnsResolver(config.dnsServers),
      webhooks: webhookDispatcher,
      holder: presence,
    })
  : undefined;
const stopMarketingWorkers = runs('worker')
  ? startMarketingWorkers(
      {
        db,
        clock: systemClock,
        engine: marketingEngineOf(engine),
        company: companyDoorOf(accounts.companies),
        notify: createNotificationStore(db).notify,
        exportDir: config.exportDir,
        formFiles: formFileStoreIn(config.media.dir),
        renderDesign: createDesignRenderer({ publicUrl: config.publicUrl, secret }),
        links: createRecipientLinks({ secret, publicUrl: config.publicUrl }),
        formWebhooks: engine.webhooks.poster({
          resolve: createDnsResolver(config.dnsServers).addresses,
          allowedNetworks: config.webhookAllowedNetworks,
        }),
        ...(config.sites.acme
          ? { certificates: { issuer: createAcmeIssuer(config.sites.acme), secret } }
          : {}),
        ...(config.databaseUrl ? {} : { importSlices: sharedConnectionSlices }),
        ...(presence ? { holder: presence } : {}),
      },
      reportTo(logger),
    )
  : undefined;
const delivery = runs('worker')
  ? createDeliveryFromConfig({
      config,
      db,
      engine,
      secret,
      clock: systemClock,
      reportError: reportTo(logger),
      holder: presence,
    })
  : undefined;
delivery?.start();

/** The custom domains' HTTPS listener, when SITES_TLS_PORT is set. */
let sitesTls: Server | undefined;
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down`);
  // A transmission still generating (in the background or by the workers) stops after its current
  // chunk and resumes at the next start; the workers claim nothing more.
  await Promise.all([
    engine.transmissions.stop(),
    operator?.close(),
    app?.close(),
    new Promise<void>((done) => (sitesTls ? sitesTls.close(() => done()) : done())),
    smtp?.relay.close(),
    mx?.close(),
    stopWorkers?.(),
    stopMarketingWorkers?.(),
    delivery?.stop(),
  ]);
  // Whatever this process still holds is free for the others at once.
  await presence?.stop();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (smtp) console.log(`SMTP relay on ${config.smtp.host}:${smtp.port}`);
if (mx) console.log(`inbound MX (bounces, complaints) on ${config.smtp.host}:${mx.port}`);
if (delivery) console.log(`delivery workers: MAIL_MODE=${config.mail.mode}`);
if (app) {
  await app.listen({ host: config.host, port: config.port });
  console.log(`listening on http://${config.host}:${config.port}`);
  await app.sites.listen({ host: config.host, port: config.sites.port });
  const sitesAddress = app.sites.server.address();
  const sitesPort = typeof sitesAddress === 'object' && sitesAddress ? sitesAddress.port : config.sites.port;
  console.log(`pages and forms on ${config.sites.url} (port ${sitesPort})`);
  if (config.sites.tlsPort !== undefined) {
    sitesTls = await listenSitesTls(app.sites, {
      host: config.host,
      port: config.sites.tlsPort,
      contextOf: app.sitesTls,
    });
    console.log(`custom domains over HTTPS on port ${config.sites.tlsPort}`);
  }
}
