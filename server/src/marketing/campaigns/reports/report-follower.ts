import type { Db } from '../../../db/db.ts';
import type { MarketingEngine } from '../../../engine/interfaces.ts';
import { followStep } from '../../contacts/follow-step.ts';
import { reportStore } from './report-store.ts';

const cursorName = 'campaign-reports';
/** Event ids read at once. */
const window = 5000;
/** Ids read again behind the cursor (an id committed after a later one was read); applying twice changes nothing. */
const overlap = 1000;

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
      followStep<string>(db, cursorName, async (after) => {
        const from = after ?? '0';
        const start = BigInt(from) > BigInt(overlap) ? String(BigInt(from) - BigInt(overlap)) : '0';
        const { events, upTo } = await engine.campaignEventsAfter(start, window + overlap);
        const moved = Number(BigInt(upTo) - BigInt(from));
        if (moved <= 0) return undefined;
        return { next: upTo, moved, apply: (tx) => reportStore.apply(tx, events) };
      }),
  };
}
