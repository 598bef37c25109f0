import { abMessages, abMinRecipients } from '@app/contract/marketing/ab-test-words';
import { campaignRefusals } from '@app/contract/marketing/campaign-messages';
import type { ReaderLinkTag } from '@app/contract/marketing/contacts';
import type { Clock } from '../../clock.ts';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';
import type { Db } from '../../db/db.ts';
import { analyzeWhenGrown } from '../../db/table-statistics.ts';
import { type ClaimHolder, claimingProcess } from '../../db/token-lease.ts';
import { DomainError } from '../../domain-error.ts';
import { CampaignBatchRefused, type MarketingEngine } from '../../engine/interfaces.ts';
import type { CompanyDoor } from '../company-door.ts';
import type { AudienceMember, AudienceSample, Audiences } from '../contacts/audience/audience.ts';
import type { SenderDoor } from '../senders/sender-door.ts';
import { versionMails } from './ab-tests/ab-versions.ts';
import { winnerOf } from './ab-tests/ab-winner.ts';
import { audienceOf } from './campaign-audience.ts';
import { campaignMail, engineCampaignId } from './campaign-content.ts';
import { type AbRunState, type CampaignRow, campaignStore, type FrozenContent } from './campaign-store.ts';
import { ensureMarketingRoom } from './marketing-quota.ts';
import type { RecipientLinks } from './recipient-pages/recipient-links.ts';
import { voucherStore } from './vouchers/voucher-store.ts';

/** How long a claim holds without news from its worker; each batch renews it. */
const claimMs = 60_000;
/** A send with a rate sends a minute's share, then rests this long. */
const minuteMs = 60_000;
/** Contacts a batch holds: one engine acceptance (a transmission) each. */
const defaultBatchSize = 5_000;

export interface CampaignRunnerDeps {
  db: Db;
  clock: Clock;
  engine: Pick<MarketingEngine, 'submitCampaignBatch'>;
  audiences: Audiences;
  senders: SenderDoor;
  renderDesign: RenderDesign;
  /** The team's autoLinkUtm, read when a send starts. */
  company: Pick<CompanyDoor, 'autoLinkUtm'>;
  /** Each reader's pages: their links go in the reader's merge data. */
  links: RecipientLinks;
  /** False once the process is stopping: the send stops between two batches, where its record stands. */
  alive?: () => boolean;
  holder?: ClaimHolder;
  batchSize?: number;
}

/**
 * The other worker took the send over (this one stalled past its claim), or it was paused or cancelled:
 * it stays where its last commit left it.
 */
class Stopped extends Error {}

/** A contact picked for a batch, with its A/B version (null: the campaign's content, or the winner's). */
interface Picked {
  member: AudienceMember;
  version: number | null;
}

/** A batch's key, the same whichever worker submits it. */
const batchKey = (campaignId: string, batch: number) => `campaign-${campaignId}-batch-${batch}`;

/**
 * Sends campaigns whose time has come, each contact of the audience exactly once, whatever crashes:
 * 1. the content is fixed when the send starts, and the audience is the contacts created until then;
 * 2. each batch's contacts are picked and recorded (pending) in one transaction that moves the walk on;
 * 3. the engine accepts the batch under its key (once: a batch submitted again answers the first
 *    acceptance), then the batch is marked accepted; meanwhile the next batch is picked.
 * Paused or cancelled, it stops before it submits another batch (a picked one stays pending).
 * A worker that takes a send over first submits the pending batches again, then walks on.
 */
export function createCampaignRunner(deps: CampaignRunnerDeps) {
  const { db, clock } = deps;
  const alive = deps.alive ?? (() => true);
  const batchSize = deps.batchSize ?? defaultBatchSize;

  /**
   * The voucher codes of a batch's contacts, by contact: those who joined the list's label since the
   * codes were drawn get theirs now (a batch sent again finds them drawn already).
   */
  async function codesFor(companyId: string, listId: string, contactIds: readonly string[]) {
    const codes = await voucherStore.codesOf(db, listId, contactIds);
    const without = contactIds.filter((id) => !codes.has(id));
    const list = without.length > 0 ? await voucherStore.get(db, companyId, listId) : undefined;
    if (!list?.label_id) return codes;
    const joined = await deps.audiences.inLabel(companyId, list.label_id, without);
    if (joined.length === 0) return codes;
    await voucherStore.give(db, list, joined);
    return voucherStore.codesOf(db, listId, contactIds);
  }

  /**
   * Has the engine accept a batch under its key, each version's contacts as one acceptance (an A/B
   * test's batch holds several), then marks the batch accepted.
   */
  async function submit(
    campaign: CampaignRow,
    contentOf: (version: number | null) => FrozenContent,
    batch: number,
    picked: readonly Picked[],
    linkTags: readonly ReaderLinkTag[],
  ) {
    // The plan's marketing emails a month: a batch without room holds the send (PAUSED, saying why).
    await ensureMarketingRoom(db, clock, campaign.company_id, picked.length).catch((error: unknown) => {
      if (error instanceof DomainError) throw new CampaignBatchRefused(error.message, 'quota');
      throw error;
    });
    const codes = campaign.voucher_list_id
      ? await codesFor(
          campaign.company_id,
          campaign.voucher_list_id,
          picked.map(({ member }) => member.id),
        )
      : undefined;
    const byVersion = new Map<number | null, AudienceMember[]>();
    for (const { member, version } of picked) {
      const group = byVersion.get(version);
      if (group) group.push(member);
      else byVersion.set(version, [member]);
    }
    const transmissions: string[] = [];
    for (const [version, members] of byVersion) {
      const accepted = await deps.engine.submitCampaignBatch(campaign.company_id, {
        key: version === null ? batchKey(campaign.id, batch) : `${batchKey(campaign.id, batch)}-v${version}`,
        campaignId: engineCampaignId(campaign.id),
        content: contentOf(version),
        recipients: members.map((member) => ({
          address: member.email,
          name: member.name,
          data: {
            ...member.data,
            ...deps.links.only({ campaignId: campaign.id, contactId: member.id }, linkTags),
            ...(codes ? { voucher: codes.get(member.id) ?? '' } : {}),
          },
        })),
        openTracking: true,
        clickTracking: true,
      });
      transmissions.push(accepted.transmissionId);
    }
    await db.transaction((tx) =>
      campaignStore.acceptBatch(tx, campaign.id, batch, transmissions.join(','), picked.length, clock.now()),
    );
  }

  const fail = (campaign: CampaignRow, error: string) =>
    campaignStore.finish(db, campaign.id, { status: 'FAILED', error, now: clock.now() });

  /** Fixes what the send sends (each version's mail, and an A/B test's share); false when it cannot go out. */
  async function start(campaign: CampaignRow): Promise<boolean> {
    const frozen = await campaignMail(campaign, deps);
    if (typeof frozen === 'string') {
      await fail(campaign, frozen);
      return false;
    }
    const now = clock.now();
    if (!campaign.ab) {
      await campaignStore.start(db, campaign.id, frozen, now);
      return true;
    }
    const versions = await versionMails(campaign, deps);
    if (typeof versions === 'string') {
      await fail(campaign, versions);
      return false;
    }
    const choice = audienceOf(campaign);
    const count = await deps.audiences.count(campaign.company_id, choice);
    if (count < abMinRecipients) {
      await fail(campaign, abMessages.tooFewRecipients);
      return false;
    }
    const size = Math.max(versions.length, Math.round((count * campaign.ab.testShare) / 100));
    const threshold = await deps.audiences.sampleThreshold(campaign.company_id, choice, {
      seed: campaign.id,
      size,
      before: now,
    });
    if (threshold === null) {
      await fail(campaign, campaignRefusals.noRecipients);
      return false;
    }
    await campaignStore.start(db, campaign.id, frozen, now, {
      versions,
      state: { phase: 'test', threshold, testEndsAt: null, winner: null, pickedBy: null },
    });
    return true;
  }

  /** The wait is over: the winner (picked by hand, or by the test's metric) goes to the rest. */
  async function decide(campaign: CampaignRow, state: AbRunState): Promise<AbRunState> {
    const winner =
      state.winner ??
      winnerOf(await campaignStore.versionTotals(db, campaign.id), campaign.ab?.metric ?? 'clicks');
    const decided: AbRunState = {
      ...state,
      phase: 'winner',
      winner,
      pickedBy: state.pickedBy ?? 'metric',
    };
    await campaignStore.setAbState(db, campaign.id, decided, clock.now());
    return decided;
  }

  async function send(claimed: CampaignRow): Promise<void> {
    let campaign = claimed;
    if (!campaign.frozen) {
      if (!(await start(campaign))) return;
      campaign = (await campaignStore.get(db, campaign.company_id, campaign.id)) ?? campaign;
    }
    let ab = campaign.ab_state;
    if (ab?.phase === 'waiting') ab = await decide(campaign, ab);
    const frozen = campaign.frozen as FrozenContent;
    const versions = campaign.frozen_versions ?? [frozen];
    const rest = ab?.phase === 'winner' ? (versions[ab.winner ?? 0] ?? frozen) : frozen;
    const contentOf = (version: number | null) => (version === null ? rest : (versions[version] ?? rest));
    const linkTags = deps.links.usedIn(versions.flatMap((mail) => [mail.subject, mail.html]));
    const sample: AudienceSample | undefined = ab
      ? { seed: campaign.id, threshold: ab.threshold, side: ab.phase === 'test' ? 'test' : 'rest' }
      : undefined;
    const walk = await deps.audiences.walk(campaign.company_id, audienceOf(campaign), sample);
    for (const pending of await campaignStore.pendingBatches(db, campaign.id)) {
      const versionOf = new Map(
        pending.contact_ids.map((id, index) => [id, pending.versions[index] ?? null]),
      );
      const members = await db.transaction((tx) => walk.stillMailable(tx, pending.contact_ids));
      const picked = members.map((member) => ({ member, version: versionOf.get(member.id) ?? null }));
      await submit(campaign, contentOf, pending.batch, picked, linkTags);
    }
    // With a send rate, one run sends a minute's share, then the send rests until the next minute.
    const size = campaign.send_rate ? Math.min(batchSize, Math.ceil(campaign.send_rate / 60)) : batchSize;
    let rested = false;
    let batch = campaign.next_batch;
    let cursor = { at: campaign.cursor_at ?? '', id: campaign.cursor_id ?? '0' };
    let pickedAll = campaign.picked_all;
    // The engine takes one batch while the next one is picked (on PostgreSQL, on two connections; two
    // batches in the engine at once gained nothing more on two cores: bench:campaigns).
    let submitting: Promise<void> = Promise.resolve();
    try {
      while (!pickedAll) {
        if (!alive()) throw new Stopped();
        const number = batch;
        const picked = await db.transaction(async (tx) => {
          const position = await campaignStore.position(tx, campaign.id);
          if (
            position?.status !== 'SENDING' ||
            position.next_batch !== number ||
            position.claimed_by !== claimed.claimed_by
          ) {
            throw new Stopped();
          }
          const members = await walk.next(tx, cursor, size);
          // A test's recipients take the versions in turn (each version about the same share).
          const chosen: Picked[] = members.map((member, index) => ({
            member,
            version: ab?.phase === 'test' ? (number + index) % versions.length : null,
          }));
          const last = members.at(-1);
          const next = members.length === size && last ? { at: last.createdAt, id: last.id } : null;
          const now = clock.now();
          await campaignStore.recordBatch(
            tx,
            campaign.id,
            {
              number,
              contactIds: members.map((member) => member.id),
              versions: chosen.map((one) => one.version),
              cursor: next,
            },
            { until: new Date(now.getTime() + claimMs), now },
          );
          if (next) cursor = next;
          else pickedAll = true;
          return chosen;
        });
        await submitting;
        // Paused or cancelled while it was picked: the batch stays pending, for a resume to send.
        if ((await campaignStore.statusOf(db, campaign.id)) !== 'SENDING') throw new Stopped();
        submitting = submit(campaign, contentOf, number, picked, linkTags);
        // Kept for the next await: not an unhandled rejection meanwhile.
        submitting.catch(() => undefined);
        batch += 1;
        if (campaign.send_rate && !pickedAll) {
          await submitting;
          const now = clock.now();
          await campaignStore.rest(db, campaign.id, new Date(now.getTime() + minuteMs), now);
          rested = true;
          break;
        }
      }
      await submitting;
    } finally {
      // Nothing of this send goes on after it returns.
      await submitting.catch(() => undefined);
    }
    if (rested) return;
    // The reports stamp these recipients from now on: where no autovacuum runs, the planner must know them.
    await analyzeWhenGrown(db, 'campaign_recipients', 30);
    if (ab?.phase === 'test') {
      const now = clock.now();
      const waitMs = (campaign.ab?.waitHours ?? 0) * 3_600_000;
      const testEndsAt = new Date(now.getTime() + waitMs).toISOString();
      await campaignStore.awaitWinner(db, campaign.id, { ...ab, phase: 'waiting', testEndsAt }, now);
      return;
    }
    await campaignStore.finish(db, campaign.id, { status: 'SENT', error: null, now: clock.now() });
  }

  return {
    /** Sends one due campaign to its end (or until the process stops); 1 when there was one. */
    async runDue(): Promise<number> {
      const now = clock.now();
      const campaign = await campaignStore.claimDue(
        db,
        now,
        new Date(now.getTime() + claimMs),
        claimingProcess(deps.holder),
      );
      if (!campaign) return 0;
      try {
        await send(campaign);
      } catch (error) {
        if (error instanceof Stopped) return 1;
        // A refusal the owner must act on ends the send, saying why; anything else is retried.
        if (error instanceof CampaignBatchRefused) {
          await campaignStore.finish(db, campaign.id, {
            status: error.reason === 'quota' ? 'PAUSED' : 'FAILED',
            error: error.message,
            now: clock.now(),
          });
        } else if (error instanceof DomainError) {
          // What the campaign names is gone (a segment deleted since): it cannot be sent as it is.
          await campaignStore.finish(db, campaign.id, {
            status: 'FAILED',
            error: error.message,
            now: clock.now(),
          });
        } else throw error;
      }
      return 1;
    },
  };
}
