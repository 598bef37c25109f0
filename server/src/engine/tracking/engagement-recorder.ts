import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import { factsEvent, type MessageFacts } from '../messages/message-facts.ts';
import { machineReason } from './machine-detection.ts';
import type { TrackingToken } from './token.ts';

/**
 * Opens and clicks one message may record per minute, per server process. SparkPost records every
 * open and click, and so does this, up to this cap: a mail loop or a scanner hammering one URL
 * must not write millions of rows. What passes the cap is still answered (pixel, redirect), only
 * not recorded.
 */
export const MAX_ENGAGEMENTS_PER_MESSAGE_MINUTE = 30;
/**
 * Messages counted per minute; past this many (a flood of distinct tokens) a message not yet
 * counted this minute is treated as capped: not recorded, as an uncounted one could never be capped.
 */
export const MAX_COUNTED_MESSAGES_PER_MINUTE = 100_000;

export interface EngagementDeps {
  messageFacts(id: string): Promise<MessageFacts | undefined>;
  insertEvents(tx: Db, events: NewMessageEvent[]): Promise<void>;
  /**
   * A person followed the message's unsubscribe link (data-msys-unsubscribe="1"): its
   * link_unsubscribe event and suppression, once per message (the feedback recorder).
   */
  linkUnsubscribe(message: MessageFacts, fields: Record<string, unknown>): Promise<void>;
}

export interface EngagementRequest {
  method: string;
  userAgent: string;
  ip: string;
}

export type EngagementOutcome = 'recorded' | 'capped' | 'unknown_message';

export type EngagementRecorder = ReturnType<typeof createEngagementRecorder>;

/**
 * Records the open or click a verified token names: SparkPost's open, initial_open and click
 * events (amp_* for the AMP part) with the message's facts, the user agent and address, the link
 * followed, and `prefetched: true` when a machine made it (machine-detection.ts). One read of the
 * message and one insert through the event store.
 */
export function createEngagementRecorder(db: Db, clock: Clock, deps: EngagementDeps) {
  const counts = new Map<string, number>();
  let countedMinute = -1;

  /** Whether the message may record one more engagement this minute (and counts it). */
  const underCap = (messageId: string, at: Date): boolean => {
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== countedMinute) {
      counts.clear();
      countedMinute = minute;
    }
    const seen = counts.get(messageId) ?? 0;
    if (seen >= MAX_ENGAGEMENTS_PER_MESSAGE_MINUTE) return false;
    if (seen === 0 && counts.size >= MAX_COUNTED_MESSAGES_PER_MINUTE) return false;
    counts.set(messageId, seen + 1);
    return true;
  };

  return {
    async record(token: TrackingToken, request: EngagementRequest): Promise<EngagementOutcome> {
      const at = clock.now();
      if (!underCap(token.messageId, at)) return 'capped';
      const message = await deps.messageFacts(token.messageId);
      if (!message) return 'unknown_message';
      const machine = machineReason({
        engagement: token.engagement,
        method: request.method,
        userAgent: request.userAgent,
        ip: request.ip,
        at,
        deliveredAt: message.finishedAt ?? message.createdAt,
      });
      const fields: Record<string, unknown> = {
        user_agent: request.userAgent,
        ip_address: request.ip,
        ...(token.link && {
          target_link_url: token.link.url,
          ...(token.link.name === '' ? {} : { target_link_name: token.link.name }),
        }),
        ...(machine && { prefetched: true }),
      };
      const type = token.amp ? (`amp_${token.engagement}` as const) : token.engagement;
      await db.transaction((tx) => deps.insertEvents(tx, [factsEvent(message, type, at, { fields })]));
      // A scanner following every link must not unsubscribe anyone: only a person's click does.
      if (token.link?.unsubscribe && !machine) {
        await deps.linkUnsubscribe(message, {
          mailfrom: message.rcptTo,
          user_agent: request.userAgent,
          ip_address: request.ip,
          target_link_url: token.link.url,
        });
      }
      return 'recorded';
    },
  };
}
