import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { verpKey } from '../bounces/verp.ts';
import { loadOrCreateCertificate } from '../smtp-relay/certificate.ts';
import { type InboundMxDeps, startInboundMx } from './inbound-mx.ts';

/** The inbound MX as configured (MX_PORT, the relay's host, name and certificate), reading VERP with the server's key. */
export async function startMxFromConfig(config: Config, secret: string, deps: InboundMxDeps, logger: Logger) {
  const tls = await loadOrCreateCertificate({
    certFile: config.smtp.tls?.certFile,
    keyFile: config.smtp.tls?.keyFile,
    dataDir: config.dataDir,
    hostname: config.smtp.hostname,
  });
  return startInboundMx(
    {
      host: config.smtp.host,
      port: config.mxPort,
      hostname: config.smtp.hostname,
      key: verpKey(secret),
      maxMessageBytes: config.smtp.maxMessageBytes,
      tls,
    },
    deps,
    logger,
  );
}
