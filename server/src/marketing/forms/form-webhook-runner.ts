import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { WebhookPoster } from '../../engine/interfaces.ts';
import { formWebhookStore } from './form-webhook-store.ts';

/** Retries stop this long after the submission, as the event webhooks' do. */
const retryForMs = 8 * 3_600_000;
/** Deliveries posted per run, and how long a taken one is left to its worker. */
const perRun = 20;
const leaseMs = 60_000;

/** Wait before retry `n` (1 = after the first failure): 30 s doubling, at most an hour. */
export const formWebhookRetryDelayMs = (failures: number) =>
  Math.min(30_000 * 2 ** (failures - 1), 3_600_000);

/**
 * Posts forms' submissions to their webhook URLs (a worker's loop): a 2xx answer delivers; any other
 * answer or a network failure retries later; a target refused by the network protection (a private
 * address) fails at once. Answers how many it attempted.
 */
export function createFormWebhookRunner(deps: { db: Db; clock: Clock; poster: WebhookPoster }) {
  const { db, clock, poster } = deps;
  return {
    async runDue(): Promise<number> {
      const due = await formWebhookStore.claimDue(db, clock.now(), perRun, leaseMs);
      await Promise.all(
        due.map(async (delivery) => {
          const outcome = await poster.post(delivery.target, delivery.body, {
            id: `form-submission-${delivery.id}`,
            secret: delivery.webhook_secret,
          });
          if ('answered' in outcome && outcome.answered >= 200 && outcome.answered < 300) {
            await formWebhookStore.delivered(db, delivery.id, outcome.answered);
            return;
          }
          const now = clock.now();
          const retryAt = new Date(now.getTime() + formWebhookRetryDelayMs(delivery.attempts + 1));
          const givesUp =
            'refused' in outcome || retryAt.getTime() - delivery.created_at.getTime() > retryForMs;
          await formWebhookStore.failed(
            db,
            delivery.id,
            'answered' in outcome
              ? { status: outcome.answered, error: null }
              : { status: null, error: 'refused' in outcome ? outcome.refused : outcome.failed },
            givesUp ? null : retryAt,
          );
        }),
      );
      return due.length;
    },
  };
}
