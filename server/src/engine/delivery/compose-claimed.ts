import { domainOf } from '@app/contract/engine/email-address';
import { findUnstorable, type SparkpostRecipient } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import { renderMessages } from '../rendering/render-pool.ts';
import type { RecipientJob } from '../rendering/render-worker.ts';
import { templateLimits } from '../substitution/render.ts';
import { trackingPlan } from '../tracking/instrument.ts';
import type { GenerationSnapshot, StoredRecipient } from '../transmissions/bulk-acceptance.ts';
import { chargesFor, type RecipientFacts, type SendContext, sendEvent } from '../transmissions/events.ts';
import { recipientType } from '../transmissions/generate.ts';
import {
  type CompositionProgress,
  generationsOf,
  recordCompositions,
} from '../transmissions/transmission-rows.ts';
import type { QuotaCharge } from '../usage/usage-meter.ts';
import { type ComposedRow, failUncomposed, type QueuedMessage, storeComposed } from './queue-store.ts';

export interface ComposeDeps {
  clock: Clock;
  insertEvents(tx: Db, events: NewMessageEvent[]): Promise<void>;
  /** Gives back quota charged at acceptance (the usage meter's refund); none when absent. */
  refundUsage?(tx: Db, companyId: string, charges: QuotaCharge[], chargedAt: Date): Promise<void>;
  /** trackingKey(SECRET), for the tracked links and open pixels of sends that track; none tracks nothing. */
  trackingKey?: string | undefined;
}

/** How long one render task runs before it hands back what it has, as at acceptance. */
const renderSliceMs = 100;

/** What composing a claimed message gives: its bytes and the facts its events repeat, or why it failed. */
type Composition =
  | { ok: true; row: ComposedRow; facts: RecipientFacts }
  | { ok: false; kind: 'generation_failure' | 'generation_rejection'; reason: string; facts: RecipientFacts };

const factsOf = (stored: StoredRecipient, snapshot: GenerationSnapshot | undefined): RecipientFacts => ({
  rcptTo: stored.address.email,
  rawRcptTo: stored.address.email,
  rcptType: recipientType(stored as SparkpostRecipient, snapshot?.ccHeader ?? ''),
  tags: stored.tags ?? [],
  metadata: stored.metadata ?? {},
  friendlyFrom: '',
  msgFrom: stored.return_path ?? snapshot?.returnPath ?? '',
  subject: '',
});

/**
 * Renders one transmission's claimed recipients on the render threads, the content loaded once,
 * its render budget shared with the transmission's earlier batches. Returns the compositions and the
 * budget spent.
 */
async function composeGroup(
  deps: ComposeDeps,
  snapshot: GenerationSnapshot,
  stepsLeft: number,
  messages: Array<QueuedMessage & { pending: Record<string, unknown> }>,
): Promise<{ compositions: Map<string, Composition>; renderSteps: number }> {
  const compositions = new Map<string, Composition>();
  const injectedAt = new Date(snapshot.send.injectedAt);
  const jobs: RecipientJob[] = messages.map((message) => {
    const stored = message.pending as unknown as StoredRecipient;
    return {
      id: message.id,
      address: stored.address,
      metadata: stored.metadata,
      data: stored.substitution_data,
      returnPath: stored.return_path ?? snapshot.returnPath,
    };
  });
  let loopStepsLeft = Math.max(0, stepsLeft);
  for (let done = 0; done < jobs.length; ) {
    const slice = jobs.slice(done);
    const result = await renderMessages(snapshot.send.companyId, {
      content: snapshot.content,
      sharedData: snapshot.sharedData,
      snippets: snapshot.snippets,
      recipients: slice,
      injectedAt,
      loopStepsLeft,
      sliceMs: renderSliceMs,
      tracking: trackingPlan(snapshot.send, deps.trackingKey),
    });
    loopStepsLeft = result.loopStepsLeft;
    result.messages.forEach((rendered, index) => {
      const message = messages[done + index];
      if (!message) return;
      const stored = message.pending as unknown as StoredRecipient;
      const facts = factsOf(stored, snapshot);
      if (!rendered.ok) {
        compositions.set(message.id, { ok: false, kind: rendered.kind, reason: rendered.reason, facts });
        return;
      }
      const mailFrom = stored.return_path ?? snapshot.returnPath ?? rendered.fromEmail;
      // A decoded header PostgreSQL cannot store (a NUL) would fail the whole group's transaction.
      const unstorable = findUnstorable({
        subject: rendered.subject,
        from: rendered.fromEmail,
        message_id: rendered.messageIdHeader,
        mail_from: mailFrom,
      });
      if (unstorable) {
        compositions.set(message.id, {
          ok: false,
          kind: 'generation_rejection',
          reason: `${unstorable.path.join('.')}: ${unstorable.message}`,
          facts,
        });
        return;
      }
      compositions.set(message.id, {
        ok: true,
        row: {
          id: message.id,
          mailFrom,
          friendlyFrom: rendered.fromEmail,
          subject: rendered.subject,
          messageIdHeader: rendered.messageIdHeader,
          raw: Buffer.from(
            result.raw.buffer,
            result.raw.byteOffset + rendered.start,
            rendered.end - rendered.start,
          ),
          rcptType: facts.rcptType,
        },
        facts: { ...facts, friendlyFrom: rendered.fromEmail, subject: rendered.subject, msgFrom: mailFrom },
      });
    });
    if (result.messages.length === 0) break;
    done += result.messages.length;
  }
  return { compositions, renderSteps: Math.max(0, stepsLeft) - loopStepsLeft };
}

/**
 * Composes the claimed messages of transmissions accepted in bulk (those with no raw yet) before
 * their delivery: the bytes are stored on the row with the message's injection event, timed at
 * the injection (SparkPost emits it then; it waits for the composition here because its subject
 * and From are only known once rendered). A recipient whose rendering fails gets
 * generation_failure or generation_rejection and its message ends failed, never attempted.
 * Returns the messages to attempt, composed.
 */
export async function composeClaimed(
  db: Db,
  deps: ComposeDeps,
  lease: string,
  claimed: QueuedMessage[],
): Promise<QueuedMessage[]> {
  const pending = claimed.filter(
    (message): message is QueuedMessage & { pending: Record<string, unknown> } =>
      message.pending !== undefined,
  );
  if (pending.length === 0) return claimed;
  const groups = new Map<string, Array<QueuedMessage & { pending: Record<string, unknown> }>>();
  for (const message of pending) {
    const key = message.transmissionId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), message]);
  }
  const generations = await generationsOf(
    db,
    [...groups.keys()].filter((id) => /^\d+$/.test(id)),
  );
  // Each transmission's recipients rendered on the threads (together), then all of them committed at
  // once: a burst of single-recipient sends is one transaction here, not one per message.
  const rendered = await Promise.all(
    [...groups].map(async ([transmissionId, messages]) => {
      const stored = generations.get(transmissionId);
      const snapshot = stored?.generation as GenerationSnapshot | undefined;
      const { compositions, renderSteps } = snapshot
        ? await composeGroup(
            deps,
            snapshot,
            templateLimits.renderLoopSteps - (stored?.renderStepsUsed ?? 0),
            messages,
          )
        : { compositions: new Map<string, Composition>(), renderSteps: 0 };
      const send: SendContext | undefined = snapshot
        ? { ...snapshot.send, injectedAt: new Date(snapshot.send.injectedAt) }
        : undefined;
      return { transmissionId, messages, snapshot, send, compositions, renderSteps };
    }),
  );
  const at = deps.clock.now();
  const composed = new Map<string, QueuedMessage>();
  await db.transaction(async (tx) => {
    const byMessage = new Map(rendered.flatMap((group) => [...group.compositions]));
    const all = rendered.flatMap((group) => group.messages);
    const written = await storeComposed(
      tx,
      lease,
      all.flatMap((message) => {
        const composition = byMessage.get(message.id);
        return composition?.ok ? [composition.row] : [];
      }),
    );
    const failed = await failUncomposed(
      tx,
      lease,
      all.filter((message) => byMessage.get(message.id)?.ok !== true).map((message) => message.id),
      at,
    );
    const events: NewMessageEvent[] = [];
    const progress: CompositionProgress[] = [];
    for (const { transmissionId, messages, snapshot, send, compositions, renderSteps } of rendered) {
      let failedHere = 0;
      for (const message of messages) {
        const composition = compositions.get(message.id);
        if (written.has(message.id) && composition?.ok && send) {
          events.push(
            sendEvent(send, composition.facts, 'injection', message.id, {
              fields: {
                msg_size: String(composition.row.raw.length),
                sending_ip: '',
                routing_domain: domainOf(composition.facts.rcptTo),
              },
            }),
          );
          const { pending: _input, ...claim } = message;
          composed.set(message.id, {
            ...claim,
            mailFrom: composition.row.mailFrom,
            friendlyFrom: composition.row.friendlyFrom,
            subject: composition.row.subject,
            size: composition.row.raw.length,
            raw: composition.row.raw,
            options: { ...claim.options, rcpt_type: composition.row.rcptType },
          });
        } else if (failed.has(message.id)) {
          failedHere += 1;
          if (!send) continue;
          const failure = composition && !composition.ok ? composition : undefined;
          events.push(
            sendEvent(
              send,
              failure?.facts ?? factsOf(message.pending as unknown as StoredRecipient, snapshot),
              failure?.kind ?? 'generation_failure',
              message.id,
              { reason: failure?.reason ?? 'the content of the transmission is no longer stored' },
            ),
          );
        }
      }
      if (snapshot) progress.push({ transmissionId, failed: failedHere, renderSteps });
      // A message never made is not charged: what acceptance took for it goes back.
      if (send && failedHere > 0 && deps.refundUsage) {
        const charges = chargesFor(send.environment, failedHere, snapshot?.bulk ?? false);
        await deps.refundUsage(tx, send.companyId, charges, send.injectedAt);
      }
    }
    if (events.length > 0) await deps.insertEvents(tx, events);
    await recordCompositions(tx, progress);
  });
  return claimed.flatMap((message) => {
    if (message.pending === undefined) return [message];
    const done = composed.get(message.id);
    return done ? [done] : [];
  });
}
