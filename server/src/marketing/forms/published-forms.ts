import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { createNotifiedCache, type NotifiedCache } from '../../db/notified-cache.ts';
import { type FormRow, formStore } from './form-store.ts';

/**
 * The published forms the public side reads on every visitor's request (definition, challenge,
 * submit), kept a few seconds per process: the form service announces each change (edit, publish,
 * unpublish, delete), which drops the form here at once and in every other process at commit. Its
 * submission count is not trusted from here: a form with a limit counts afresh (`formStore.submissionCount`).
 */
export type PublishedForms = NotifiedCache<FormRow | null>;

export const createPublishedForms = (db: Db, clock: Clock): PublishedForms =>
  createNotifiedCache(
    db,
    clock,
    { channel: 'form_changed', ttlMs: 5_000 },
    async (id) => (await formStore.published(db, id)) ?? null,
  );
