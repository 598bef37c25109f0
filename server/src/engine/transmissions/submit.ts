import { commitSend } from './commit.ts';
import { chargesFor } from './events.ts';
import { type Generation, type GenerationOutcome, generate } from './generate.ts';
import type { SendDeps } from './send-deps.ts';

/**
 * The one way a send is made, whichever way it came in (`POST /api/v1/transmissions`, the console's
 * test send, the SMTP relay): each recipient screened, rendered and composed, then every message,
 * event and quota charge committed together, with the transmission's row, before this resolves
 * (OverQuotaError, with nothing written, when a limit says no).
 */
export async function submit(deps: SendDeps, g: Generation): Promise<GenerationOutcome> {
  const outcome = await generate(deps, g);
  const { send } = g;
  await commitSend(
    deps,
    {
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
    },
    send,
  );
  return outcome;
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
