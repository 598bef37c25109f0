/**
 * Acceptance of one large personalised transmission (every recipient with substitution_data, the
 * content using {{name}}): the POST's duration beside the bare Fastify route answering the same body,
 * and the time until the transmission leaves state Generating.
 */
import { startBareFastify } from './http-scenarios.ts';
import { measure } from './measure.ts';
import { transmissionBody } from './message.ts';
import type { OurServer } from './our-server.ts';
import type { Outcome, Row } from './report.ts';
import type { BenchSettings } from './settings.ts';

export interface AcceptanceOutcomes {
  post: Outcome;
  generated: Outcome;
}

interface Answer {
  seconds: number;
  status: number;
  text: string;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const number = new Intl.NumberFormat('en-US');

async function postTransmission(baseUrl: string, apiKey: string, body: string): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/transmissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: apiKey },
    body,
    signal: AbortSignal.timeout(600_000),
  });
  const text = await response.text();
  return { seconds: (performance.now() - started) / 1000, status: response.status, text };
}

const refused = (what: string, answer: Answer): Outcome => ({
  skipped: `${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`,
});

const perSecond = (recipients: number, seconds: number, detail: string): Outcome => ({
  rate: recipients / seconds,
  unit: 'recipients/s',
  detail: `${detail} ${seconds.toFixed(2)} s`,
});

interface Accepted {
  results?: { id?: string; total_accepted_recipients?: number };
}

async function stateOf(server: OurServer, id: string): Promise<string | undefined> {
  const response = await fetch(`${server.httpUrl}/api/v1/transmissions/${id}`, {
    headers: { authorization: server.apiKey },
  });
  const body = (await response.json()) as { results?: { transmission?: { state?: string } } };
  return body.results?.transmission?.state;
}

const generating = (state: string | undefined) => state === 'Generating' || state === 'submitted';

/** The state the transmission settles in, or undefined when it is still generating at the deadline. */
async function settled(server: OurServer, id: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const state = await stateOf(server, id);
    if (!generating(state)) return state ?? 'unknown';
    await sleep(250);
  }
  return undefined;
}

const generationTimeoutMs = 900_000;

export const acceptanceScenarios = (settings: BenchSettings) => {
  const recipients = number.format(settings.acceptanceRecipients);
  return {
    post: `Acceptance: one POST /api/v1/transmissions of ${recipients} personalised recipients (substitution_data, {{name}})`,
    generated: `Acceptance: ${recipients} personalised recipients, from the POST until the transmission leaves Generating`,
  };
};

/** The bare Fastify route answering the same body: a warm-up, then the best of three. */
export async function measureBareAcceptance(
  settings: BenchSettings,
  root: string,
  log: (line: string) => void,
): Promise<Outcome> {
  return measure(`bare Fastify: ${acceptanceScenarios(settings).post}`, log, async () => {
    const bare = await startBareFastify(root);
    if ('reason' in bare) return { skipped: bare.reason };
    try {
      const warmUp = await postTransmission(bare.url, 'bench', transmissionBody(1000));
      if (warmUp.status !== 200) return refused('a 1,000-recipient warm-up', warmUp);
      const body = transmissionBody(settings.acceptanceRecipients);
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run += 1) {
        const answer = await postTransmission(bare.url, 'bench', body);
        if (answer.status !== 200) return refused('the POST', answer);
        best = Math.min(best, answer.seconds);
      }
      return perSecond(settings.acceptanceRecipients, best, 'answered in');
    } finally {
      await bare.stop();
    }
  });
}

/**
 * Ours: a 1,000-recipient warm-up (generated before going on), then the one large POST, timed to its
 * answer and then to the end of its generation (GET /api/v1/transmissions/<id> every 250 ms).
 */
export async function measureOurAcceptance(
  settings: BenchSettings,
  server: OurServer | { reason: string },
  log: (line: string) => void,
): Promise<AcceptanceOutcomes> {
  if ('reason' in server) return { post: { skipped: server.reason }, generated: { skipped: server.reason } };
  const recipients = settings.acceptanceRecipients;
  const names = acceptanceScenarios(settings);
  let accepted: { id: string; started: number } | undefined;
  const post = await measure(`ours: ${names.post}`, log, async () => {
    const warmUp = await postTransmission(server.httpUrl, server.apiKey, transmissionBody(1000));
    if (warmUp.status !== 200) return refused('a 1,000-recipient warm-up', warmUp);
    const warmUpId = (JSON.parse(warmUp.text) as Accepted).results?.id;
    if (warmUpId) await settled(server, warmUpId, generationTimeoutMs);
    const body = transmissionBody(recipients);
    const started = performance.now();
    const answer = await postTransmission(server.httpUrl, server.apiKey, body);
    if (answer.status !== 200) return refused('the POST', answer);
    const results = (JSON.parse(answer.text) as Accepted).results;
    if (results?.id) accepted = { id: results.id, started };
    const count = results?.total_accepted_recipients ?? 0;
    return {
      ...perSecond(recipients, answer.seconds, 'accepted in'),
      note:
        count === recipients ? undefined : `${number.format(count)} of ${number.format(recipients)} accepted`,
    };
  });
  const generated = await measure(`ours: ${names.generated}`, log, async () => {
    if (!accepted) return { skipped: 'the POST gave no transmission id' };
    const state = await settled(server, accepted.id, generationTimeoutMs);
    const seconds = (performance.now() - accepted.started) / 1000;
    if (state === undefined) {
      return { skipped: `still Generating ${(generationTimeoutMs / 1000).toFixed(0)} s after the POST` };
    }
    return {
      ...perSecond(recipients, seconds, 'left Generating after'),
      note: state === 'Success' ? undefined : `the transmission ended in state ${state}`,
    };
  });
  const died = server.died();
  const explain = (outcome: Outcome): Outcome =>
    died && 'skipped' in outcome ? { skipped: `${outcome.skipped}; ${died}` } : outcome;
  return { post: explain(post), generated: explain(generated) };
}

export function acceptanceRows(settings: BenchSettings, limit: Outcome, ours: AcceptanceOutcomes): Row[] {
  const names = acceptanceScenarios(settings);
  const peer = 'bare Fastify route (parse JSON, answer), same body';
  return [
    { scenario: names.post, peer, limit, ours: ours.post },
    { scenario: names.generated, peer, limit, ours: ours.generated },
  ];
}
