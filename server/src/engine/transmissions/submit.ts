import { commitSend } from './commit.ts';
import { type Generation, type GenerationOutcome, generate } from './generate.ts';
import type { SendDeps } from './send-deps.ts';

/**
 * The one way a send is made, whichever way it came in (`POST /api/v1/transmissions`, a scheduled
 * transmission coming due, the console's test send, the SMTP relay): each recipient screened,
 * rendered and composed, then every message, event and quota charge committed together before this
 * resolves (OverQuotaError, with nothing written, when a limit says no).
 */
export async function submit(deps: SendDeps, generation: Generation): Promise<GenerationOutcome> {
  const outcome = await generate(deps, generation);
  await commitSend(deps, outcome.unit, generation.send);
  return outcome;
}
