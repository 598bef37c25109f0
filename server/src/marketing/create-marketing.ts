import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.ts';
import { designStore } from '../content/email-designs/design-store.ts';
import type { MediaStore } from '../content/media/media-store.ts';
import type { Db } from '../db/db.ts';
import type { MarketingEngine } from '../engine/interfaces.ts';
import type { AuthGuards } from '../http/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ReportError } from '../report-error.ts';
import type { CompanyDoor } from './company-door.ts';
import { contactRoutes } from './contacts/contact-routes.ts';
import { createContactService } from './contacts/contact-service.ts';
import { fieldRoutes } from './contacts/field-routes.ts';
import { createFieldService } from './contacts/field-service.ts';
import { importRoutes } from './contacts/imports/import-routes.ts';
import { createImportRunner } from './contacts/imports/import-runner.ts';
import { createImportService } from './contacts/imports/import-service.ts';
import { labelRoutes } from './contacts/label-routes.ts';
import { createLabelService } from './contacts/label-service.ts';
import { segmentRoutes } from './contacts/segments/segment-routes.ts';
import { createSegmentService } from './contacts/segments/segment-service.ts';
import { subscriptionRoutes } from './contacts/subscription/subscription-routes.ts';
import { createSubscriptionService } from './contacts/subscription/subscription-service.ts';
import { createSuppressionFollower } from './contacts/subscription/suppression-follower.ts';
import { fileRoutes } from './files/routes.ts';
import { senderRoutes } from './senders/routes.ts';
import { createSenderService, type SenderServiceDeps } from './senders/sender-service.ts';

export interface MarketingDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  guards: Pick<AuthGuards, 'full'>;
  /** The engine's doors for marketing; nothing else of the engine. */
  engine: MarketingEngine;
  media: MediaStore;
  company: CompanyDoor;
  /** The TXT records of a domain (the DNS resolver's `txt`): a sender's SPF is read live. */
  spfRecordsOf: SenderServiceDeps['spfRecordsOf'];
  /** Where contact import files wait for their import (under DATA_DIR). */
  importDir: string;
}

/**
 * The marketing half's composition root: each area's routes built from the engine's narrow
 * interfaces and the content stores, registered by the app under /v1 with the console session.
 */
export function marketingRoutes(deps: MarketingDeps): FastifyPluginAsyncZod[] {
  const { db, clock, mailer, publicUrl, guards, engine, media, spfRecordsOf, company, importDir } = deps;
  const segments = createSegmentService({ db, clock });
  const contacts = createContactService({
    db,
    clock,
    company,
    engine,
    segmentCondition: segments.segmentCondition,
  });
  return [
    fileRoutes({
      guards,
      media,
      publicUrl,
      designsUsing: (owner, id) => designStore.usingMedia(db, owner, id),
    }),
    senderRoutes({
      guards,
      senders: createSenderService({ db, clock, mailer, publicUrl, engine, spfRecordsOf, company }),
    }),
    contactRoutes({ guards, contacts }),
    segmentRoutes({ guards, segments }),
    subscriptionRoutes({
      guards,
      subscriptions: createSubscriptionService({ db, clock, company, engine, contacts }),
    }),
    fieldRoutes({ guards, fields: createFieldService({ db, clock, company }) }),
    labelRoutes({ guards, labels: createLabelService({ db, clock, company }) }),
    importRoutes({ guards, imports: createImportService({ db, clock, company, dir: importDir }) }),
  ];
}

const importsEveryMs = 1_000;
const purgeEveryMs = 10 * 60_000;
const followEveryMs = 2_000;

/**
 * The marketing half's background work, run by the worker processes: contact imports, one at a time
 * per process on their own promise (an import yields between slices); the engine's suppression list
 * followed into the contacts' statuses; the files of imports prepared but never started, removed
 * after a day. Returns a stop function.
 */
export function startMarketingWorkers(
  deps: Pick<MarketingDeps, 'db' | 'clock' | 'engine' | 'company'>,
  reportError: ReportError,
): () => Promise<void> {
  let stopping = false;
  const imports = createImportRunner({ ...deps, alive: () => !stopping });
  const suppressions = createSuppressionFollower(deps);
  let following: Promise<unknown> | undefined;
  const follow = () => {
    if (following) return;
    following = (async () => {
      while (!stopping && (await suppressions.runOnce()) > 0) {
        // keep going while the engine's list has changes
      }
    })()
      .catch((error: unknown) => reportError(error, 'following the suppression list failed'))
      .finally(() => {
        following = undefined;
      });
  };
  let importing: Promise<unknown> | undefined;
  const runImports = () => {
    if (importing) return;
    importing = (async () => {
      while (!stopping && (await imports.runDue()) > 0) {
        // keep going while imports are due
      }
    })()
      .catch((error: unknown) => reportError(error, 'contact import failed'))
      .finally(() => {
        importing = undefined;
      });
  };
  const purge = () => {
    imports
      .purgeUnstarted()
      .catch((error: unknown) => reportError(error, 'purging unstarted imports failed'));
  };
  const timers = [
    setInterval(runImports, importsEveryMs),
    setInterval(follow, followEveryMs),
    setInterval(purge, purgeEveryMs),
  ];
  return async () => {
    stopping = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all([importing, following]);
  };
}
