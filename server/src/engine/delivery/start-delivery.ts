import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import type { ReportError } from '../../report-error.ts';
import { transportOptionsFromConfig } from '../../smtp-client/from-config.ts';
import { createSmtpTransport } from '../../smtp-client/smtp-transport.ts';
import { verpKey } from '../bounces/verp.ts';
import type { DkimSigningKey } from '../sending-domains/dkim-sign.ts';
import { signOnThread } from '../sending-domains/sign-pool.ts';
import { trackingKey } from '../tracking/token.ts';
import { listUnsubscribeHeaders, unsubscribeKey } from '../unsubscribe/token.ts';
import type { LeaseHolder } from '../worker-presence/lease-holder.ts';
import {
  createDeliveryWorker,
  type DeliverySettings,
  type DeliveryWorker,
  type DeliveryWorkerDeps,
} from './delivery-worker.ts';
import type { PrepareDeps } from './prepare.ts';

/** What delivery takes from the other engine modules (the engine object provides all of it). */
export interface DeliveryEngine {
  bounceDomainFor: PrepareDeps['bounceDomainFor'];
  accountOptions: { of(companyId: string): Promise<{ transactional_unsub?: boolean }> };
  signingKeyFor(
    companyId: string,
    subaccountId: number,
    fromDomain: string,
    keyId?: string,
  ): Promise<DkimSigningKey | undefined>;
  addressesOf: NonNullable<DeliveryWorkerDeps['addressesOf']>;
  events: { insert: DeliveryWorkerDeps['insertEvents'] };
  usage: { refund: NonNullable<DeliveryWorkerDeps['refundUsage']> };
  suppressions: { addIn: DeliveryWorkerDeps['addSuppressions'] };
}

export interface DeliveryOptions {
  config: Config;
  db: Db;
  engine: DeliveryEngine;
  /** The server's SECRET: VERP return paths, unsubscribe and tracked links are signed with keys derived from it. */
  secret: string;
  clock: Clock;
  reportError: ReportError;
  /** This process among the worker processes (its presence): names its leases, finds the dead's. */
  holder?: LeaseHolder;
  settings?: Partial<DeliverySettings>;
}

/**
 * The delivery workers as the settings describe them (MAIL_MODE, SMARTHOST*, DNS_SERVERS,
 * DELIVERY_*): each message gets its VERP return path, its one-click unsubscribe headers (mail that
 * is not transactional) and the From domain's DKIM signature, then goes to the transport.
 */
export function createDeliveryFromConfig(options: DeliveryOptions): DeliveryWorker {
  const { config, db, engine, secret, clock, reportError } = options;
  const transport =
    config.mail.mode === 'deliver' ? createSmtpTransport(transportOptionsFromConfig(config)) : undefined;
  const unsubscribe = unsubscribeKey(secret);
  const worker = createDeliveryWorker(db, {
    clock,
    mode: config.mail.mode,
    transport,
    prepare: {
      verpKey: verpKey(secret),
      defaultBounceDomain: config.smtp.hostname,
      bounceDomainFor: engine.bounceDomainFor,
      listUnsubscribeHeaders: (messageId) => listUnsubscribeHeaders(unsubscribe, config.publicUrl, messageId),
      unsubscribeTransactional: async (companyId) =>
        (await engine.accountOptions.of(companyId)).transactional_unsub === true,
      sign: async (raw, companyId, subaccountId, fromDomain, dkimKey) => {
        const key = await engine.signingKeyFor(companyId, subaccountId, fromDomain, dkimKey);
        return key ? signOnThread(raw, key) : raw;
      },
    },
    addressesOf: engine.addressesOf,
    insertEvents: (tx, rows) => engine.events.insert(tx, rows),
    refundUsage: (tx, companyId, charges, chargedAt) =>
      engine.usage.refund(tx, companyId, charges, chargedAt),
    addSuppressions: (tx, entries) => engine.suppressions.addIn(tx, entries),
    trackingKey: trackingKey(secret),
    reportError,
    holder: options.holder,
    settings: {
      // A message starts on its way (MAIL FROM) within the first half of an attempt or not at all,
      // and what has started has the other half: past the transport's 300 s of silence per step.
      attemptTimeoutMs: 11 * 60_000,
      leaseMs: 35 * 60_000,
      concurrency: config.delivery.concurrency,
      perDomainConcurrency: config.delivery.domainConnections,
      retryPeriodMs: config.delivery.retryHours * 3_600_000,
      ...options.settings,
    },
  });
  return {
    ...worker,
    stop: async () => {
      await worker.stop();
      await transport?.close();
    },
  };
}
