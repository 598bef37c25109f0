import { findUnstorableInSlices } from '@app/contract/engine/index';
import type { NewMessageEvent } from '../events/message-event.ts';
import { type IngestUnit, maxUnitDepth, UnstorableUnitError } from '../messages/ingest.ts';
import type { QueuedRecipient } from '../messages/message-writer.ts';
import type { ContentSource } from '../rendering/render-worker.ts';
import { mergeSubstitutionData, type SnippetContents } from '../substitution/render.ts';
import { commitSend } from './commit.ts';
import { chargesFor, messageOptions, rejectionReasons, type SendContext, sendEvent } from './events.ts';
import type { Generation } from './generate.ts';
import { checkInCommit, screenRecipients } from './screen.ts';
import type { SendDeps } from './send-deps.ts';

/** What a transmission accepted in bulk stores once (transmissions.generation) for its recipients' composition. */
export interface GenerationSnapshot {
  send: Omit<SendContext, 'injectedAt'> & { injectedAt: string };
  content: ContentSource;
  /** Template, metadata and transmission substitution data merged, under each recipient's own. */
  sharedData: Record<string, unknown>;
  snippets: SnippetContents;
  ccHeader: string;
  returnPath: string | undefined;
  /** Whether the send was charged as bulk (more than one recipient): a failed composition gives that back too. */
  bulk?: boolean;
}

/** A queued recipient's rendering input (messages.recipient). */
export type StoredRecipient = QueuedRecipient;

/** Recipients screened between two turns of the event loop. */
const recipientsPerSlice = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Accepts a production transmission in bulk: everything that can refuse it or a recipient is
 * decided now (suppression, quota), then its content is stored once and each recipient as one
 * compact row, all committed before this resolves. A scheduled one come due (`due`) has its row
 * already, Generating: its recipients from `due.from` on are queued and the row becomes Success.
 * Messages are composed when a delivery worker takes them (delivery/compose-claimed.ts), and that is
 * when their injection events are written: writing 100,000 event rows here would cost what
 * composing lazily saves.
 */
export async function acceptInBulk(
  deps: SendDeps,
  g: Required<Pick<Generation, 'transmission'>> & Generation,
  due?: { from: number },
): Promise<void> {
  const { send } = g;
  const recipients = due ? g.recipients.slice(due.from) : g.recipients;
  const problem = await findUnstorableInSlices({ recipients }, maxUnitDepth);
  if (problem) throw new UnstorableUnitError(problem);
  const unitFor = (suppressed: ReadonlySet<string>) => bulkUnit(deps, g, recipients, suppressed, due);
  const addresses = recipients.map((recipient) => recipient.address.email);
  const screen = checkInCommit(send, addresses, g.skipSuppression);
  if (screen) {
    await commitSend(deps, { screen, complete: unitFor }, send);
    return;
  }
  const screening = await screenRecipients(deps, {
    companyId: send.companyId,
    subaccountId: send.subaccountId,
    environment: send.environment,
    addresses,
    transactional: send.transactional,
    skipSuppression: g.skipSuppression,
  });
  await commitSend(deps, await unitFor(screening.suppressed), send);
}

/** What a send accepted in bulk writes, given its suppressed recipients: queued rows, or policy_rejection events. */
async function bulkUnit(
  deps: SendDeps,
  g: Required<Pick<Generation, 'transmission'>> & Generation,
  recipients: readonly Generation['recipients'][number][],
  suppressed: ReadonlySet<string>,
  due: { from: number } | undefined,
): Promise<IngestUnit> {
  const { send } = g;
  const events: NewMessageEvent[] = [];
  const queued: StoredRecipient[] = [];
  for (let from = 0; from < recipients.length; from += recipientsPerSlice) {
    if (from > 0) await nextTurn();
    for (const recipient of recipients.slice(from, from + recipientsPerSlice)) {
      const rcptTo = recipient.address.email;
      if (suppressed.has(rcptTo.toLowerCase())) {
        events.push(
          sendEvent(
            send,
            {
              rcptTo,
              rawRcptTo: rcptTo,
              rcptType: 'to',
              tags: recipient.tags ?? [],
              metadata: recipient.metadata ?? {},
              friendlyFrom: '',
              msgFrom: recipient.return_path ?? g.returnPath ?? '',
              subject: '',
            },
            'policy_rejection',
            null,
            { reason: rejectionReasons.suppressed },
          ),
        );
        continue;
      }
      const stored: StoredRecipient = { address: recipient.address };
      if (recipient.substitution_data !== undefined) stored.substitution_data = recipient.substitution_data;
      if (recipient.metadata !== undefined) stored.metadata = recipient.metadata;
      if (recipient.tags !== undefined) stored.tags = recipient.tags;
      if (recipient.return_path !== undefined) stored.return_path = recipient.return_path;
      queued.push(stored);
    }
  }
  const snapshot: GenerationSnapshot = {
    send: { ...send, injectedAt: send.injectedAt.toISOString() },
    content: g.content,
    sharedData: mergeSubstitutionData(g.templateData, send.metadata, g.substitutionData),
    snippets: g.snippets,
    ccHeader: g.ccHeader,
    returnPath: g.returnPath,
    bulk: g.recipients.length > 1,
  };
  const request = g.transmission.request as { recipients: unknown; content: object };
  return {
    companyId: send.companyId,
    charges: chargesFor(send.environment, queued.length, g.recipients.length > 1),
    ...(due
      ? {
          progress: {
            transmissionId: send.transmissionId,
            companyId: send.companyId,
            from: due.from,
            to: g.recipients.length,
            generated: queued.length,
            failed: recipients.length - queued.length,
            last: true,
            at: deps.clock.now(),
            generation: snapshot,
          },
        }
      : {
          transmission: {
            ...g.transmission,
            // The recipients live in their rows (a stored list keeps its reference), the content in
            // the snapshot: the request keeps what GET /transmissions/{id} shows of them.
            request: {
              ...request,
              recipients: Array.isArray(request.recipients) ? [] : request.recipients,
              content:
                'use_draft_template' in request.content
                  ? { use_draft_template: request.content.use_draft_template }
                  : {},
            },
            state: 'Success' as const,
            numGenerated: queued.length,
            numFailedGen: recipients.length - queued.length,
            createdAt: send.injectedAt,
            generation: snapshot,
          },
        }),
    messages: [],
    queued: {
      companyId: send.companyId,
      subaccountId: send.subaccountId,
      transmissionId: send.transmissionId,
      campaignId: send.campaignId,
      templateId: send.templateId,
      options: messageOptions(send),
      metadata: send.metadata,
      returnPath: g.returnPath ?? '',
      createdAt: send.injectedAt,
      recipients: queued,
    },
    events,
  };
}
