/**
 * Delivery, accepted → delivered: N messages of 2 KB, one recipient each, into one smtp-sink.
 *   - Postfix: a private instance relaying everything to the sink (relayhost), fed by smtp-source
 *     (20 sessions, reused connections); timed from the first injection until its log records
 *     every message as sent and `postqueue -p` says the queue is empty.
 *   - Ours (MAIL_MODE=deliver, on an empty database): the same N messages to recipients at
 *     sink.test, POSTed to /api/v1/transmissions in 1,000-recipient batches; timed from the first
 *     POST until N delivery (or bounce) events, polled every 250 ms. Once straight to the recipients'
 *     MX (a loopback DNS server answers sink.test's MX, DELIVERY_PORT is the sink's port), once
 *     through SMARTHOST.
 * Then the acceptance of one large personalised transmission (acceptance-scenarios.ts).
 */
import { startTestDnsServer } from '../../server/src/testing/dns-server.ts';
import { freePort } from '../support/ports.ts';
import { acceptanceRows, measureBareAcceptance, measureOurAcceptance } from './acceptance-scenarios.ts';
import { withFreshServer } from './fresh-server.ts';
import { measure } from './measure.ts';
import { benchEmail, deliveryTransmission, sinkDomain } from './message.ts';
import { startOpenDkim } from './opendkim.ts';
import { benchSendingDomain, type OurServer } from './our-server.ts';
import { type PostfixTools, startPostfix } from './postfix.ts';
import { runCommand, summarizeOutput } from './processes.ts';
import type { Outcome, Row } from './report.ts';
import type { BenchSettings } from './settings.ts';
import { startSmtpSink } from './smtp-source.ts';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const number = new Intl.NumberFormat('en-US');
const seconds = (since: number) => (performance.now() - since) / 1000;

/** Waiting ends when the count of delivered messages has not moved for this long. */
const stallMs = 60_000;
/** Recipients per POST, and POSTs in flight at once. */
const batchSize = 1000;
const postsInFlight = 4;

/** Where our server delivers in the delivery scenarios: each route's settings beside the sink's port. */
export const deliveryRoutes = [
  {
    key: 'mx',
    label: "to each recipient's MX (loopback DNS, DELIVERY_PORT)",
    env: async (sinkPort: number) => {
      const dns = await startTestDnsServer({
        [sinkDomain]: { MX: [{ exchange: `mx.${sinkDomain}`, priority: 10 }] },
        [`mx.${sinkDomain}`]: { A: ['127.0.0.1'] },
      });
      return {
        env: {
          MAIL_MODE: 'deliver',
          DNS_SERVERS: dns.address,
          DELIVERY_PORT: String(sinkPort),
          DELIVERY_PRIVATE_NETWORKS: 'allow',
        },
        close: () => dns.close(),
      };
    },
  },
  {
    key: 'smarthost',
    label: 'through SMARTHOST (no TLS)',
    env: async (sinkPort: number) => ({
      env: { MAIL_MODE: 'deliver', SMARTHOST: `127.0.0.1:${sinkPort}`, SMARTHOST_TLS: 'none' },
      close: async () => {},
    }),
  },
] as const;

const postfixPeer = 'Postfix relaying to smtp-sink (private instance, fed by smtp-source)';
/** The like-for-like peer: our workers DKIM-sign every message, so here Postfix does too. */
const signingPostfixPeer = `${postfixPeer}, every message DKIM-signed by OpenDKIM (milter)`;

const scenario = (settings: BenchSettings, route: (typeof deliveryRoutes)[number]) =>
  `Delivery: ${number.format(settings.deliveryMessages)} × ${settings.bodyBytes / 1024} KB, accepted → in smtp-sink, ${route.label}`;

/**
 * Postfix relaying N messages to the sink, from the first injection until its queue is empty; with
 * `signing`, through OpenDKIM first.
 */
export function measurePostfixRelay(
  settings: Pick<BenchSettings, 'deliveryMessages' | 'smtpSessions' | 'bodyBytes'>,
  tools: PostfixTools,
  sinkPort: number,
  log: (line: string) => void,
  signing = false,
): Promise<Outcome> {
  const total = settings.deliveryMessages;
  return measure(signing ? signingPostfixPeer : postfixPeer, log, async () => {
    const milter = signing ? await startOpenDkim(benchSendingDomain, log) : undefined;
    if (milter && 'reason' in milter) return { skipped: milter.reason };
    const postfix = await startPostfix(tools, await freePort(), {
      relayTo: sinkPort,
      ...(milter ? { milter: milter.socket } : {}),
    }).catch(async (error: unknown) => {
      await milter?.stop();
      throw error;
    });
    try {
      const started = performance.now();
      const args = ['-s', String(settings.smtpSessions), '-d', '-l', String(settings.bodyBytes)];
      args.push('-m', String(total), '-f', benchEmail, '-t', `r@${sinkDomain}`, `127.0.0.1:${postfix.port}`);
      const injected = await runCommand(tools.smtpSource, args, { discardStdout: true });
      if (injected.code !== 0) {
        return { skipped: `smtp-source exited ${injected.code}: ${summarizeOutput(injected.stderr)}` };
      }
      // Reading the log is cheap; postqueue -p reads every queue file, so it only confirms the end:
      // once every message is logged as sent, or the log is quiet (a message bounced, say).
      let sent = await postfix.sent();
      let lastMove = performance.now();
      for (;;) {
        const quietMs = performance.now() - lastMove;
        if ((sent >= total || quietMs > 1000) && (await postfix.queued()) === 0) break;
        if (quietMs > stallMs) {
          const left = await postfix.queued();
          return {
            skipped: `${sent} of ${total} sent, ${left} still queued after ${stallMs / 1000} s without progress: ${await postfix.logTail()}`,
          };
        }
        await sleep(100);
        const now = await postfix.sent();
        if (now !== sent) lastMove = performance.now();
        sent = now;
      }
      const took = seconds(started);
      return {
        rate: total / took,
        unit: 'msg/s',
        detail: `${took.toFixed(1)} s, injected in ${injected.seconds.toFixed(1)} s`,
        note: sent === total ? undefined : `Postfix's log records ${sent} deliveries of ${total} messages`,
      };
    } finally {
      await postfix.stop();
      await milter?.stop();
    }
  });
}

async function eventCount(server: OurServer, types: string): Promise<number> {
  const response = await fetch(`${server.httpUrl}/api/v1/events/message?events=${types}&per_page=1`, {
    headers: { authorization: server.apiKey },
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`the events API answered ${response.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { total_count: number }).total_count;
}

const outcomeTypes = [
  'injection',
  'delivery',
  'bounce',
  'delay',
  'policy_rejection',
  'generation_failure',
  'generation_rejection',
] as const;

/** Each outcome's event count, e.g. "10000 injection, 9990 delivery, 10 bounce events". */
async function outcomeCounts(server: OurServer): Promise<{ text: string; troubled: boolean }> {
  const counts = await Promise.all(
    outcomeTypes.map(async (type) => [type, await eventCount(server, type)] as const),
  );
  const shown = counts.filter(([type, count]) => count > 0 || type === 'delivery');
  return {
    text: `${shown.map(([type, count]) => `${count} ${type}`).join(', ')} events`,
    troubled: shown.some(([type]) => type !== 'injection' && type !== 'delivery'),
  };
}

/** POSTs the N messages in batches, then waits for N delivery or bounce events. */
async function deliverAll(settings: BenchSettings, server: OurServer): Promise<Outcome> {
  const total = settings.deliveryMessages;
  const bodies: string[] = [];
  for (let first = 0; first < total; first += batchSize) {
    bodies.push(
      deliveryTransmission(first, Math.min(batchSize, total - first), sinkDomain, settings.bodyBytes),
    );
  }
  let next = 0;
  let failure: string | undefined;
  const poster = async () => {
    while (next < bodies.length && failure === undefined) {
      const body = bodies[next++];
      const response = await fetch(`${server.httpUrl}/api/v1/transmissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: server.apiKey },
        body,
        signal: AbortSignal.timeout(300_000),
      });
      const text = await response.text();
      if (response.status !== 200)
        failure = `POST /api/v1/transmissions answered ${response.status}: ${text.slice(0, 200)}`;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: postsInFlight }, poster));
  if (failure) return { skipped: failure };
  const acceptedIn = seconds(started);

  let done = 0;
  let lastMove = performance.now();
  while (done < total) {
    await sleep(250);
    const now = await eventCount(server, 'delivery,bounce');
    if (now !== done) lastMove = performance.now();
    else if (performance.now() - lastMove > stallMs) {
      const why =
        done === 0
          ? `no delivery event within ${stallMs / 1000} s after the last of ${total} messages was accepted (delivery not built yet?)`
          : `stalled for ${stallMs / 1000} s`;
      return {
        skipped: `${why}: ${(await outcomeCounts(server)).text}${server.died() ? `; ${server.died()}` : ''}`,
      };
    }
    done = now;
  }
  const took = seconds(started);
  const counts = await outcomeCounts(server);
  return {
    rate: total / took,
    unit: 'msg/s',
    detail: `${took.toFixed(1)} s, accepted in ${acceptedIn.toFixed(1)} s`,
    note: counts.troubled ? counts.text : undefined,
  };
}

export interface DeliveryPart {
  rows: Row[];
  notes: string[];
}

/**
 * The delivery part: one smtp-sink for every run, Postfix relaying to it, the bare Fastify route's
 * acceptance, then for each database our acceptance and our delivery on fresh servers.
 */
export async function measureDeliveryPart(
  settings: BenchSettings,
  root: string,
  tools: PostfixTools | { reason: string },
  databases: Array<{ label: string; url: string | undefined }>,
  log: (line: string) => void,
): Promise<DeliveryPart> {
  const rows: Row[] = [];
  const labelled = (label: string, row: Row): Row => ({
    ...row,
    scenario: `${row.scenario} [ours on ${label}]`,
  });
  const sinkPort = await freePort();
  const sink =
    'reason' in tools
      ? tools
      : await startSmtpSink(tools, sinkPort).catch((error: Error) => ({
          reason: `smtp-sink: ${error.message}`,
        }));
  try {
    log(`delivery of ${number.format(settings.deliveryMessages)} messages into smtp-sink:`);
    const postfix: Outcome =
      'reason' in sink
        ? { skipped: sink.reason }
        : await measurePostfixRelay(settings, tools as PostfixTools, sinkPort, log);
    const signingPostfix: Outcome =
      'reason' in sink
        ? { skipped: sink.reason }
        : await measurePostfixRelay(settings, tools as PostfixTools, sinkPort, log, true);
    const bareAcceptance = await measureBareAcceptance(settings, root, log);
    for (const target of databases) {
      log(`our server on ${target.label} (capture), acceptance:`);
      const acceptance = await withFreshServer(root, target.url, {}, log, (server) =>
        measureOurAcceptance(settings, server, log),
      );
      rows.push(
        ...acceptanceRows(settings, bareAcceptance, acceptance).map((row) => labelled(target.label, row)),
      );
      for (const route of deliveryRoutes) {
        log(`our server on ${target.label}, delivering ${route.label}:`);
        const ours: Outcome =
          'reason' in sink
            ? { skipped: sink.reason }
            : await measure(`ours: ${scenario(settings, route)}`, log, async () => {
                const setup = await route.env(sinkPort);
                try {
                  return await withFreshServer(root, target.url, setup.env, log, (server) =>
                    'reason' in server
                      ? Promise.resolve({ skipped: server.reason })
                      : deliverAll(settings, server),
                  );
                } finally {
                  await setup.close();
                }
              });
        rows.push(
          labelled(target.label, {
            scenario: scenario(settings, route),
            peer: postfixPeer,
            limit: postfix,
            ours,
          }),
          labelled(target.label, {
            scenario: `${scenario(settings, route)}, both DKIM-signing`,
            peer: signingPostfixPeer,
            limit: signingPostfix,
            ours,
          }),
        );
      }
    }
  } finally {
    if ('stop' in sink) await sink.stop();
  }
  const notes = [
    `Delivery: Postfix is timed from the first smtp-source connection (${settings.smtpSessions} sessions, reused) until its log records every message as sent and postqueue reports the queue empty; ours from the first of the ${batchSize.toLocaleString('en-US')}-recipient POSTs (${postsInFlight} in flight) until as many delivery or bounce events as messages (polled every 250 ms). Both deliver into the same smtp-sink; each of our runs starts a server on an empty database (PostgreSQL: a new database beside BENCH_DATABASE_URL, dropped afterwards).`,
    `Delivery, both DKIM-signing: our workers sign every message (the bench's sending domain is verified with a 2048-bit key); so does OpenDKIM as Postfix's milter (rsa-sha256, relaxed/relaxed, 2048 bits) in the second Postfix run. The first Postfix run signs nothing.`,
    "Delivery settings: Postfix on its defaults (20 connections to the one destination, reused); ours on its defaults too, or on DELIVERY_CONCURRENCY / DELIVERY_DOMAIN_CONNECTIONS when set in the bench's environment (the server inherits it).",
    'Acceptance: the bare Fastify route is the best of three POSTs of the same body after a warm-up; ours is one POST after a 1,000-recipient warm-up, on a server in MAIL_MODE=capture.',
  ];
  return { rows, notes };
}
