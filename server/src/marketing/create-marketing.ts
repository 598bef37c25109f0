import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { designStore } from '../content/email-designs/design-store.ts';
import type { MediaStore } from '../content/media/media-store.ts';
import type { Db } from '../db/db.ts';
import type { MarketingEngine } from '../engine/interfaces.ts';
import type { AuthGuards } from '../http/auth.ts';
import { fileRoutes } from './files/routes.ts';

export interface MarketingDeps {
  db: Db;
  publicUrl: string;
  guards: Pick<AuthGuards, 'full'>;
  /** The engine's doors for marketing; nothing else of the engine. */
  engine: MarketingEngine;
  media: MediaStore;
}

/**
 * The marketing half's composition root: each area's routes built from the engine's narrow
 * interfaces and the content stores, registered by the app under /v1 with the console session.
 */
export function marketingRoutes(deps: MarketingDeps): FastifyPluginAsyncZod[] {
  const { db, publicUrl, guards, media } = deps;
  return [
    fileRoutes({
      guards,
      media,
      publicUrl,
      designsUsing: (owner, id) => designStore.usingMedia(db, owner, id),
    }),
  ];
}
