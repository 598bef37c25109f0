import type { AuthSession } from './auth-session.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Engine } from './engine.ts';
import type { AuthGuards } from './http/auth.ts';
import type { ApiKeyStore } from './modules/api-keys/api-key-store.ts';
import type { SubaccountStore } from './modules/subaccounts/subaccount-store.ts';

/** What the engine API's route modules (and the console's test send) take; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  guards: AuthGuards;
  /** A console bearer token's session, whatever its stage. */
  authenticateSession(token: string): Promise<AuthSession>;
  apiKeys: ApiKeyStore;
  subaccounts: SubaccountStore;
  engine: Engine;
}
