import { generateKeyPairSync } from 'node:crypto';
import { access, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from '../support/ports.ts';
import { onCleanup, runCommand, startChild } from './processes.ts';

/**
 * OpenDKIM as a milter of the private Postfix instance: it signs every message Postfix receives
 * (rsa-sha256, relaxed/relaxed, a 2048-bit key), as our delivery workers sign every message, so the
 * two are compared doing the same work. Debian's `opendkim`, installed when missing (root, apt-get).
 */
export interface OpenDkim {
  /** The milter's socket, as Postfix's smtpd_milters names it (unix:<path>). */
  socket: string;
  stop: () => Promise<void>;
}

const program = '/usr/sbin/opendkim';
export const openDkimInstallHint = 'as root: DEBIAN_FRONTEND=noninteractive apt-get install -y opendkim';

const installed = () =>
  access(program).then(
    () => true,
    () => false,
  );

async function ensureInstalled(log: (line: string) => void): Promise<string | undefined> {
  if (await installed()) return undefined;
  if (process.getuid?.() !== 0) return `OpenDKIM is not installed; to add it, ${openDkimInstallHint}`;
  log('OpenDKIM is missing; installing Debian package opendkim (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const done = await runCommand('apt-get', ['install', '-y', '-qq', 'opendkim'], { env });
  if (done.code !== 0) return `apt-get install opendkim failed: ${done.stderr.trim().slice(-300)}`;
  return (await installed()) ? undefined : 'opendkim installed but /usr/sbin/opendkim not found';
}

/** Starts OpenDKIM in the foreground on a loopback port, signing mail From `domain`. */
export async function startOpenDkim(
  domain: string,
  log: (line: string) => void,
): Promise<OpenDkim | { reason: string }> {
  const missing = await ensureInstalled(log);
  if (missing) return { reason: missing };
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-opendkim-'));
  const cleanUp = () => rm(dir, { recursive: true, force: true });
  onCleanup(cleanUp);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyFile = path.join(dir, 'key.pem');
  await writeFile(keyFile, privateKey.export({ type: 'pkcs1', format: 'pem' }), { mode: 0o600 });
  // A UNIX socket, as Debian's own set-up has it (on loopback TCP each message waited for a delayed ACK).
  await chmod(dir, 0o755);
  const socket = path.join(dir, 'milter.sock');
  const config = path.join(dir, 'opendkim.conf');
  await writeFile(
    config,
    [
      'Syslog no',
      'Background no',
      'Mode s',
      'Canonicalization relaxed/relaxed',
      `Domain ${domain}`,
      'Selector bench',
      `KeyFile ${keyFile}`,
      `Socket local:${socket}`,
      // Postfix's smtpd (user postfix) connects to it.
      'UMask 000',
      // Postfix hands over mail that smtp-source sent from loopback: sign it.
      'InternalHosts 127.0.0.0/8',
      'RequireSafeKeys no',
      '',
    ].join('\n'),
  );
  const child = startChild(program, ['-f', '-x', config]);
  const stop = async () => {
    await child.stop();
    await cleanUp();
  };
  const notReady = await waitUntil(
    () =>
      access(socket).then(
        () => true,
        () => false,
      ),
    10_000,
    () => (child.process.exitCode === null ? undefined : `opendkim exited: ${child.output().trim()}`),
  );
  if (notReady) {
    await stop();
    return { reason: `OpenDKIM did not start: ${notReady}` };
  }
  return { socket: `unix:${socket}`, stop };
}
