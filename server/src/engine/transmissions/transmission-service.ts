import type { TransmissionBody } from '@app/contract/engine/index';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { EngineError } from '../../engine-error.ts';
import type { Principal } from '../../principal.ts';
import { acceptInBulk } from './bulk-acceptance.ts';
import { createChunkedGeneration, generatedInChunks } from './chunked-generation.ts';
import { overQuota } from './commit.ts';
import { chargesFor, rejectionReasons } from './events.ts';
import type { Generation } from './generate.ts';
import type { RecipientError } from './recipients.ts';
import { type ResolvedTransmission, resolveTransmission } from './resolve.ts';
import type { SendDeps } from './send-deps.ts';
import { submit } from './submit.ts';
import { GenerationLost } from './transmission-rows.ts';

export interface Accepted {
  id: string;
  accepted: number;
  /** Messages composed now (0 for a scheduled transmission or one queued in bulk). */
  generated: number;
  rejected: number;
  rcptErrors: RecipientError[];
}

interface TransmissionRow {
  id: string;
  state: string;
  campaign_id: string;
  description: string;
  template_id: string | null;
  start_time: Date | null;
  num_rcpts: number;
  num_generated: number;
  num_failed_gen: number;
  num_invalid_rcpts: number;
  created_at: Date;
  generation_start_time: Date | null;
  generation_end_time: Date | null;
  request: Pick<TransmissionBody, 'options' | 'metadata' | 'substitution_data' | 'content'>;
}

/** A transmission a generation run has claimed. */
interface ClaimedRow {
  id: string;
  company_id: string;
  subaccount_id: string;
  environment: 'sandbox' | 'production';
  request: TransmissionBody;
  recipients_done: number;
}

/** Deleting a scheduled transmission is refused this close to its start (SparkPost's window). */
const deletionWindowMs = 660_000;

const notAuthorizedError = (address: string, reason: string): RecipientError => ({
  message: 'recipient is not an authorized recipient',
  description: `${address}: ${reason}`,
  code: '1902',
});

function toSummary(row: TransmissionRow) {
  return {
    id: String(row.id),
    state: row.state,
    campaign_id: row.campaign_id,
    description: row.description,
    content: { template_id: row.template_id ?? 'inline' },
    ...(row.start_time ? { start_time: row.start_time.toISOString() } : {}),
    num_rcpts: row.num_rcpts,
    num_generated: row.num_generated,
    num_failed_gen: row.num_failed_gen,
    num_invalid_recipients: row.num_invalid_rcpts,
    created: row.created_at.toISOString(),
  };
}

/** The summary and what the request carried: metadata, substitution data, options, generation times. */
function toDetail(row: TransmissionRow) {
  const summary = toSummary(row);
  const { content, metadata, substitution_data, options } = row.request;
  return {
    ...summary,
    content: {
      ...summary.content,
      use_draft_template: 'use_draft_template' in content ? (content.use_draft_template ?? false) : false,
    },
    ...(row.generation_start_time ? { generation_start_time: row.generation_start_time.toISOString() } : {}),
    ...(row.generation_end_time ? { generation_end_time: row.generation_end_time.toISOString() } : {}),
    metadata: metadata ?? {},
    substitution_data: substitution_data ?? {},
    options: options ?? {},
  };
}

const summaryColumns = `id, state, campaign_id, description, template_id, start_time, num_rcpts, num_generated,
  num_failed_gen, num_invalid_rcpts, created_at, generation_start_time, generation_end_time, request`;

export type TransmissionService = ReturnType<typeof createTransmissionService>;

export function createTransmissionService(db: Db, deps: SendDeps) {
  const chunked = createChunkedGeneration(deps);

  const service = {
    /** Accepts a transmission: committed (messages, events, usage) before this resolves. */
    async send(
      principal: Principal,
      body: TransmissionBody,
      options: { platformSender?: boolean; idempotencyKey?: string } = {},
    ): Promise<Accepted> {
      const resolved = await resolveTransmission(deps, principal, body, undefined, options);
      const { generation, rcptErrors } = resolved;
      if (options.idempotencyKey !== undefined)
        generation.transmission.idempotencyKey = options.idempotencyKey;
      if (generation.recipients.length === 0) {
        throw new EngineError('missing', rcptErrors[0]?.description ?? 'the recipient list is empty', {
          summary: 'At least one valid recipient is required',
        });
      }
      const { environment } = generation.send;
      const count = generation.recipients.length;
      if (resolved.startTime === undefined && environment === 'production') {
        // Queued as it is: each message is composed by the delivery worker that takes it.
        await acceptInBulk(deps, generation);
        return {
          id: generation.transmission.id,
          generated: 0,
          accepted: count,
          rejected: rcptErrors.length,
          rcptErrors,
        };
      }
      if (resolved.startTime !== undefined || generatedInChunks(generation)) {
        // Refused now rather than failing at generation when the quota cannot take it today.
        const fits = await deps.quotaFits(principal.companyId, chargesFor(environment, count, count > 1));
        if (!fits.ok) throw overQuota(fits.feature, fits.limitName);
        // The sandbox's refusals are known now: the answer reports them as a whole send's does.
        const refused = resolved.startTime ? [] : await notAuthorized(generation);
        await deps.ingest.write({
          companyId: principal.companyId,
          charges: [],
          transmission: {
            ...generation.transmission,
            state: resolved.startTime ? 'submitted' : 'Generating',
            numGenerated: 0,
            numFailedGen: 0,
            createdAt: deps.clock.now(),
          },
          messages: [],
          events: [],
        });
        if (!resolved.startTime) chunked.start(generation, 0);
        return {
          id: generation.transmission.id,
          generated: 0,
          accepted: count - refused.length,
          rejected: rcptErrors.length + refused.length,
          rcptErrors: [...rcptErrors, ...refused],
        };
      }
      const outcome = await submit(deps, generation);
      const refusedErrors = outcome.refused.map((refusal) =>
        notAuthorizedError(refusal.address, refusal.reason),
      );
      return {
        id: generation.transmission.id,
        generated: outcome.generated,
        accepted: generation.recipients.length - outcome.refused.length,
        rejected: rcptErrors.length + outcome.refused.length,
        rcptErrors: [...rcptErrors, ...refusedErrors],
      };
    },

    /**
     * Accepts a transmission once per company and `key`: when one was accepted with the key already
     * (before a crash, or by another worker at the same time), answers that one's id and counts with
     * `duplicate` and sends nothing. A campaign's batches go through here.
     */
    async sendOnce(
      principal: Principal,
      body: TransmissionBody,
      key: string,
    ): Promise<Accepted & { duplicate: boolean }> {
      const earlier = () =>
        db.maybeOne<{ id: string; num_rcpts: number; num_invalid_rcpts: number }>(
          `SELECT id::text AS id, num_rcpts, num_invalid_rcpts FROM transmissions
           WHERE company_id = $1 AND idempotency_key = $2`,
          [principal.companyId, key],
        );
      const asDuplicate = (row: { id: string; num_rcpts: number; num_invalid_rcpts: number }) => ({
        id: row.id,
        accepted: row.num_rcpts,
        generated: 0,
        rejected: row.num_invalid_rcpts,
        rcptErrors: [],
        duplicate: true,
      });
      const found = await earlier();
      if (found) return asDuplicate(found);
      try {
        return { ...(await service.send(principal, body, { idempotencyKey: key })), duplicate: false };
      } catch (error) {
        const winner = isUniqueViolation(error) ? await earlier() : undefined;
        if (winner) return asDuplicate(winner);
        throw error;
      }
    },

    async list(principal: Principal, filter: { campaign_id?: string; template_id?: string }) {
      const rows = await db.query<TransmissionRow>(
        `SELECT ${summaryColumns} FROM transmissions
         WHERE company_id = $1 AND subaccount_id = $2
           AND ($3::text IS NULL OR campaign_id = $3) AND ($4::text IS NULL OR template_id = $4)
         ORDER BY created_at DESC LIMIT 1000`,
        [principal.companyId, principal.subaccountId, filter.campaign_id ?? null, filter.template_id ?? null],
      );
      return rows.map(toSummary);
    },

    async get(principal: Principal, id: string) {
      const row = await db.maybeOne<TransmissionRow>(
        `SELECT ${summaryColumns} FROM transmissions WHERE company_id = $1 AND subaccount_id = $2 AND id = $3`,
        [principal.companyId, principal.subaccountId, id],
      );
      return row ? toDetail(row) : undefined;
    },

    /** Cancels a scheduled transmission; says why not otherwise. */
    async cancel(principal: Principal, id: string): Promise<'canceled' | 'not_found' | 'too_close' | string> {
      const now = deps.clock.now();
      const row = await db.maybeOne<{ state: string; start_time: Date | null }>(
        `UPDATE transmissions SET state = CASE WHEN state = 'submitted' AND start_time > $4 THEN 'Canceled' ELSE state END
         WHERE company_id = $1 AND subaccount_id = $2 AND id = $3
         RETURNING state, start_time`,
        [principal.companyId, principal.subaccountId, id, new Date(now.getTime() + deletionWindowMs)],
      );
      if (!row) return 'not_found';
      if (row.state === 'Canceled') return 'canceled';
      if (row.state === 'submitted') return 'too_close';
      return row.state;
    },

    /** Cancels the campaign's scheduled transmissions, but those already too close to their start. */
    async cancelCampaign(principal: Principal, campaignId: string): Promise<void> {
      await db.query(
        `UPDATE transmissions SET state = 'Canceled'
         WHERE company_id = $1 AND subaccount_id = $2 AND campaign_id = $3 AND state = 'submitted' AND start_time > $4`,
        [
          principal.companyId,
          principal.subaccountId,
          campaignId,
          new Date(deps.clock.now().getTime() + deletionWindowMs),
        ],
      );
    },

    /**
     * Generates scheduled transmissions whose start_time has come, and resumes those a stopped
     * process left half generated; returns how many. Each is claimed atomically (state Generating),
     * so several processes can run this at once.
     */
    async runDue(): Promise<number> {
      if (chunked.isStopping()) return 0;
      const now = deps.clock.now();
      const claimed = await db.query<ClaimedRow>(
        `UPDATE transmissions SET state = 'Generating', generation_start_time = $1, generation_touched_at = $1
         WHERE id IN (SELECT id FROM transmissions
                      WHERE state = 'submitted' AND (start_time IS NULL OR start_time <= $1)
                      ORDER BY start_time NULLS FIRST LIMIT 20 FOR UPDATE SKIP LOCKED)
         RETURNING id, company_id, subaccount_id, environment, request, recipients_done`,
        [now],
      );
      for (const row of claimed) await generateClaimed(row);
      return claimed.length;
    },

    /** Lets the background generation finish its chunk and start no more (the process is stopping). */
    stop: () => chunked.stop(),

    /**
     * Puts back transmissions whose generation has not moved (the process died) for `staleAfterMs`;
     * 0 puts back every one (a process that owns the database alone, at its start).
     */
    async releaseStale(staleAfterMs = 10 * 60_000): Promise<void> {
      const before = new Date(deps.clock.now().getTime() - staleAfterMs);
      await db.query(
        `UPDATE transmissions SET state = 'submitted'
         WHERE state = 'Generating' AND COALESCE(generation_touched_at, generation_start_time) < $1`,
        [before],
      );
    },
  };
  return service;

  /** Sandbox recipients that are not verified authorized recipients, as rcpt_to_errors. */
  async function notAuthorized(g: Generation): Promise<RecipientError[]> {
    if (g.send.environment !== 'sandbox') return [];
    const addresses = g.recipients.map((recipient) => recipient.address.email);
    const verified = await deps.verifiedRecipients(
      g.send.companyId,
      addresses.map((address) => address.toLowerCase()),
    );
    return addresses
      .filter((address) => !verified.has(address.toLowerCase()))
      .map((address) => notAuthorizedError(address, rejectionReasons.notAuthorized));
  }

  /** A claimed transmission generated from where it stands; one that cannot be fails its remaining recipients. */
  async function generateClaimed(row: ClaimedRow): Promise<void> {
    const principal: Principal = {
      companyId: row.company_id,
      subaccountId: Number(row.subaccount_id),
      isMaster: false,
      grants: 'all',
      keyId: null,
      sessionId: null,
    };
    const request = { ...row.request, options: { ...row.request.options, start_time: undefined } };
    let resolved: ResolvedTransmission;
    try {
      const status =
        principal.subaccountId === 0
          ? 'active'
          : await deps.subaccountStatus(row.company_id, principal.subaccountId);
      if (status !== 'active')
        throw new Error(`subaccount ${principal.subaccountId} is ${status ?? 'deleted'}`);
      resolved = await resolveTransmission(deps, principal, request, String(row.id));
    } catch (error) {
      const send = {
        companyId: principal.companyId,
        subaccountId: principal.subaccountId,
        environment: row.environment,
        transmissionId: String(row.id),
        campaignId: request.campaign_id ?? '',
        templateId: null,
        templateVersion: null,
        ipPool: '',
        transactional: request.options?.transactional ?? false,
        openTracking: false,
        clickTracking: false,
        metadata: request.metadata ?? {},
        injectedAt: deps.clock.now(),
      };
      const recipients = Array.isArray(request.recipients) ? request.recipients : [];
      const reason = error instanceof Error ? error.message : String(error);
      await chunked.failRemaining(send, recipients, row.recipients_done, reason).catch((failure: unknown) => {
        if (!(failure instanceof GenerationLost)) throw failure;
      });
      return;
    }
    // A passing fault leaves the row Generating: releaseStale puts it back for a later run.
    if (resolved.generation.send.environment === 'production') {
      await acceptInBulk(deps, resolved.generation, { from: row.recipients_done }).catch(
        async (error: unknown) => {
          if (error instanceof GenerationLost) return;
          if (!(error instanceof EngineError)) {
            deps.reportError(error, `generating transmission ${row.id} failed`);
            return;
          }
          await chunked
            .failRemaining(
              resolved.generation.send,
              resolved.generation.recipients,
              row.recipients_done,
              error.message,
            )
            .catch((failure: unknown) => {
              if (!(failure instanceof GenerationLost)) throw failure;
            });
        },
      );
      return;
    }
    await chunked
      .run(resolved.generation, row.recipients_done)
      .catch((error: unknown) => deps.reportError(error, `generating transmission ${row.id} failed`));
  }
}
