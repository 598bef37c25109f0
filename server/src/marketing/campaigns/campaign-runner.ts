import type { Clock } from '../../clock.ts';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';
import type { Db } from '../../db/db.ts';
import { type ClaimHolder, claimingProcess } from '../../db/token-lease.ts';
import { DomainError } from '../../domain-error.ts';
import { CampaignBatchRefused, type MarketingEngine } from '../../engine/interfaces.ts';
import type { AudienceMember, Audiences } from '../contacts/audience/audience.ts';
import type { SenderDoor } from '../senders/sender-door.ts';
import { audienceOf } from './campaign-audience.ts';
import { campaignMail, engineCampaignId } from './campaign-content.ts';
import { type CampaignRow, campaignStore, type FrozenContent } from './campaign-store.ts';
import type { RecipientLinks } from './recipient-pages/recipient-links.ts';

/** How long a claim holds without news from its worker; each batch renews it. */
const claimMs = 60_000;
/** Contacts a batch holds: one engine acceptance (a transmission) each. */
const defaultBatchSize = 5_000;

export interface CampaignRunnerDeps {
  db: Db;
  clock: Clock;
  engine: Pick<MarketingEngine, 'submitCampaignBatch'>;
  audiences: Audiences;
  senders: SenderDoor;
  renderDesign: RenderDesign;
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

  async function submit(
    campaign: CampaignRow,
    frozen: FrozenContent,
    batch: number,
    members: AudienceMember[],
  ) {
    let transmissionId = '';
    if (members.length > 0) {
      const accepted = await deps.engine.submitCampaignBatch(campaign.company_id, {
        key: batchKey(campaign.id, batch),
        campaignId: engineCampaignId(campaign.id),
        content: frozen,
        recipients: members.map((member) => ({
          address: member.email,
          name: member.name,
          data: { ...member.data, ...deps.links.of({ campaignId: campaign.id, contactId: member.id }) },
        })),
        openTracking: true,
        clickTracking: true,
      });
      transmissionId = accepted.transmissionId;
    }
    await db.transaction((tx) =>
      campaignStore.acceptBatch(tx, campaign.id, batch, transmissionId, members.length, clock.now()),
    );
  }

  async function send(claimed: CampaignRow): Promise<void> {
    let campaign = claimed;
    if (!campaign.frozen) {
      const frozen = await campaignMail(campaign, deps);
      if (typeof frozen === 'string') {
        await campaignStore.finish(db, campaign.id, { status: 'FAILED', error: frozen, now: clock.now() });
        return;
      }
      await campaignStore.start(db, campaign.id, frozen, clock.now());
      campaign = (await campaignStore.get(db, campaign.company_id, campaign.id)) ?? campaign;
    }
    const frozen = campaign.frozen as FrozenContent;
    const walk = await deps.audiences.walk(campaign.company_id, audienceOf(campaign));
    for (const pending of await campaignStore.pendingBatches(db, campaign.id)) {
      const members = await db.transaction((tx) => walk.stillMailable(tx, pending.contact_ids));
      await submit(campaign, frozen, pending.batch, members);
    }
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
        const members = await db.transaction(async (tx) => {
          const position = await campaignStore.position(tx, campaign.id);
          if (
            position?.status !== 'SENDING' ||
            position.next_batch !== number ||
            position.claimed_by !== claimed.claimed_by
          ) {
            throw new Stopped();
          }
          const picked = await walk.next(tx, cursor, batchSize);
          const last = picked.at(-1);
          const next = picked.length === batchSize && last ? { at: last.createdAt, id: last.id } : null;
          const now = clock.now();
          await campaignStore.recordBatch(
            tx,
            campaign.id,
            { number, contactIds: picked.map((member) => member.id), cursor: next },
            { until: new Date(now.getTime() + claimMs), now },
          );
          if (next) cursor = next;
          else pickedAll = true;
          return picked;
        });
        await submitting;
        // Paused or cancelled while it was picked: the batch stays pending, for a resume to send.
        if ((await campaignStore.statusOf(db, campaign.id)) !== 'SENDING') throw new Stopped();
        submitting = submit(campaign, frozen, number, members);
        // Kept for the next await: not an unhandled rejection meanwhile.
        submitting.catch(() => undefined);
        batch += 1;
      }
      await submitting;
    } finally {
      // Nothing of this send goes on after it returns.
      await submitting.catch(() => undefined);
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
