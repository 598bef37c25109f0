import { canConnect, waitUntil } from '../support/ports.ts';
import type { PostfixTools } from './postfix.ts';
import { type Child, runCommand, startChild, summarizeOutput } from './processes.ts';

export interface SmtpSourceOptions {
  port: number;
  sessions: number;
  bodyBytes: number;
  /** -d: keep each session's connection for all its messages. */
  reuse: boolean;
  seconds: number;
}

export interface SmtpSourceResult {
  accepted: number;
  seconds: number;
  perSecond: number;
}

async function sendBatch(
  tools: PostfixTools,
  options: SmtpSourceOptions,
  messages: number,
): Promise<SmtpSourceResult> {
  const args = [
    '-c',
    '-s',
    String(options.sessions),
    '-l',
    String(options.bodyBytes),
    '-m',
    String(messages),
  ];
  if (options.reuse) args.push('-d');
  args.push('-f', 'from@bench.test', '-t', 'to@bench.test', `127.0.0.1:${options.port}`);
  // -c prints a counter per message; it goes to /dev/null so the harness does not pay for it.
  const run = await runCommand(tools.smtpSource, args, { discardStdout: true });
  if (run.code !== 0) {
    throw new Error(`smtp-source exited ${run.code}: ${summarizeOutput(run.stderr)}`);
  }
  return { accepted: messages, seconds: run.seconds, perSecond: messages / run.seconds };
}

/**
 * smtp-source sends a fixed number of messages (-m), so a short calibration run (which also warms
 * the server up) estimates the rate, and the measured run sends about `seconds` worth.
 */
export async function runSmtpSource(
  tools: PostfixTools,
  options: SmtpSourceOptions,
): Promise<SmtpSourceResult> {
  let messages = options.sessions * 20;
  let probe = await sendBatch(tools, options, messages);
  while (probe.seconds < 1 && messages < 1_000_000) {
    messages = Math.ceil(Math.max(messages * 2, probe.perSecond * 1.2));
    probe = await sendBatch(tools, options, messages);
  }
  const total = Math.max(options.sessions * 20, Math.round(probe.perSecond * options.seconds));
  return sendBatch(tools, options, total);
}

/** Postfix's smtp-sink on 127.0.0.1:port: accepts every message and throws it away. */
export async function startSmtpSink(tools: PostfixTools, port: number): Promise<Child> {
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postfix'] : [];
  const sink = startChild(tools.smtpSink, [...asRoot, `127.0.0.1:${port}`, '1024']);
  const notReady = await waitUntil(
    () => canConnect(port),
    10_000,
    () => (sink.process.exitCode === null ? undefined : `smtp-sink exited: ${sink.output().trim()}`),
  );
  if (notReady) {
    await sink.stop();
    throw new Error(notReady);
  }
  return sink;
}
