import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Exclusive ownership of a PGlite data directory: two processes opening one PGlite directory corrupt
 * it, so the server and the offline CLI both take this lock first.
 *
 * Why a hand-written lock file: Node has no flock/fcntl lock without a native add-on (install
 * scripts, a compiler), and the well-kept pure-JS lock (proper-lockfile) judges a lock stale by its
 * age, so a server restarted after a SIGKILL would wait out that age. Here the lock file appears
 * atomically and complete (a hard link to a written temp file: fails when the lock exists, as O_EXCL
 * does) and holds the owner's pid and its start identity (the kernel's start time of that pid), so a
 * lock whose process is gone, or whose pid now belongs to another process, is recognised at once and
 * taken over.
 */
export const lockFileName = 'server.lock';

export interface DataDirLock {
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

interface Owner {
  pid: number;
  /** Start time of `pid` in clock ticks since boot (Linux); empty where the platform does not say. */
  started: string;
}

/** Another live process holds the lock. */
export class DataDirInUse extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another process (pid ${pid}); only one server may open it`);
    this.pid = pid;
  }
}

/** Takes the lock or throws {@link DataDirInUse}; creates the directory (mode 0700) when missing. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, lockFileName);
  const me: Owner = { pid: process.pid, started: startIdentity(process.pid) };
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (createExclusive(file, content)) return ownedLock(file, content);
    const seen = readRaw(file);
    if (seen === undefined) continue;
    const holder = parseOwner(seen);
    if (holder && isAlive(holder)) throw new DataDirInUse(dataDir, holder.pid);
    // A dead owner's lock (or an unreadable one): take over, unless it changed meanwhile.
    removeIfUnchanged(file, seen);
  }
  throw new DataDirInUse(dataDir, parseOwner(readRaw(file) ?? '')?.pid ?? 0);
}

function ownedLock(file: string, content: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    removeIfUnchanged(file, content);
  };
  // process.exit() (e.g. on a fatal database error) skips the owner's cleanup: release here too.
  process.once('exit', release);
  return {
    release: () => {
      process.off('exit', release);
      release();
    },
  };
}

function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseOwner(raw: string): Owner | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<Owner>;
    return typeof parsed.pid === 'number'
      ? { pid: parsed.pid, started: String(parsed.started ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

function removeIfUnchanged(file: string, content: string): void {
  if (readRaw(file) !== content) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid is taken: by the owner, unless it was reused by a process started later.
  const started = startIdentity(owner.pid);
  return owner.started === '' || started === '' || started === owner.started;
}

/** Field 22 of /proc/<pid>/stat: the process's start time since boot; '' off Linux or when unknown. */
function startIdentity(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}
