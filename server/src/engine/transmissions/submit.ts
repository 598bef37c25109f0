import type { IngestUnit } from '../messages/ingest.ts';
import { commitSend } from './commit.ts';
import { chargesFor } from './events.ts';
import { type Generation, type GenerationOutcome, generate, withSuppressed } from './generate.ts';
import { checkInCommit } from './screen.ts';
import type { SendDeps } from './send-deps.ts';

/** What a whole send's generation commits: its messages, events and charges, with its transmission's row. */
function unitOf(g: Generation, outcome: GenerationOutcome): IngestUnit {
  const { send } = g;
  return {
    companyId: send.companyId,
    charges: chargesFor(send.environment, outcome.generated, g.recipients.length > 1),
    ...(g.transmission
      ? {
          transmission: {
            ...g.transmission,
            state: 'Success',
            numGenerated: outcome.generated,
            numFailedGen: outcome.failed,
            createdAt: send.injectedAt,
          },
        }
      : {}),
    messages: outcome.messages,
    events: outcome.events,
  };
}

/**
 * The one way a send is made, whichever way it came in (`POST /api/v1/transmissions`, the console's
 * test send, the SMTP relay): each recipient screened, rendered and composed, then every message,
 * event and quota charge committed together, with the transmission's row, before this resolves
 * (OverQuotaError, with nothing written, when a limit says no). A small production send is rendered
 * first and screened in the transaction that commits it.
 */
export async function submit(deps: SendDeps, g: Generation): Promise<GenerationOutcome> {
  const screen = checkInCommit(
    g.send,
    g.recipients.map((recipient) => recipient.address.email),
    g.skipSuppression,
  );
  if (!screen) {
    const outcome = await generate(deps, g);
    await commitSend(deps, unitOf(g, outcome), g.send);
    return outcome;
  }
  const rendered = await generate(deps, { ...g, skipSuppression: true });
  // The outcome of the last completion is the one the transaction wrote.
  let committed = rendered;
  const complete = async (suppressed: ReadonlySet<string>) => {
    committed = withSuppressed(g, rendered, suppressed);
    return unitOf(g, committed);
  };
  await commitSend(deps, { screen, complete }, g.send);
  return committed;
}

/**
 * One chunk of a transmission generated after its acceptance (a large one, or a scheduled one come
 * due): its recipients `from` up to `to` submitted as above, the transmission's progress committed
 * with them. Returns what is left of the render budget for the next chunk.
 */
export async function submitChunk(
  deps: SendDeps,
  g: Generation,
  chunk: { from: number; to: number; loopStepsLeft: number },
): Promise<number> {
  const { send } = g;
  const outcome = await generate(
    deps,
    { ...g, recipients: g.recipients.slice(chunk.from, chunk.to) },
    chunk.loopStepsLeft,
  );
  await commitSend(
    deps,
    {
      companyId: send.companyId,
      charges: chargesFor(send.environment, outcome.generated, g.recipients.length > 1),
      progress: {
        transmissionId: send.transmissionId,
        companyId: send.companyId,
        from: chunk.from,
        to: chunk.to,
        generated: outcome.generated,
        failed: outcome.failed,
        last: chunk.to >= g.recipients.length,
        at: deps.clock.now(),
      },
      messages: outcome.messages,
      events: outcome.events,
    },
    send,
  );
  return outcome.loopStepsLeft;
}
