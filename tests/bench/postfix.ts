import { access, chown, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canConnect, waitUntil } from '../support/ports.ts';
import { onCleanup, runCommand } from './processes.ts';

/** Postfix's programs the bench uses; smtp-source and smtp-sink ship with Debian's `postfix`. */
export interface PostfixTools {
  smtpSource: string;
  smtpSink: string;
  postfix: string | undefined;
  postqueue: string | undefined;
  version: string;
}

const searchDirs = ['/usr/sbin', '/usr/lib/postfix', '/usr/libexec/postfix', '/usr/bin', '/usr/local/sbin'];

async function findProgram(name: string): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...searchDirs];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

export const installHint =
  "as root: echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections && " +
  'DEBIAN_FRONTEND=noninteractive apt-get install -y postfix';

async function findTools(): Promise<PostfixTools | undefined> {
  const [smtpSource, smtpSink, postfix, postconf, postqueue] = await Promise.all(
    ['smtp-source', 'smtp-sink', 'postfix', 'postconf', 'postqueue'].map(findProgram),
  );
  if (!smtpSource || !smtpSink) return undefined;
  const version = postconf ? (await runCommand(postconf, ['-d', '-h', 'mail_version'])).stdout.trim() : '';
  return { smtpSource, smtpSink, postfix, postqueue, version: version || 'unknown version' };
}

async function install(log: (line: string) => void): Promise<string | undefined> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  log('Postfix is missing; installing Debian package postfix (apt-get)...');
  const preseed = await runCommand('debconf-set-selections', [], {
    env,
    input: 'postfix postfix/main_mailer_type select No configuration\n',
  });
  if (preseed.code !== 0) return `debconf-set-selections failed: ${preseed.stderr.trim()}`;
  const update = await runCommand('apt-get', ['update', '-qq'], { env });
  if (update.code !== 0) return `apt-get update failed: ${update.stderr.trim().slice(-300)}`;
  const installed = await runCommand('apt-get', ['install', '-y', '-qq', 'postfix'], { env });
  if (installed.code !== 0) return `apt-get install postfix failed: ${installed.stderr.trim().slice(-300)}`;
  return undefined;
}

/** Finds Postfix, installing it when missing if we are root with apt-get; else says why not. */
export async function ensurePostfix(
  log: (line: string) => void,
): Promise<{ tools: PostfixTools } | { reason: string }> {
  const found = await findTools();
  if (found) return { tools: found };
  if (!isRoot() || !(await findProgram('apt-get'))) {
    return { reason: `Postfix (smtp-source, smtp-sink) is not installed; to add it, ${installHint}` };
  }
  const failed = await install(log);
  if (failed) return { reason: `${failed}; to install by hand, ${installHint}` };
  const installed = await findTools();
  return installed
    ? { tools: installed }
    : { reason: 'postfix installed but smtp-source/smtp-sink not found' };
}

export interface PostfixInstance {
  port: number;
  /** Messages still in the queue (`postqueue -p`); 0 when it says the queue is empty. */
  queued: () => Promise<number>;
  /** Deliveries the log records as sent (`status=sent`); reads only what was logged since the last call. */
  sent: () => Promise<number>;
  /** The last lines of its log, to explain a failure. */
  logTail: () => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * What the instance does with what it queued: throw it away, or relay it all to one SMTP server
 * (each message passed first through the milter at `milter`, OpenDKIM signing it, when given).
 */
export type PostfixMode = { discard: true } | { relayTo: number; milter?: string };

function mainCf(dir: string, mode: PostfixMode): string {
  const shared = `compatibility_level = 3.6
queue_directory = ${dir}/queue
data_directory = ${dir}/data
mail_owner = postfix
setgid_group = postdrop
myhostname = bench.localhost
mydomain = localhost
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
alias_maps =
alias_database =
smtpd_peername_lookup = no
disable_dns_lookups = yes
maillog_file_prefixes = ${dir}
maillog_file = ${dir}/maillog
`;
  if ('discard' in mode) {
    return `# Private bench instance: loopback only, every message is queued and then discarded.
${shared}relayhost =
default_transport = discard
local_transport = discard
relay_transport = discard
`;
  }
  // Postfix's defaults for the SMTP client otherwise: 20 connections to the one destination, reused.
  return `# Private bench instance: loopback only, every message is queued and relayed to one loopback server.
${shared}relayhost = [127.0.0.1]:${mode.relayTo}
default_transport = smtp
relay_transport = smtp
local_transport = error:local delivery is disabled
smtp_tls_security_level = none
smtp_bind_address = 127.0.0.1
smtp_helo_name = bench.localhost
${
  mode.milter === undefined
    ? ''
    : `smtpd_milters = ${mode.milter}
milter_default_action = tempfail
`
}`;
}

function masterCf(port: number, mode: PostfixMode): string {
  const services = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    'pickup unix n - n 60 1 pickup',
    'cleanup unix n - n - 0 cleanup',
    'qmgr unix n - n 300 1 qmgr',
    'rewrite unix - - n - - trivial-rewrite',
    'bounce unix - - n - 0 bounce',
    'defer unix - - n - 0 bounce',
    'trace unix - - n - 0 bounce',
    'verify unix - - n - 1 verify',
    'flush unix n - n 1000? 0 flush',
    'proxymap unix - - n - - proxymap',
    'showq unix n - n - - showq',
    'error unix - - n - - error',
    'retry unix - - n - - error',
    'anvil unix - - n - 1 anvil',
    'scache unix - - n - 1 scache',
    'postlog unix-dgram n - n - 1 postlogd',
    ...('discard' in mode ? ['discard unix - - n - - discard'] : ['smtp unix - - n - - smtp']),
  ];
  return `${services.join('\n')}\n`;
}

/**
 * Starts a private Postfix (`postfix -c <temp dir>`) that accepts on 127.0.0.1:port into its own
 * queue in the temp dir and discards every message, or relays it to 127.0.0.1:relayTo; nothing
 * leaves the machine.
 */
export async function startPostfix(
  tools: PostfixTools,
  port: number,
  mode: PostfixMode = { discard: true },
): Promise<PostfixInstance> {
  const postfix = tools.postfix;
  if (!postfix) throw new Error('the postfix command is not installed');
  if (!isRoot()) throw new Error('a private Postfix instance must be started as root');
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-postfix-'));
  const configDir = path.join(dir, 'etc');
  await mkdir(configDir);
  await mkdir(path.join(dir, 'queue'));
  await mkdir(path.join(dir, 'data'));
  await runCommand('chmod', ['755', dir]);
  const owner = await runCommand('id', ['-u', 'postfix']);
  const group = await runCommand('id', ['-g', 'postfix']);
  await chown(path.join(dir, 'data'), Number(owner.stdout), Number(group.stdout));
  await writeFile(path.join(configDir, 'main.cf'), mainCf(dir, mode));
  await writeFile(path.join(configDir, 'master.cf'), masterCf(port, mode));
  const readLog = () => readFile(path.join(dir, 'maillog'), 'utf8').catch(() => '');
  const maillog = async () => (await readLog()).trim().split('\n').slice(-5).join(' | ');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await runCommand(postfix, ['-c', configDir, 'stop']);
    await rm(dir, { recursive: true, force: true });
  };
  onCleanup(stop);

  const started = await runCommand(postfix, ['-c', configDir, 'start']);
  const notReady =
    started.code === 0
      ? await waitUntil(() => canConnect(port), 20_000)
      : `postfix start exited ${started.code}`;
  if (notReady) {
    const why = `${notReady}: ${started.stderr.trim()} ${await maillog()}`.trim();
    await stop();
    throw new Error(why);
  }
  const queued = async () => {
    if (!tools.postqueue) throw new Error('the postqueue command is not installed');
    const listed = await runCommand(tools.postqueue, ['-c', configDir, '-p']);
    if (listed.code !== 0) throw new Error(`postqueue -p exited ${listed.code}: ${listed.stderr.trim()}`);
    if (/Mail queue is empty/.test(listed.stdout)) return 0;
    const requests = /in (\d+) Requests?\./.exec(listed.stdout)?.[1];
    if (requests === undefined)
      throw new Error(`postqueue -p: unexpected output ${listed.stdout.slice(-200)}`);
    return Number(requests);
  };
  let logRead = 0;
  let partialLine = '';
  let sentCount = 0;
  const sent = async () => {
    const file = await open(path.join(dir, 'maillog')).catch(() => undefined);
    if (!file) return sentCount;
    try {
      const { size } = await file.stat();
      if (size <= logRead) return sentCount;
      const chunk = Buffer.alloc(size - logRead);
      await file.read(chunk, 0, chunk.length, logRead);
      logRead = size;
      const lines = (partialLine + chunk.toString('utf8')).split('\n');
      partialLine = lines.pop() ?? '';
      sentCount += lines.filter((line) => line.includes(' status=sent ')).length;
      return sentCount;
    } finally {
      await file.close();
    }
  };
  return { port, queued, sent, logTail: maillog, stop };
}
