import { randomUUID } from 'node:crypto';
import { asciiDomain, type SparkpostRecipient } from '@app/shared/api/contract/engine/index';
import type { NewMessageEvent } from '../events/message-event.ts';
import { readHeaderFields, withMessageId } from '../messages/header-fields.ts';
import type { IngestUnit, NewTransmission } from '../messages/ingest.ts';
import type { NewMessage } from '../messages/message-writer.ts';
import {
  type CompiledContent,
  GenerationError,
  mergeSubstitutionData,
  type RenderedContent,
} from '../substitution/render.ts';
import { compilePart } from '../substitution/template.ts';
import { createComposer, type FilePart } from './compose.ts';
import { chargesFor, type RecipientFacts, rejectionReasons, type SendContext, sendEvent } from './events.ts';
import { domainOf } from './recipients.ts';
import { screenRecipients } from './screen.ts';
import type { Environment, SendDeps } from './send-deps.ts';

/** Content ready to render: inline parts (compiled once) or a whole RFC 822 message. */
export type ResolvedContent =
  | { kind: 'inline'; compiled: CompiledContent; attachments: FilePart[]; inlineImages: FilePart[] }
  | { kind: 'rfc822'; source: string; performSubstitutions: boolean };

export interface Generation {
  transmission: Omit<NewTransmission, 'state' | 'numGenerated' | 'numFailedGen' | 'createdAt'>;
  send: SendContext;
  skipSuppression: boolean;
  returnPath: string | undefined;
  templateData: Record<string, unknown>;
  substitutionData: Record<string, unknown>;
  content: ResolvedContent;
  /** Valid recipients (addresses checked). */
  recipients: SparkpostRecipient[];
  /** The content's CC header as given (empty when none): tells cc from bcc recipients. */
  ccHeader: string;
}

export interface GenerationOutcome {
  unit: IngestUnit;
  /** Recipients refused by policy before generation (sandbox), with the reason, for rcpt_to_errors. */
  refused: Array<{ address: string; reason: string }>;
  generated: number;
}

/**
 * SparkPost's rcpt_type: a recipient whose header_to shows someone else is a copy, `cc` when the
 * CC header names it and `bcc` otherwise.
 */
function recipientType(recipient: SparkpostRecipient, ccHeader: string): 'to' | 'cc' | 'bcc' {
  const { email, header_to } = recipient.address;
  if (!header_to || header_to.toLowerCase().includes(email.toLowerCase())) return 'to';
  return ccHeader.toLowerCase().includes(email.toLowerCase()) ? 'cc' : 'bcc';
}

/** One per process: repeated content is composed once (see createComposer). */
const composer = createComposer();

/** The `<id@domain>` Message-ID of a generated message. */
/** A Message-ID in ASCII (the sender's domain in A-labels), whatever the sender's address. */
export const messageIdFor = (id: string, fromEmail: string) =>
  `<${id}@${asciiDomain(domainOf(fromEmail)) ?? 'localhost'}>`;

/**
 * Turns a transmission into what gets committed: one composed message and one injection event per
 * deliverable recipient; policy_rejection and generation_* events for the others.
 */
export async function generate(deps: SendDeps, g: Generation): Promise<GenerationOutcome> {
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
  const built = await Promise.all(
    g.recipients.map(async (recipient): Promise<NewMessage | undefined> => {
      const rcptTo = recipient.address.email;
      const lower = rcptTo.toLowerCase();
      const facts: RecipientFacts = {
        rcptTo,
        rawRcptTo: rcptTo,
        rcptType: recipientType(recipient, g.ccHeader),
        tags: recipient.tags ?? [],
        metadata: recipient.metadata ?? {},
        friendlyFrom: '',
        msgFrom: recipient.return_path ?? g.returnPath ?? '',
        subject: '',
      };
      if (screening.notAuthorized.has(lower)) {
        refused.push({ address: rcptTo, reason: rejectionReasons.notAuthorized });
        events.push(
          sendEvent(send, facts, 'policy_rejection', null, { reason: rejectionReasons.notAuthorized }),
        );
        return undefined;
      }
      if (screening.suppressed.has(lower)) {
        events.push(
          sendEvent(send, facts, 'policy_rejection', null, { reason: rejectionReasons.suppressed }),
        );
        return undefined;
      }
      const id = randomUUID();
      try {
        const data = mergeSubstitutionData(g.templateData, g.substitutionData, recipient.substitution_data);
        const message = await buildMessage(g, recipient, data, id);
        const withFrom = {
          ...facts,
          friendlyFrom: message.friendlyFrom,
          subject: message.subject,
          msgFrom: message.mailFrom,
        };
        events.push(
          sendEvent(send, withFrom, 'injection', id, {
            fields: {
              msg_size: String(message.raw.length),
              sending_ip: '',
              routing_domain: domainOf(rcptTo),
            },
          }),
        );
        return message;
      } catch (error) {
        const failure =
          error instanceof GenerationError
            ? error
            : new GenerationError(
                'generation_failure',
                error instanceof Error ? error.message : String(error),
              );
        events.push(sendEvent(send, facts, failure.kind, null, { reason: failure.reason }));
        return undefined;
      }
    }),
  );
  const messages = built.filter((message) => message !== undefined);
  const failed = g.recipients.length - refused.length - messages.length;
  const transmission: NewTransmission = {
    ...g.transmission,
    state: 'Success',
    numGenerated: messages.length,
    numFailedGen: failed,
    createdAt: send.injectedAt,
  };
  return {
    unit: {
      companyId: send.companyId,
      charges: chargesFor(send.environment, messages.length, g.recipients.length > 1),
      transmission,
      messages,
      events,
    },
    refused,
    generated: messages.length,
  };
}

async function buildMessage(
  g: Generation,
  recipient: SparkpostRecipient,
  data: Record<string, unknown>,
  id: string,
): Promise<NewMessage> {
  const { send } = g;
  const base = {
    id,
    companyId: send.companyId,
    subaccountId: send.subaccountId,
    transmissionId: send.transmissionId,
    environment: send.environment as Environment,
    rcptTo: recipient.address.email,
    campaignId: send.campaignId,
    templateId: send.templateId,
    options: {
      open_tracking: send.openTracking,
      click_tracking: send.clickTracking,
      transactional: send.transactional,
      ip_pool: send.ipPool || undefined,
      metadata: { ...send.metadata, ...(recipient.metadata ?? {}) },
      tags: recipient.tags ?? [],
    },
    createdAt: send.injectedAt,
  };
  if (g.content.kind === 'rfc822') {
    const source = g.content.performSubstitutions ? renderRaw(g.content.source, data) : g.content.source;
    const raw = Buffer.from(source.replace(/\r?\n/g, '\r\n'));
    const fields = readHeaderFields(raw);
    if (!fields.from) throw new GenerationError('generation_rejection', 'the message has no From address');
    const messageIdHeader = fields.messageId ?? messageIdFor(id, fields.from);
    return {
      ...base,
      mailFrom: recipient.return_path ?? g.returnPath ?? fields.from,
      friendlyFrom: fields.from,
      subject: fields.subject,
      messageIdHeader,
      raw: withMessageId(raw, fields, messageIdHeader),
    };
  }
  const content: RenderedContent = g.content.compiled.render(data, recipient.address);
  const messageIdHeader = messageIdFor(id, content.from.email);
  const raw = await composer.compose({
    content,
    rcptTo: recipient.address,
    headerTo: recipient.address.header_to,
    messageId: messageIdHeader,
    date: send.injectedAt,
    attachments: g.content.attachments,
    inlineImages: g.content.inlineImages,
  });
  return {
    ...base,
    mailFrom: recipient.return_path ?? g.returnPath ?? content.from.email,
    friendlyFrom: content.from.email,
    subject: content.subject,
    messageIdHeader,
    raw,
  };
}

function renderRaw(source: string, data: Record<string, unknown>): string {
  try {
    return compilePart('email_rfc822', source, false)(data);
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    throw new GenerationError('generation_failure', error instanceof Error ? error.message : String(error));
  }
}
