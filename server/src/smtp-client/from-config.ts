import type { Config } from '../config.ts';
import { createDnsResolver, type DnsResolver } from '../dns/resolver.ts';
import type { SmtpTransportOptions } from './smtp-transport.ts';

export type TransportConfig = Pick<Config, 'mail' | 'dnsServers' | 'deliveryPort' | 'smtp' | 'delivery'>;

/** Messages one SMTP session carries before a fresh one is opened. */
const messagesPerConnection = 100;

/**
 * The transport the settings describe: SMARTHOST (with its AUTH and TLS) when set, otherwise each
 * recipient's MX on DELIVERY_PORT through DNS_SERVERS, saying EHLO with SMTP_HOSTNAME.
 */
export function transportOptionsFromConfig(
  config: TransportConfig,
  resolver: DnsResolver = createDnsResolver(config.dnsServers),
): SmtpTransportOptions {
  const { smarthost } = config.mail;
  return {
    resolver,
    port: config.deliveryPort,
    heloName: config.smtp.hostname,
    smarthost: smarthost && {
      host: smarthost.host,
      port: smarthost.port,
      tls: smarthost.tls,
      auth: smarthost.auth,
    },
    maxConnectionsPerDomain: config.delivery.domainConnections,
    messagesPerConnection,
    privateNetworks: config.delivery.privateNetworks,
    domainRate: config.delivery.domainRate,
  };
}
