import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ReportError } from '../../report-error.ts';
import type { MediaStore } from './media-store.ts';

/**
 * Moves the files uploaded before the file store out of the database, one at a time, in the
 * background after the server starts (a migration cannot write files); until moved, each is served
 * from its row. `stop` waits for the file being moved.
 */
export function startLegacyMediaMove(media: Pick<MediaStore, 'moveOneLegacy'>, report: ReportError) {
  let stopped = false;
  const moving = (async () => {
    try {
      while (!stopped && (await media.moveOneLegacy())) await nextTurn();
    } catch (error) {
      if (!stopped)
        report(error, 'moving stored files to MEDIA_DIR stopped; the rest move at the next start');
    }
  })();
  return {
    async stop(): Promise<void> {
      stopped = true;
      await moving;
    },
  };
}
