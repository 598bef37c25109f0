import { fsyncSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** What Emscripten's Node filesystem gives a file stream, as far as syncing needs. */
interface NodeStreams {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } };
}

/**
 * PGlite's Node filesystem with a working fsync. Emscripten's NODEFS has no fsync operation, so
 * PostgreSQL's fsync() returns success without reaching the disk (and fdatasync is a no-op in
 * Emscripten): with fsync=on and nothing else, a commit is still not durable (checked with strace:
 * no fsync system call at all). This adds the operation, so every fsync PostgreSQL asks for is one.
 */
class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        (mod as unknown as NodeStreams).NODEFS.stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * PGlite on `dataDir` (in memory when undefined). `fsync: false` is PGlite's own default (`-F`: a
 * commit survives a crash of the process, not a power loss). `fsync: true` drops `-F` and flushes the
 * WAL with fsync() (the one sync call the filesystem above implements) at every commit.
 */
export async function createPglite(dataDir: string | undefined, fsync: boolean): Promise<PGlite> {
  // Trigrams serve the Contact Book's "contains" search (migration 049).
  const extensions = { pg_trgm };
  if (dataDir === undefined) return PGlite.create({ extensions });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (!fsync) return PGlite.create(dataDir, { extensions });
  return PGlite.create({
    extensions,
    fs: new SyncingNodeFS(dataDir),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'wal_sync_method=fsync',
    ],
  });
}
