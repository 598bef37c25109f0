import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createDnsResolver } from '../dns/resolver.ts';
import type { Engine } from '../engine/create-engine.ts';
import { createSendingDomainService } from '../engine/sending-domains/sending-domain-service.ts';

/** The parts of the engine operator commands use, from the process's own engine. */
export function operatorEngine(config: Config, engine: Engine, clock: Clock) {
  return {
    apiKeys: engine.apiKeys,
    sendingDomains: createSendingDomainService({
      store: engine.sendingDomains,
      dns: createDnsResolver(config.dnsServers),
      platformHost: config.smtp.hostname,
      clock,
    }),
    sendingDomainStore: engine.sendingDomains,
  };
}
