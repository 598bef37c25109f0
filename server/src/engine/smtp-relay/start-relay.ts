import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { ApiKeyStore } from '../api-keys/api-key-store.ts';
import type { SubaccountStore } from '../subaccounts/subaccount-store.ts';
import type { SendDeps } from '../transmissions/send-deps.ts';
import { loadOrCreateCertificate } from './certificate.ts';
import { createRelayService } from './relay-service.ts';
import { createSmtpRelay, type SmtpRelay } from './smtp-relay.ts';

/** The SMTP relay as configured (SMTP_* settings), on the engine's stores. */
export async function startSmtpRelay(
  config: Config,
  deps: { apiKeys: ApiKeyStore; subaccounts: SubaccountStore; send: SendDeps },
  logger: Logger,
): Promise<{ relay: SmtpRelay; port: number }> {
  const tls = await loadOrCreateCertificate({
    certFile: config.smtp.tls?.certFile,
    keyFile: config.smtp.tls?.keyFile,
    dataDir: config.dataDir,
    hostname: config.smtp.hostname,
  });
  const relay = createSmtpRelay(createRelayService(deps), {
    host: config.smtp.host,
    port: config.smtpPort,
    maxMessageBytes: config.smtp.maxMessageBytes,
    tls,
    logger,
    hostname: config.smtp.hostname,
  });
  return { relay, port: await relay.listen() };
}
