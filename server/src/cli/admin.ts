import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createPasswordHasher } from '../accounts/auth/passwords.ts';
import { createAccountStores } from '../accounts/create-accounts.ts';
import { systemClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { openDb } from '../db/open.ts';
import { createEngine } from '../engine/create-engine.ts';
import { reportTo } from '../report-error.ts';
import {
  type AdminContext,
  createApiKeyForUser,
  createCompany,
  resetPassword,
  setConsoleProfile,
  setEnvironment,
  setLimit,
  setPlan,
  setToggle,
} from './commands.ts';
import { controlSocketName, NoServerAnswers, sendOperatorCommand } from './control-socket.ts';
import { operatorEngine } from './operator-engine.ts';
import { addSendingDomain, verifySendingDomain } from './sending-domain-commands.ts';

export const usage = `Operator commands (they use the same settings as the server: DATA_DIR or DATABASE_URL).
While a server runs on the same DATA_DIR, the command runs inside it and applies at once.

  npm run admin -- create-company --name "Acme" --email owner@acme.test --password 'secret123'
      Creates a company on the FREE plan and its owner (already confirmed).
  npm run admin -- create-api-key --email owner@acme.test --label "CI" [--grants smtp/inject,transmissions/modify]
      Creates an API key for that user's company and prints it once. Grants default to all.
  npm run admin -- reset-password --email owner@acme.test --password 'newsecret123'
      Sets a new password, lifts a sign-in lock and ends the user's sessions.
  npm run admin -- set-plan --email owner@acme.test --plan UNLIMITED
      Moves the company to another plan (FREE: 3000 emails a month and a first taste of marketing;
      PROFESSIONAL: §9's sample plan; UNLIMITED: no quota). The plans are in README.
  npm run admin -- set-limit --email owner@acme.test --limit contactLimit --value 50000
      Gives the company its own limit of the plan catalogue (a number, unlimited, or plan for its
      plan's again); the engine's quotas (emails, members) follow set-plan.
  npm run admin -- set-toggle --email owner@acme.test --toggle htmlDownload --value on
      Turns one of the company's §6 toggles on or off: largeContactDelete, htmlDownload,
      noHeaderSpace, customImportWithoutEmail, chatDisabled (the company detail lists those on).
  npm run admin -- set-environment --email owner@acme.test --environment production
      Switches the company to sandbox or production without the console's on-boarding steps.
  npm run admin -- set-console-profile --email owner@acme.test --profile C
      Restricts the company's console to a §6 profile (A–F: what each hides is in README); --profile
      none gives it the install's console again (CONSOLE_PROFILE, else all of it). Applies at the
      next page load.
  npm run admin -- add-sending-domain --email owner@acme.test --domain acme.test [--verified]
      Adds a sending domain with a new DKIM key and prints the DNS records to publish; --verified
      lets production send from it at once (you vouch for it), else verify it once published:
  npm run admin -- verify-sending-domain --email owner@acme.test --domain acme.test
      Looks up its DKIM, SPF and DMARC records in DNS (DNS_SERVERS) and records the result.
  npm run admin -- --help`;

function parseAdminArgs(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      label: { type: 'string' },
      grants: { type: 'string' },
      plan: { type: 'string' },
      limit: { type: 'string' },
      toggle: { type: 'string' },
      value: { type: 'string' },
      environment: { type: 'string' },
      profile: { type: 'string' },
      domain: { type: 'string' },
      verified: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return { command: values.help ? undefined : positionals[0], values };
}

/** true when argv asks for the usage text (then no database is needed). */
const wantsHelp = (argv: string[]) => parseAdminArgs(argv).command === undefined;

/** Runs one command; returns the lines to print. */
export async function runAdminCommand(ctx: AdminContext, argv: string[]): Promise<string[]> {
  const { command, values } = parseAdminArgs(argv);
  if (!command) return [usage];
  if (command === 'create-company') {
    const created = await createCompany(ctx, values);
    return [`company ${created.companyId} created with owner ${created.email} (user ${created.userId})`];
  }
  if (command === 'create-api-key') {
    const created = await createApiKeyForUser(ctx, values);
    return [
      `API key ${created.id} (${created.grants.join(', ')})`,
      'Copy it now, it is not shown again:',
      created.key,
    ];
  }
  if (command === 'reset-password') {
    const reset = await resetPassword(ctx, values);
    return [`password of ${reset.email} reset; their sessions have ended`];
  }
  if (command === 'set-plan') {
    const changed = await setPlan(ctx, values);
    return [`company of ${changed.email} is now on plan ${changed.plan}`];
  }
  if (command === 'set-limit') {
    const changed = await setLimit(ctx, values);
    const shown =
      changed.quota === null
        ? "its plan's again"
        : changed.quota === -1
          ? 'unlimited'
          : String(changed.quota);
    return [`company of ${changed.email} now has ${changed.limit}: ${shown}`];
  }
  if (command === 'set-toggle') {
    const changed = await setToggle(ctx, values);
    return [`company of ${changed.email} now has ${changed.toggle} ${changed.value}`];
  }
  if (command === 'set-environment') {
    const changed = await setEnvironment(ctx, values);
    return [`company of ${changed.email} now sends in ${changed.environment}`];
  }
  if (command === 'set-console-profile') {
    const changed = await setConsoleProfile(ctx, values);
    return [
      changed.profile === 'none'
        ? `company of ${changed.email} has the install's console again (CONSOLE_PROFILE, or the whole console without it)`
        : `company of ${changed.email} now has console profile ${changed.profile}`,
    ];
  }
  if (command === 'add-sending-domain') return addSendingDomain(ctx, values);
  if (command === 'verify-sending-domain') return verifySendingDomain(ctx, values);
  throw new Error(`unknown command "${command}"\n\n${usage}`);
}

/** How long to wait for a DATA_DIR holder that is still starting (or another command that runs). */
const holderWaitMs = 15_000;

/**
 * Said after a command that made the embedded database itself: a server started with another
 * DATA_DIR (or with DATABASE_URL) does not see what the command did.
 */
export const newDatabaseNotice = (dataDir: string) =>
  `DATA_DIR ${dataDir} held no database, so this command made one there. A server started with another DATA_DIR or with DATABASE_URL does not see it: run the command with the server's settings.`;

/** Opens the database itself, under DATA_DIR's lock when embedded, runs the command and closes it. */
async function runInThisProcess(config: Config, argv: string[]): Promise<string[]> {
  const made = config.databaseUrl === undefined && !existsSync(join(config.dataDir, 'PG_VERSION'));
  const db = await openDb(config);
  try {
    await migrate(db);
    const passwords = createPasswordHasher(config.passwordHashing);
    // This process's composition root, as main.ts is the server's.
    const engine = createEngine(db, systemClock, reportTo(console));
    const lines = await runAdminCommand(
      {
        ...createAccountStores(db),
        db,
        passwords,
        clock: systemClock,
        ...operatorEngine(config, engine, systemClock),
      },
      argv,
    );
    return made ? [...lines, newDatabaseNotice(config.dataDir)] : lines;
  } finally {
    await db.close();
  }
}

/**
 * With PostgreSQL, every process shares the database. With PGlite, the command runs here when no
 * process holds DATA_DIR, else in the server holding it, through its control socket.
 */
export async function runCommand(config: Config, argv: string[]): Promise<string[]> {
  const deadline = Date.now() + holderWaitMs;
  for (;;) {
    try {
      return await runInThisProcess(config, argv);
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      try {
        return await sendOperatorCommand(config.dataDir, argv);
      } catch (sendError) {
        if (!(sendError instanceof NoServerAnswers)) throw sendError;
        if (Date.now() > deadline) {
          throw new Error(`${error.message}, and it does not answer on ${controlSocketName}`);
        }
      }
    }
    await sleep(200);
  }
}

async function main(argv: string[]): Promise<void> {
  if (wantsHelp(argv)) {
    console.log(usage);
    return;
  }
  const config = loadConfig(process.env);
  console.log((await runCommand(config, argv)).join('\n'));
}
if (import.meta.main) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
