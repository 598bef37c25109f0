import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { verpKey } from '../bounces/verp.ts';
import { loadOrCreateCertificate } from '../smtp-relay/certificate.ts';
import { type InboundMxDeps, startInboundMx } from './inbound-mx.ts';

/**
 * Bounce reports and complaints are small (an ARF report carries the original's headers, at most the
 * message): a bound well under the relay's keeps what anyone who knows a return path can make the
 * MX hold in memory low.
 */
const maxReportBytes = 4 * 1024 * 1024;

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
      maxMessageBytes: Math.min(config.smtp.maxMessageBytes, maxReportBytes),
      tls,
    },
    deps,
    logger,
  );
}
