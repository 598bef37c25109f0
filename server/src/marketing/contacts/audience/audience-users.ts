import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';

export type AudienceKind = 'label' | 'segment';

/**
 * What sends to labels and segments (campaigns; later automations), asked before one is deleted:
 * the contacts module knows it only through this.
 */
export interface AudienceUsers {
  /** The names of what sends to (or leaves out) it and cannot let it go now: scheduled, going out, held. */
  holding(companyId: string, kind: AudienceKind, id: string): Promise<string[]>;
  /** Drops it from everything else that names it, in the delete's transaction. */
  forget(tx: Db, companyId: string, kind: AudienceKind, id: string): Promise<void>;
}

/** Refuses the delete of a label or segment that a scheduled or sending campaign still needs. */
export async function refuseWhileHeld(
  users: AudienceUsers | undefined,
  companyId: string,
  kind: AudienceKind,
  id: string,
): Promise<void> {
  const names = (await users?.holding(companyId, kind, id)) ?? [];
  if (names.length > 0) {
    throw new DomainError(
      'state',
      `The ${kind} is used by campaigns that are scheduled or going out: ${names.join(', ')}. Cancel them first`,
      { field: 'id', value: id },
    );
  }
}
