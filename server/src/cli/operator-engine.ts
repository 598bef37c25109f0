import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createDnsResolver } from '../dns/resolver.ts';
import type { Engine } from '../engine/create-engine.ts';
import { createDkimKeyService } from '../engine/sending-domains/dkim-key-service.ts';
import { createSendingDomainService } from '../engine/sending-domains/sending-domain-service.ts';

/** The parts of the engine operator commands use, from the process's own engine. */
export function operatorEngine(config: Config, engine: Engine, clock: Clock) {
  const dns = createDnsResolver(config.dnsServers);
  const sendingDomains = createSendingDomainService({
    store: engine.sendingDomains,
    dns,
    platformHost: config.smtp.hostname,
    clock,
  });
  return {
    apiKeys: engine.apiKeys,
    sendingDomains,
    dkimKeys: createDkimKeyService({ domains: sendingDomains, store: engine.sendingDomains, dns, clock }),
    sendingDomainStore: engine.sendingDomains,
  };
}
