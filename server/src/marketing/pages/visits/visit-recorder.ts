import { createHash } from 'node:crypto';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import type { ReportError } from '../../../report-error.ts';
import { type Visit, visitStore } from './visit-store.ts';

export interface VisitRecorder {
  /** Counts one view of a published page; written with others a moment later, never on the visitor's time. */
  record(pageId: string, visitor: { ip: string; userAgent: string }): void;
  /** Writes what waits (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** At most this many views wait in memory; beyond it a view is dropped rather than memory grown. */
const maxWaiting = 50_000;
const flushEveryMs = 1_000;

/**
 * Page views, batched: one INSERT a second however busy the sites are. A visitor is a hash of the
 * address and browser salted with the day and the server's secret: counted once a day, never kept.
 */
export function createVisitRecorder(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  countryOf(ip: string): string;
  reportError: ReportError;
}): VisitRecorder {
  let waiting: Visit[] = [];
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (waiting.length === 0) return writing;
    const batch = waiting;
    waiting = [];
    writing = writing
      .then(() => visitStore.insert(deps.db, batch))
      .catch((error: unknown) => deps.reportError(error, 'page visits'));
    return writing;
  };
  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    record(pageId, visitor) {
      if (waiting.length >= maxWaiting) return;
      const at = deps.clock.now();
      const day = at.toISOString().slice(0, 10);
      const hash = createHash('sha256')
        .update(`${deps.secret}\n${day}\n${visitor.ip}\n${visitor.userAgent}`)
        .digest('base64url')
        .slice(0, 22);
      waiting.push({ pageId, at, visitor: hash, country: deps.countryOf(visitor.ip) });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
