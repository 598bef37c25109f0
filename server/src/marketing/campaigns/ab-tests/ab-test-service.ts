import { abMessages, abVersionNames } from '@app/contract/marketing/ab-test-words';
import type { AbReport } from '@app/contract/marketing/campaigns';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import { isId } from '../../contacts/entity-id.ts';
import { type CampaignRow, campaignStore } from '../campaign-store.ts';
import { leadIsChance, type VersionTotals } from './ab-winner.ts';

const notFound = () => new DomainError('entityNotFound', 'A/B test not found', { field: 'id' });

/** §7 /ab-test beyond a campaign's routes: each version's results side by side, and §4 pick winner. */
export function createAbTestService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const owned = async (
    companyId: string,
    id: string,
  ): Promise<CampaignRow & { ab: NonNullable<CampaignRow['ab']> }> => {
    const row = isId(id) ? await campaignStore.get(db, companyId, id) : undefined;
    if (!row?.ab) throw notFound();
    return { ...row, ab: row.ab };
  };

  return {
    async report(companyId: string, id: string): Promise<AbReport> {
      const row = await owned(companyId, id);
      const totals = await campaignStore.versionTotals(db, id);
      const byVersion = new Map(totals.map((one) => [one.version, one]));
      const versions = [{}, ...row.ab.versions].map(
        (version: { subject?: string; senderName?: string }, index) => {
          const sent = row.frozen_versions?.[index];
          const counted: Omit<VersionTotals, 'version'> & { delivered: number } = byVersion.get(index) ?? {
            sent: 0,
            delivered: 0,
            opened: 0,
            clicked: 0,
          };
          return {
            version: abVersionNames[index] ?? String(index),
            subject: sent?.subject ?? version.subject ?? row.subject,
            senderName: sent?.from.name ?? version.senderName ?? '',
            sent: counted.sent,
            delivered: counted.delivered,
            opened: counted.opened,
            clicked: counted.clicked,
          };
        },
      );
      const state = row.ab_state && {
        phase: row.ab_state.phase,
        testEndsAt: row.ab_state.testEndsAt,
        winner: row.ab_state.winner,
        pickedBy: row.ab_state.pickedBy,
      };
      const chance = totals.length > 0 && leadIsChance(totals, row.ab.metric);
      return { metric: row.ab.metric, state, versions, note: chance ? abMessages.tooSmall : null };
    },

    /** The rest receives `version` now, whatever the test's figures say. */
    async pickWinner(companyId: string, id: string, version: number): Promise<AbReport> {
      const row = await owned(companyId, id);
      if (version > row.ab.versions.length) {
        throw new DomainError('validation', abMessages.noSuchVersion, { field: 'version', value: version });
      }
      const state = row.ab_state;
      const picked =
        state?.phase === 'waiting' &&
        (await campaignStore.pickWinner(
          db,
          companyId,
          id,
          { ...state, winner: version, pickedBy: 'hand' },
          clock.now(),
        ));
      if (!picked) throw new DomainError('state', abMessages.notWaiting);
      return this.report(companyId, id);
    },
  };
}

export type AbTestService = ReturnType<typeof createAbTestService>;
