import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { createMailer } from '../mail/mailer.ts';

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

/** Defaults of a fresh install, with cheap password hashing, no rate limit and no console files. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: 'memory://', RATE_LIMIT_PER_MINUTE: '0', CONSOLE_DIR: '/nonexistent-console' }),
    passwordHashing: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
}

export async function createTestApp(
  db: Db,
  options: { config?: Partial<Config>; clock?: TestClock; logger?: pino.Logger } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const clock = options.clock ?? testClock();
  const logger = options.logger ?? pino({ level: 'silent' });
  const app = await buildApp({ config, db, mailer: createMailer(config, db, logger), clock, logger });
  return { app, clock, config };
}
