import type { SparkpostRecipient } from '@app/contract/engine/index';
import { EngineError } from '../../engine-error.ts';
import { messageSizeEstimate } from '../rendering/message-size.ts';
import { templateLimits } from '../substitution/render.ts';
import { type SendContext, sendEvent } from './events.ts';
import type { Generation } from './generate.ts';
import type { SendDeps } from './send-deps.ts';
import { submitChunk } from './submit.ts';
import { GenerationLost } from './transmission-rows.ts';

/**
 * A sandbox transmission up to this size is generated and committed whole before its answer; a
 * larger one is generated after its acceptance, a chunk per transaction: the embedded database's one
 * connection is never held for long by one send (other tenants' reads and writes get their turn
 * between chunks), and only one chunk's messages are in memory at a time. A production transmission
 * of any size is queued as it is (bulk-acceptance.ts) and composed by the delivery workers.
 */
export const wholeLimit = { recipients: 1_000, bytes: 16 * 1024 * 1024 };
export const chunkLimit = { recipients: 250, bytes: 4 * 1024 * 1024 };

/** The sizes above, in a sentence for the API reference. */
export const chunkedGenerationText =
  'A production transmission (and a scheduled one when its start_time comes) is accepted with one queued message ' +
  'per recipient (its state is Success at once): each message is composed, and its injection event written, when a ' +
  'delivery worker takes it; a recipient whose rendering fails then gets a generation_failure or generation_rejection event. ' +
  `A sandbox transmission of up to ${wholeLimit.recipients.toLocaleString('en-US')} recipients and ${wholeLimit.bytes / 1024 / 1024} MB of messages ` +
  'is generated before the answer: its messages and events exist when the 200 arrives. A larger sandbox one is accepted ' +
  `(its state is Generating) and generated right after, ${chunkLimit.recipients} recipients (at most ${chunkLimit.bytes / 1024 / 1024} MB) at a time; ` +
  'it becomes Success when every recipient has its message or event.';

const recipientsWithin = (g: Generation, limit: { recipients: number; bytes: number }) =>
  Math.max(1, Math.min(limit.recipients, Math.floor(limit.bytes / (messageSizeEstimate(g.content) + 1))));

/** Whether the transmission is too large to be generated before its answer. */
export const generatedInChunks = (g: Generation) => g.recipients.length > recipientsWithin(g, wholeLimit);

/**
 * Generates transmissions chunk by chunk from where their row says they are (`recipients_done`),
 * so a generation a stopped process left behind resumes without writing a message twice.
 */
export function createChunkedGeneration(deps: SendDeps) {
  const running = new Set<Promise<void>>();
  let stopping = false;

  /** Records generation_failure for every recipient from `from` on, chunk by chunk; the transmission ends. */
  async function failRemaining(
    send: SendContext,
    recipients: readonly SparkpostRecipient[],
    from: number,
    reason: string,
  ): Promise<void> {
    for (let done = from; done < recipients.length || done === from; done += chunkLimit.recipients) {
      // Never below `from`: a stored list read again may have shrunk since the row's progress.
      const to = Math.max(done, Math.min(recipients.length, done + chunkLimit.recipients));
      await deps.ingest.write({
        companyId: send.companyId,
        charges: [],
        progress: {
          transmissionId: send.transmissionId,
          companyId: send.companyId,
          from: done,
          to,
          generated: 0,
          failed: to - done,
          last: to >= recipients.length,
          at: deps.clock.now(),
        },
        messages: [],
        events: recipients.slice(done, to).map((recipient) =>
          sendEvent(
            send,
            {
              rcptTo: recipient.address.email,
              rawRcptTo: recipient.address.email,
              rcptType: 'to',
              tags: recipient.tags ?? [],
              metadata: recipient.metadata ?? {},
              friendlyFrom: '',
              msgFrom: '',
              subject: '',
            },
            'generation_failure',
            null,
            { reason },
          ),
        ),
      });
      if (to >= recipients.length) return;
    }
  }

  /**
   * Generates `g` from recipient `from` on. A chunk the engine refuses (over a quota, content it
   * cannot store) ends the transmission: the rest of its recipients get generation_failure with
   * the reason. Stops quietly when another process has taken the transmission over, or when this
   * one is stopping. Any other failure (the database, a render thread) is thrown with the row left
   * Generating, so a later run resumes it instead of failing recipients for a passing fault.
   */
  async function run(g: Generation, from: number): Promise<void> {
    const total = g.recipients.length;
    const perChunk = recipientsWithin(g, chunkLimit);
    let loopStepsLeft: number = templateLimits.renderLoopSteps;
    let done = from;
    try {
      do {
        if (stopping) return;
        const to = Math.min(total, done + perChunk);
        loopStepsLeft = await submitChunk(deps, g, { from: done, to, loopStepsLeft });
        done = to;
      } while (done < total);
    } catch (error) {
      if (error instanceof GenerationLost) return;
      if (!(error instanceof EngineError)) throw error;
      const reason = error.message;
      await failRemaining(g.send, g.recipients, done, reason).catch((failure: unknown) => {
        if (!(failure instanceof GenerationLost)) throw failure;
      });
    }
  }

  return {
    run,
    failRemaining,

    /** Runs the generation in the background of this process (after the client has its answer). */
    start(g: Generation, from: number): void {
      const generation = run(g, from)
        .catch((error: unknown) =>
          deps.reportError(error, `generating transmission ${g.send.transmissionId} failed`),
        )
        .finally(() => running.delete(generation));
      running.add(generation);
    },

    /** True once the process is stopping: no generation starts or claims another chunk. */
    isStopping: () => stopping,

    /** Lets the chunks being written finish and starts no more; the rest resumes after a restart. */
    async stop(): Promise<void> {
      stopping = true;
      await Promise.all(running);
    },
  };
}
