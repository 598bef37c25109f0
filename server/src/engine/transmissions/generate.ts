import { randomUUID } from 'node:crypto';
import { domainOf } from '@app/contract/engine/email-address';
import type { SparkpostRecipient } from '@app/contract/engine/index';
import type { NewMessageEvent } from '../events/message-event.ts';
import type { NewTransmission } from '../messages/ingest.ts';
import type { NewMessage } from '../messages/message-writer.ts';
import { messageSizeEstimate } from '../rendering/message-size.ts';
import { renderMessages } from '../rendering/render-pool.ts';
import type { ContentSource, RecipientJob, RenderedMessage } from '../rendering/render-worker.ts';
import { mergeSubstitutionData, type SnippetContents, templateLimits } from '../substitution/render.ts';
import { trackingPlan } from '../tracking/instrument.ts';
import {
  messageOptions,
  type RecipientFacts,
  rejectionReasons,
  type SendContext,
  sendEvent,
} from './events.ts';
import { screenRecipients } from './screen.ts';
import type { Environment, SendDeps } from './send-deps.ts';

export interface Generation {
  /** The `/api/v1` transmission row; none for a message that came in over SMTP. */
  transmission?: Omit<NewTransmission, 'state' | 'numGenerated' | 'numFailedGen' | 'createdAt'>;
  /** Set for a message that came in over SMTP: the id the relay gave in its 250 reply. */
  smtpQueueId?: string;
  send: SendContext;
  skipSuppression: boolean;
  returnPath: string | undefined;
  templateData: Record<string, unknown>;
  substitutionData: Record<string, unknown>;
  /** Inline parts (checked to compile), a whole RFC 822 message or one received over SMTP, rendered on the render threads. */
  content: ContentSource;
  /** The stored snippets the content references (render_snippet), by id. */
  snippets: SnippetContents;
  /** Valid recipients (addresses checked). */
  recipients: SparkpostRecipient[];
  /** The content's CC header as given (empty when none): tells cc from bcc recipients. */
  ccHeader: string;
}

export interface GenerationOutcome {
  /** One composed message per deliverable recipient. */
  messages: NewMessage[];
  /** Their injection events, and the policy_rejection and generation_* events of the others. */
  events: NewMessageEvent[];
  /** Recipients refused by policy before generation (sandbox), with the reason, for rcpt_to_errors. */
  refused: Array<{ address: string; reason: string }>;
  generated: number;
  /** Recipients that got no message and were not refused (suppressed, or failed to render). */
  failed: number;
  /** What is left of the transmission's render budget, for its next chunk. */
  loopStepsLeft: number;
}

/**
 * SparkPost's rcpt_type: a recipient whose header_to shows someone else is a copy, `cc` when the
 * CC header names it and `bcc` otherwise.
 */
export function recipientType(recipient: SparkpostRecipient, ccHeader: string): 'to' | 'cc' | 'bcc' {
  const { email, header_to } = recipient.address;
  if (!header_to || header_to.toLowerCase().includes(email.toLowerCase())) return 'to';
  return ccHeader.toLowerCase().includes(email.toLowerCase()) ? 'cc' : 'bcc';
}

/** What a recipient's events say of it before its message exists. */
function recipientFacts(g: Generation, recipient: SparkpostRecipient): RecipientFacts {
  const rcptTo = recipient.address.email;
  return {
    rcptTo,
    rawRcptTo: rcptTo,
    rcptType: recipientType(recipient, g.ccHeader),
    tags: recipient.tags ?? [],
    metadata: recipient.metadata ?? {},
    friendlyFrom: '',
    msgFrom: recipient.return_path ?? g.returnPath ?? '',
    subject: '',
  };
}

/**
 * A generation made without screening, as it is once `suppressed` (lower-cased addresses) are
 * known: their messages and events give way to a policy_rejection each, as if screened first.
 */
export function withSuppressed(
  g: Generation,
  outcome: GenerationOutcome,
  suppressed: ReadonlySet<string>,
): GenerationOutcome {
  if (suppressed.size === 0) return outcome;
  const isSuppressed = (address: string) => suppressed.has(address.toLowerCase());
  const messages = outcome.messages.filter((message) => !isSuppressed(message.rcptTo));
  const rejections = g.recipients
    .filter((recipient) => isSuppressed(recipient.address.email))
    .map((recipient) =>
      sendEvent(g.send, recipientFacts(g, recipient), 'policy_rejection', null, {
        reason: rejectionReasons.suppressed,
      }),
    );
  return {
    ...outcome,
    messages,
    events: [...outcome.events.filter((event) => !isSuppressed(event.rcptTo)), ...rejections],
    generated: messages.length,
    failed: g.recipients.length - outcome.refused.length - messages.length,
  };
}

/** Recipients handed to the render threads at once, fewer for large content (their messages come back together). */
const maxRecipientsPerTask = 500;
const maxBytesPerTask = 16 * 1024 * 1024;
/** How long a render task runs before it hands back what it has and queues again behind other sends. */
const renderSliceMs = 100;

/**
 * Turns a transmission's recipients into what gets committed: one composed message and one
 * injection event per deliverable recipient; policy_rejection and generation_* events for the
 * others. `loopStepsLeft` carries the transmission's render budget from one chunk to the next.
 */
export async function generate(
  deps: SendDeps,
  g: Generation,
  loopStepsLeft: number = templateLimits.renderLoopSteps,
): Promise<GenerationOutcome> {
  const { send } = g;
  const screening = await screenRecipients(deps, {
    companyId: send.companyId,
    subaccountId: send.subaccountId,
    environment: send.environment,
    addresses: g.recipients.map((recipient) => recipient.address.email),
    transactional: send.transactional,
    skipSuppression: g.skipSuppression,
  });
  const events: NewMessageEvent[] = [];
  const refused: GenerationOutcome['refused'] = [];
  const messages: NewMessage[] = [];
  // The reference's precedence: substitution_data over metadata, the recipient's over the transmission's.
  const sharedData = mergeSubstitutionData(g.templateData, send.metadata, g.substitutionData);
  const tracking = trackingPlan(send, deps.tracking?.key);
  const perTask = Math.max(
    1,
    Math.min(maxRecipientsPerTask, Math.floor(maxBytesPerTask / (messageSizeEstimate(g.content) + 1))),
  );

  // A window of recipients at a time, so the work between two awaits stays small however many there are.
  for (let from = 0; from < g.recipients.length; from += perTask) {
    const pending: Array<{ recipient: SparkpostRecipient; facts: RecipientFacts; job: RecipientJob }> = [];
    for (const recipient of g.recipients.slice(from, from + perTask)) {
      const rcptTo = recipient.address.email;
      const lower = rcptTo.toLowerCase();
      const facts = recipientFacts(g, recipient);
      if (screening.notAuthorized.has(lower)) {
        refused.push({ address: rcptTo, reason: rejectionReasons.notAuthorized });
        events.push(
          sendEvent(send, facts, 'policy_rejection', null, { reason: rejectionReasons.notAuthorized }),
        );
      } else if (screening.suppressed.has(lower)) {
        events.push(
          sendEvent(send, facts, 'policy_rejection', null, { reason: rejectionReasons.suppressed }),
        );
      } else {
        const job: RecipientJob = {
          id: randomUUID(),
          address: recipient.address,
          metadata: recipient.metadata,
          data: recipient.substitution_data,
          returnPath: recipient.return_path ?? g.returnPath,
        };
        pending.push({ recipient, facts, job });
      }
    }
    // A task may stop early (its time slice): the rest of the window goes in the next one.
    for (let done = 0; done < pending.length; ) {
      const slice = pending.slice(done);
      const result = await renderMessages(send.companyId, {
        content: g.content,
        sharedData,
        snippets: g.snippets,
        recipients: slice.map(({ job }) => job),
        injectedAt: send.injectedAt,
        loopStepsLeft,
        sliceMs: renderSliceMs,
        tracking,
      });
      loopStepsLeft = result.loopStepsLeft;
      result.messages.forEach((rendered, index) => {
        const entry = slice[index];
        if (!entry) return;
        const message = toMessage(g, entry.recipient, entry.job.id, rendered, result.raw);
        if ('reason' in message) {
          events.push(sendEvent(send, entry.facts, message.kind, null, { reason: message.reason }));
          return;
        }
        events.push(
          sendEvent(
            send,
            {
              ...entry.facts,
              friendlyFrom: message.friendlyFrom,
              subject: message.subject,
              msgFrom: message.mailFrom,
            },
            'injection',
            entry.job.id,
            {
              fields: {
                msg_size: String(message.raw.length),
                sending_ip: '',
                routing_domain: domainOf(entry.facts.rcptTo),
                ...(g.smtpQueueId === undefined ? {} : { delv_method: 'esmtp' }),
              },
            },
          ),
        );
        messages.push(message);
      });
      done += result.messages.length;
    }
  }
  const failed = g.recipients.length - refused.length - messages.length;
  return { messages, events, refused, generated: messages.length, failed, loopStepsLeft };
}

/** The committed row of one rendered message, or the generation failure the render thread reported. */
function toMessage(
  g: Generation,
  recipient: SparkpostRecipient,
  id: string,
  rendered: RenderedMessage,
  raw: Uint8Array,
): NewMessage | Extract<RenderedMessage, { ok: false }> {
  if (!rendered.ok) return rendered;
  const { send } = g;
  return {
    id,
    companyId: send.companyId,
    subaccountId: send.subaccountId,
    transmissionId: send.transmissionId,
    environment: send.environment as Environment,
    rcptTo: recipient.address.email,
    campaignId: send.campaignId,
    templateId: send.templateId,
    options: {
      ...messageOptions(send),
      metadata: { ...send.metadata, ...(recipient.metadata ?? {}) },
      tags: recipient.tags ?? [],
      // Repeated on every later event of the message (delivery, bounce, open, click), as SparkPost does.
      rcpt_type: recipientType(recipient, g.ccHeader),
      ...(g.smtpQueueId === undefined ? {} : { smtp_queue_id: g.smtpQueueId }),
    },
    createdAt: send.injectedAt,
    mailFrom: recipient.return_path ?? g.returnPath ?? rendered.fromEmail,
    friendlyFrom: rendered.fromEmail,
    subject: rendered.subject,
    messageIdHeader: rendered.messageIdHeader,
    raw: Buffer.from(raw.buffer, raw.byteOffset + rendered.start, rendered.end - rendered.start),
  };
}
