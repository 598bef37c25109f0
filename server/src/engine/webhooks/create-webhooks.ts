import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { createAddressPolicy } from '../../net/address-policy.ts';
import type { ReportError } from '../../report-error.ts';
import type { WebhookPoster } from '../interfaces.ts';
import type { LeaseHolder } from '../worker-presence/lease-holder.ts';
import { signatureHeaders } from './signing.ts';
import { TargetRefused } from './target-address.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import { createWebhookHttp } from './webhook-http.ts';
import { createWebhookOutbox } from './webhook-outbox.ts';
import { createWebhookSender, userAgent } from './webhook-sender.ts';
import { createWebhookService } from './webhook-service.ts';
import { createWebhookStore } from './webhook-store.ts';

export interface WebhookNetwork {
  /** A host name's addresses (the configured DNS resolvers). */
  resolve(host: string): Promise<string[]>;
  /** WEBHOOK_ALLOWED_NETWORKS. */
  allowedNetworks: readonly string[];
  /** Per POST; 10 s by default, as SparkPost. */
  timeoutMs?: number;
}

export type Webhooks = ReturnType<typeof createWebhooks>;

/**
 * The webhooks' tables (built once in create-engine.ts, where the outbox listens to the event
 * store) and what reaches the network, built where the settings are: the API's service, the
 * workers' dispatcher.
 */
export function createWebhooks(db: Db, clock: Clock) {
  const store = createWebhookStore(db, clock);
  const outbox = createWebhookOutbox(db, clock);
  function onNetwork(network: WebhookNetwork) {
    const policy = createAddressPolicy(network.allowedNetworks);
    const http = createWebhookHttp({
      resolve: network.resolve,
      policy,
      ...(network.timeoutMs ? { timeoutMs: network.timeoutMs } : {}),
    });
    return { policy, http, sender: createWebhookSender(http, clock) };
  }
  return {
    store,
    outbox,
    service(
      network: WebhookNetwork,
      subaccountStatus: (companyId: string, id: number) => Promise<string | undefined>,
    ) {
      const { policy, http, sender } = onNetwork(network);
      return createWebhookService({ store, outbox, http, sender, policy, subaccountStatus });
    },
    /** The POSTs of marketing's own webhooks (a form's submissions), with the same protection and signature. */
    poster(network: WebhookNetwork): WebhookPoster {
      const { http } = onNetwork(network);
      return {
        async post(target, body, signing) {
          let url: URL;
          try {
            url = new URL(target);
          } catch {
            return { refused: `${target} is not a URL` };
          }
          try {
            const answer = await http.post(url, body, {
              'content-type': 'application/json',
              'user-agent': userAgent,
              ...signatureHeaders(signing.secret, signing.id, clock.now(), body),
            });
            return { answered: answer.status };
          } catch (error) {
            if (error instanceof TargetRefused) return { refused: error.message };
            return { failed: (error as Error).message };
          }
        },
        close: () => http.close(),
      };
    },
    dispatcher(
      network: WebhookNetwork,
      reportError: ReportError,
      options: { batchSize?: number; holder?: LeaseHolder } = {},
    ) {
      const { sender, http } = onNetwork(network);
      const dispatcher = createWebhookDispatcher({ store, outbox, sender, clock, reportError, ...options });
      return { ...dispatcher, close: () => http.close() };
    },
  };
}
