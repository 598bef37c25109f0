import { canConnect, freePort } from '../support/ports.ts';
import { measure, smtpOutcome } from './measure.ts';
import { benchEmail, benchRecipient, smtpMessage } from './message.ts';
import type { OurServer } from './our-server.ts';
import { type PostfixTools, startPostfix } from './postfix.ts';
import type { Outcome, Row } from './report.ts';
import type { BenchSettings } from './settings.ts';
import { runSmtpLoad, type SmtpLoadOptions } from './smtp-load.ts';
import { runSmtpSource, startSmtpSink } from './smtp-source.ts';

export const smtpModes = [
  { key: 'single', scenario: 'SMTP ingest, 2 KB, 20 sessions, 1 message per connection', reuse: false },
  { key: 'reuse', scenario: 'SMTP ingest, 2 KB, 20 sessions, reused connections', reuse: true },
] as const;

type Mode = (typeof smtpModes)[number];
export type ModeKey = Mode['key'];

const peers = {
  sinkSource: 'smtp-sink (accepts and discards) driven by smtp-source',
  sinkNodePlain: 'smtp-sink driven by our Node generator (no AUTH, as smtp-source)',
  sinkNode: 'smtp-sink driven by our Node generator (with AUTH, as against ours)',
  postfixSource: 'Postfix queue (private instance) driven by smtp-source',
  postfixNode: 'Postfix queue driven by our Node generator (no AUTH)',
} as const;

/** smtp-sink answers any AUTH with 2xx, so the generator does the same work as against our relay. */
const sinkAuth = { user: 'SMTP_Injection', pass: 'bench' };

type PeerKey = keyof typeof peers;
export type SmtpPeerResults = Record<ModeKey, Record<PeerKey, Outcome>>;

const byMode = (outcome: (mode: Mode) => Outcome) =>
  Object.fromEntries(smtpModes.map((mode) => [mode.key, outcome(mode)])) as Record<ModeKey, Outcome>;

function nodeLoad(settings: BenchSettings, mode: Mode, port: number): SmtpLoadOptions {
  return {
    host: '127.0.0.1',
    port,
    sessions: settings.smtpSessions,
    seconds: settings.seconds,
    messagesPerConnection: mode.reuse ? Number.POSITIVE_INFINITY : 1,
    message: smtpMessage(settings.bodyBytes),
    from: benchEmail,
    to: benchRecipient,
  };
}

/** A warm-up of a second, then the measured run. */
async function nodeRun(options: SmtpLoadOptions): Promise<Outcome> {
  await runSmtpLoad({ ...options, seconds: 1 });
  return smtpOutcome(await runSmtpLoad(options));
}

/** smtp-sink and a private Postfix, each driven by smtp-source and by the Node generator. */
export async function measureSmtpPeers(
  settings: BenchSettings,
  tools: PostfixTools | { reason: string },
  log: (line: string) => void,
): Promise<SmtpPeerResults> {
  const results = Object.fromEntries(smtpModes.map((mode) => [mode.key, {}])) as SmtpPeerResults;
  if ('reason' in tools) {
    for (const mode of smtpModes) {
      for (const key of Object.keys(peers) as PeerKey[]) results[mode.key][key] = { skipped: tools.reason };
    }
    return results;
  }
  const source = (mode: Mode, port: number) => async (): Promise<Outcome> => {
    const run = await runSmtpSource(tools, {
      port,
      sessions: settings.smtpSessions,
      bodyBytes: settings.bodyBytes,
      reuse: mode.reuse,
      seconds: settings.seconds,
    });
    return { rate: run.perSecond, unit: 'msg/s' };
  };
  // A fresh sink per run, so one run's closed connections do not weigh on the next.
  const withSink = (run: (port: number) => () => Promise<Outcome>) => async (): Promise<Outcome> => {
    const port = await freePort();
    const sink = await startSmtpSink(tools, port);
    try {
      return await run(port)();
    } finally {
      await sink.stop();
    }
  };

  for (const mode of smtpModes) {
    log(`${mode.scenario}:`);
    results[mode.key].sinkSource = await measure(
      peers.sinkSource,
      log,
      withSink((port) => source(mode, port)),
    );
    results[mode.key].sinkNodePlain = await measure(
      peers.sinkNodePlain,
      log,
      withSink((port) => () => nodeRun(nodeLoad(settings, mode, port))),
    );
    results[mode.key].sinkNode = await measure(
      peers.sinkNode,
      log,
      withSink((port) => () => nodeRun({ ...nodeLoad(settings, mode, port), auth: sinkAuth })),
    );
  }

  log('starting a private Postfix instance...');
  const postfixPort = await freePort();
  const postfix = await startPostfix(tools, postfixPort).catch((error: Error) => ({ reason: error.message }));
  try {
    for (const mode of smtpModes) {
      log(`${mode.scenario}:`);
      const skip =
        'reason' in postfix ? async (): Promise<Outcome> => ({ skipped: postfix.reason }) : undefined;
      results[mode.key].postfixSource = await measure(
        peers.postfixSource,
        log,
        skip ?? source(mode, postfixPort),
      );
      results[mode.key].postfixNode = await measure(
        peers.postfixNode,
        log,
        skip ?? (() => nodeRun(nodeLoad(settings, mode, postfixPort))),
      );
    }
  } finally {
    if ('stop' in postfix) await postfix.stop();
  }
  return results;
}

/** Our relay, driven by the Node generator with AUTH PLAIN as SMTP_Injection / API key. */
export async function measureOurSmtp(
  settings: BenchSettings,
  server: OurServer | { reason: string },
  log: (line: string) => void,
): Promise<Record<ModeKey, Outcome>> {
  if ('reason' in server) return byMode(() => ({ skipped: server.reason }));
  if (!(await canConnect(server.smtpPort))) {
    const why = server.died() ?? 'our SMTP relay is not listening on SMTP_PORT (not built yet?)';
    return byMode(() => ({ skipped: why }));
  }
  const load = (mode: Mode) => ({
    ...nodeLoad(settings, mode, server.smtpPort),
    auth: { user: 'SMTP_Injection', pass: server.apiKey },
  });
  const probe = await runSmtpLoad({ ...load(smtpModes[0]), sessions: 1, maxMessages: 1, seconds: 30 });
  if (probe.accepted === 0) {
    const why = `our relay refused a test message: ${probe.firstFailure ?? 'unknown'}`;
    return byMode(() => ({ skipped: [why, server.died()].filter(Boolean).join('; ') }));
  }
  const results = {} as Record<ModeKey, Outcome>;
  for (const mode of smtpModes) {
    const outcome = await measure(`ours: ${mode.scenario}`, log, () => nodeRun(load(mode)));
    const died = server.died();
    results[mode.key] = died && 'skipped' in outcome ? { skipped: `${outcome.skipped}; ${died}` } : outcome;
  }
  return results;
}

export function smtpRows(peerResults: SmtpPeerResults, ours: Record<ModeKey, Outcome>): Row[] {
  return smtpModes.flatMap((mode) =>
    (Object.keys(peers) as PeerKey[]).map((key) => ({
      scenario: mode.scenario,
      peer: peers[key],
      limit: peerResults[mode.key][key] ?? { skipped: 'not measured' },
      ours: ours[mode.key],
    })),
  );
}

/** How close the Node generator gets to smtp-source, and whether it could be what limits ours. */
export function generatorNotes(peerResults: SmtpPeerResults, ours: Record<ModeKey, Outcome>): string[] {
  const rate = (outcome: Outcome | undefined) => (outcome && 'rate' in outcome ? outcome.rate : undefined);
  return smtpModes.flatMap((mode) => {
    const notes: string[] = [];
    const r = peerResults[mode.key];
    for (const [target, viaSource, viaNode] of [
      ['smtp-sink', rate(r.sinkSource), rate(r.sinkNodePlain)],
      ['Postfix', rate(r.postfixSource), rate(r.postfixNode)],
    ] as const) {
      if (viaSource && viaNode) {
        const share = ((100 * viaNode) / viaSource).toFixed(0);
        notes.push(
          `${mode.scenario}: against ${target} the Node generator reaches ${share}% of smtp-source's rate.`,
        );
      }
    }
    const capacity = rate(r.sinkNode);
    const oursRate = rate(ours[mode.key]);
    if (capacity && oursRate) {
      const share = (100 * oursRate) / capacity;
      notes.push(
        `${mode.scenario}: ours runs at ${share.toFixed(0)}% of what the Node generator (with AUTH) drives into smtp-sink` +
          (share < 50
            ? ', so the generator is not what limits ours.'
            : '; the generator may be limiting ours.'),
      );
    }
    return notes;
  });
}
