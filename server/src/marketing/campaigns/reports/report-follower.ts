import type { Db } from '../../../db/db.ts';
import type { MarketingEngine } from '../../../engine/interfaces.ts';
import { followEventIds } from '../../contacts/follow-step.ts';
import { reportStore } from './report-store.ts';

/**
 * Follows the engine's events of campaign mail into the campaigns' reports: each recipient's first
 * delivery, bounce, open (a person's, or a machine's apart), click, unsubscribe and complaint, and
 * the campaign's totals, which outlive the engine's event retention.
 */
export function createReportFollower(deps: { db: Db; engine: Pick<MarketingEngine, 'campaignEventsAfter'> }) {
  const { db, engine } = deps;
  return {
    /** Applies one range of events; answers how many ids it moved on (0: caught up). */
    runOnce: () =>
      followEventIds(
        db,
        'campaign-reports',
        (afterId, window) => engine.campaignEventsAfter(afterId, window),
        async (tx, events) => {
          await reportStore.apply(tx, events);
          await reportStore.applyClicks(tx, events);
        },
      ),
  };
}
