import { domainOf } from '@app/contract/engine/email-address';
import { type BounceClass, isHardBounce } from '../bounces/bounce-classes.ts';
import { classifyReply } from '../bounces/classify.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import { factsEvent, optionFacts } from '../messages/message-facts.ts';
import type { NewSuppression } from '../suppression/suppression-store.ts';
import type { DeliveryOutcome } from './delivery-transport.ts';
import type { QueuedMessage } from './queue-store.ts';

/** One attempt as it went: what was sent, how, and when it ended. */
export interface Attempt {
  message: QueuedMessage;
  /** The envelope sender used (the VERP address), else the stored one. */
  mailFrom: string;
  /** Bytes sent (signed), else the stored size. */
  size: number;
  /** The address the connection was bound to (the IP pool's), if any. */
  localAddress: string | undefined;
  outcome: DeliveryOutcome;
  /** How the message was handed over: `esmtp`, or `capture` when MAIL_MODE=capture kept it here. */
  method: 'esmtp' | 'capture';
  at: Date;
}

export type AttemptResult = 'delivered' | 'delayed' | 'bounced';

/** Characters of a remote answer kept in events and on the message. */
const maxReplyLength = 1000;

/**
 * `550 5.1.1 text` as the receiving server answered, without control characters (a NUL would make
 * the whole outcome batch unstorable) and cut to a bounded length.
 */
export function replyLine(reply: DeliveryOutcome['reply']): string {
  const line = [String(reply.code), reply.enhanced, reply.text].filter(Boolean).join(' ');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return line.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, maxReplyLength);
}

/** SparkPost's `reason`: the answer without the addresses in it (they stay in raw_reason). */
export function reasonOf(rawReason: string): string {
  return rawReason
    .replace(/<[^<>\s]*@[^<>\s]*>:?/g, '')
    .replace(/[^\s<>:;,()[\]"]+@[^\s<>:;,()[\]"]+:?/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function event(
  attempt: Attempt,
  type: 'delivery' | 'delay' | 'bounce',
  failure?: { bounceClass: BounceClass; reason: string; rawReason: string },
): NewMessageEvent {
  const { message, outcome } = attempt;
  // The envelope sender and size as sent, not as stored.
  const facts = {
    ...message,
    ...optionFacts(message.options),
    mailFrom: attempt.mailFrom,
    size: attempt.size,
  };
  return factsEvent(facts, type, attempt.at, {
    bounceClass: failure?.bounceClass,
    reason: failure?.reason,
    fields: {
      sending_ip: outcome.localAddress ?? attempt.localAddress ?? '',
      routing_domain: domainOf(message.rcptTo),
      num_retries: String(message.attempts),
      queue_time: String(Math.max(0, attempt.at.getTime() - message.createdAt.getTime())),
      delv_method: attempt.method,
      outbound_tls: outcome.tls ? '1' : '0',
      ...(failure
        ? { error_code: String(outcome.reply.code), raw_reason: failure.rawReason }
        : attempt.method === 'capture'
          ? { raw_reason: replyLine(outcome.reply) }
          : {}),
    },
  });
}

/**
 * The events and suppression entries of an attempt: `delivery`; `delay` while retries remain;
 * `bounce` on a permanent failure or when the retry period is over. A hard bounce suppresses the
 * recipient (source "Bounce Rule") for the message's type, as SparkPost records it: transactional
 * mail suppresses transactional sends, the rest non-transactional ones.
 */
export function outcomeRecords(
  attempt: Attempt,
  result: AttemptResult,
): { events: NewMessageEvent[]; suppressions: NewSuppression[] } {
  if (result === 'delivered') return { events: [event(attempt, 'delivery')], suppressions: [] };
  const rawReason = replyLine(attempt.outcome.reply);
  const bounceClass = classifyReply(attempt.outcome.reply) ?? 1;
  const failure = { bounceClass, reason: reasonOf(rawReason), rawReason };
  if (result === 'delayed') return { events: [event(attempt, 'delay', failure)], suppressions: [] };
  const { message } = attempt;
  const hard = attempt.outcome.status === 'failed' && isHardBounce(bounceClass);
  return {
    events: [event(attempt, 'bounce', failure)],
    suppressions: hard
      ? [
          {
            companyId: message.companyId,
            subaccountId: message.subaccountId,
            recipient: message.rcptTo,
            type: optionFacts(message.options).transactional ? 'transactional' : 'non_transactional',
            source: 'Bounce Rule',
            description: `${attempt.outcome.reply.code}: ${rawReason}`,
          },
        ]
      : [],
  };
}
