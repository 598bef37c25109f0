import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { resolveSecret } from '../accounts/auth/secret.ts';
import { type AccountStores, createAccountStores } from '../accounts/create-accounts.ts';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createEngine, type Engine } from '../engine/create-engine.ts';
import { createMailer } from '../mail/mailer.ts';
import { reportTo } from '../report-error.ts';
import { auth } from './accounts.ts';
import { composeQueued } from './compose-queued.ts';
import { openMigrated, type TestDatabase } from './databases.ts';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

export const testMediaDir = path.join(tmpdir(), `mailplatform-test-media-${process.pid}`);

/** Defaults of a fresh install, with cheap password hashing, no rate limit and no console files. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    DATA_DIR: 'memory://',
    RATE_LIMIT_PER_MINUTE: '0',
    CONSOLE_DIR: '/nonexistent-console',
    // Tests deliver to receivers on loopback.
    DELIVERY_PRIVATE_NETWORKS: 'allow',
  });
  return {
    ...base,
    passwordHashing: { memoryCost: 1024, timeCost: 1 },
    // A captcha a test solves in a few milliseconds.
    forms: { ...base.forms, captchaWork: { cost: 1, counter: { min: 1, max: 50 } } },
    // Files of every test app of this process in one folder: each company's lie apart in it.
    media: { dir: testMediaDir, quotaBytes: 1024 * 1024 * 1024 },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  /** The app's sending engine: tests run the workers' steps (scheduled sends...) through it. */
  engine: Engine;
  /** The app's accounts stores (operator commands run on them, as in the server). */
  accounts: AccountStores;
  /** The server's SECRET: a worker built beside the app signs links as the app does. */
  secret: string;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  clock?: TestClock;
  logger?: pino.Logger;
}

export async function createTestApp(db: Db, options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const clock = options.clock ?? testClock();
  const logger = options.logger ?? pino({ level: 'silent' });
  const secret = await resolveSecret(db, config.secret);
  const engine = createEngine(db, clock, reportTo(logger), { secret, publicUrl: config.publicUrl });
  const accounts = createAccountStores(db);
  const mailer = createMailer(config, db, logger);
  const app = await buildApp({ config, db, mailer, clock, logger, engine, accounts });
  return { app, clock, config, engine, accounts, secret };
}

/** A value that the calling describe's beforeAll sets: reading it earlier is a mistake in the test. */
function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is set in beforeAll: read it inside a hook or a test`);
  return value;
}

/**
 * Opens a migrated database before the tests of the calling describe and closes it after them.
 * Read `db` inside hooks and tests only.
 */
export function useTestDb(database: TestDatabase) {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openMigrated(database);
  });
  afterAll(async () => {
    await db?.close();
  });
  return {
    get db(): Db {
      return ready(db, 'db');
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A migrated database and an app on it for the tests of the calling describe, closed after them.
 * Options given as a function are read in beforeAll, after the hooks registered before this call.
 * Read `app`, `clock`, `config` and `db` inside hooks and tests only.
 */
export function useTestApp(database: TestDatabase, options: TestAppOptions | (() => TestAppOptions) = {}) {
  let db: Db | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    db = await openMigrated(database);
    t = await createTestApp(db, typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.engine.transmissions.stop();
    await db?.close();
    // The files uploaded meanwhile: nothing of the tests stays in the temporary folder.
    if (t) await rm(t.config.media.dir, { recursive: true, force: true });
  });
  /** A request with the bearer token of a signed-in user. */
  const call = (method: Method, url: string, token: string, payload?: object) =>
    ready(t, 'app').app.inject({ method, url, headers: auth(token), payload });
  return {
    get app(): FastifyInstance {
      return ready(t, 'app').app;
    },
    get clock(): TestClock {
      return ready(t, 'clock').clock;
    },
    get config(): Config {
      return ready(t, 'config').config;
    },
    get engine(): Engine {
      return ready(t, 'engine').engine;
    },
    get secret(): string {
      return ready(t, 'app').secret;
    },
    get accounts(): AccountStores {
      return ready(t, 'accounts').accounts;
    },
    get db(): Db {
      return ready(db, 'db');
    },
    call,
    /** Composes the production messages accepted so far, as a delivery worker would (compose-queued.ts). */
    composeQueued: () => composeQueued(ready(db, 'db'), ready(t, 'engine').engine, ready(t, 'clock').clock),
    get: (url: string, token: string) => call('GET', url, token),
    post: (url: string, token: string, payload?: object) => call('POST', url, token, payload),
    /** The `data` of a signed-in GET's JSON answer. */
    getData: (url: string, token: string) => call('GET', url, token).then((response) => response.json().data),
  };
}
