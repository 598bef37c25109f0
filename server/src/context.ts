import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Engine } from './engine.ts';
import type { AuthGuards } from './http/auth.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ApiKeyStore } from './modules/api-keys/api-key-store.ts';
import type { CaptchaVerifier } from './modules/auth/captcha.ts';
import type { PasswordHasher } from './modules/auth/passwords.ts';
import type { AuthSession } from './modules/auth/sessions.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { SubaccountStore } from './modules/subaccounts/subaccount-store.ts';

/** Everything a module may depend on; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  captcha: CaptchaVerifier;
  guards: AuthGuards;
  /** A console bearer token's session, whatever its stage. */
  authenticateSession(token: string): Promise<AuthSession>;
  apiKeys: ApiKeyStore;
  subaccounts: SubaccountStore;
  engine: Engine;
}
