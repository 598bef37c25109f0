import type { SuppressionSource } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { MessageEventType, NewMessageEvent } from '../events/message-event.ts';
import { factsEvent, type MessageFacts } from '../messages/message-facts.ts';
import type { NewSuppression } from '../suppression/suppression-store.ts';

/** What recipients and their mailbox providers say about a message after it left. */
export type FeedbackKind = Extract<
  MessageEventType,
  'out_of_band' | 'spam_complaint' | 'list_unsubscribe' | 'link_unsubscribe'
>;

export interface Feedback {
  message: MessageFacts;
  kind: FeedbackKind;
  bounceClass?: number;
  reason?: string;
  /** The event's SparkPost fields of this kind (error_code, fbtype, mailfrom, ...). */
  fields: Record<string, unknown>;
  /** Suppression entries it adds, for the message's recipient in the message's own account. */
  suppress: { types: NewSuppression['type'][]; source: SuppressionSource; description: string } | null;
}

export interface FeedbackDeps {
  insertEvents(tx: Db, events: NewMessageEvent[]): Promise<void>;
  addSuppressions(tx: Db, entries: NewSuppression[]): Promise<void>;
}

export type FeedbackRecorder = ReturnType<typeof createFeedbackRecorder>;

/** The event of a piece of feedback, with the facts every event of its message carries. */
export function feedbackEvent(feedback: Feedback, at: Date): NewMessageEvent {
  return factsEvent(feedback.message, feedback.kind, at, feedback);
}

/**
 * Records feedback about messages: each message's event and suppression entries in one
 * transaction, at most once per message and kind (a repeated report or a second click finds the
 * first one and changes nothing). Everything is written for the message's own company and
 * subaccount, as the message row says.
 */
export function createFeedbackRecorder(db: Db, clock: Clock, deps: FeedbackDeps) {
  return {
    /** How many of `items` were new (the others had been recorded before). */
    async record(items: readonly Feedback[]): Promise<number> {
      const at = clock.now();
      return db.transaction(async (tx) => {
        let recorded = 0;
        for (const feedback of items) {
          const { message } = feedback;
          const fresh = await tx.query(
            `INSERT INTO message_feedback (message_id, kind, company_id, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (message_id, kind) DO NOTHING RETURNING message_id`,
            [message.id, feedback.kind, message.companyId, at],
          );
          if (fresh.length === 0) continue;
          recorded += 1;
          await deps.insertEvents(tx, [feedbackEvent(feedback, at)]);
          const { suppress } = feedback;
          if (suppress) {
            await deps.addSuppressions(
              tx,
              suppress.types.map((type) => ({
                companyId: message.companyId,
                subaccountId: message.subaccountId,
                recipient: message.rcptTo,
                type,
                source: suppress.source,
                description: suppress.description,
              })),
            );
          }
        }
        return recorded;
      });
    },
  };
}
