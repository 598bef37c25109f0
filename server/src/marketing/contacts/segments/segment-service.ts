import type {
  NewSegment,
  Segment,
  SegmentGroup,
  SegmentListAnswer,
  SegmentPatch,
} from '@app/contract/marketing/segments';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import type { CompanyDoor } from '../../company-door.ts';
import { type AudienceUsers, refuseWhileHeld } from '../audience/audience-users.ts';
import { isId } from '../entity-id.ts';
import { fieldStore } from '../field-store.ts';
import { segmentCompiler } from './segment-sql.ts';
import { type SegmentRow, segmentStore } from './segment-store.ts';

export type SegmentService = ReturnType<typeof createSegmentService>;

const notFound = () => new DomainError('entityNotFound', 'Segment not found', { field: 'id' });
const duplicate = (name: string) =>
  new DomainError('duplicate', 'A segment with this name already exists', { field: 'name', value: name });

const toSegment = (row: SegmentRow): Segment => ({
  id: row.id,
  name: row.name,
  rules: row.rules,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * §7 /contacts/segment: saved rules over the contact book. Rules are compiled against the company's
 * fields every time they are used (counted, listed, sent to), so a segment is never stale; saving
 * compiles them once to refuse what cannot run.
 */
export function createSegmentService(deps: {
  db: Db;
  clock: Clock;
  company: Pick<CompanyDoor, 'utcOffsetMinutes'>;
  /** What sends to segments: a delete asks it first (the routes' service has it; workers never delete). */
  audienceUsers?: AudienceUsers;
}) {
  const { db, clock, company } = deps;

  /** The compiled condition of `rules` for the company (refused when they name what it does not have). */
  const conditionOf = async (companyId: string, rules: SegmentGroup) => {
    const [fields, utcOffsetMinutes] = await Promise.all([
      fieldStore.list(db, companyId),
      company.utcOffsetMinutes(companyId),
    ]);
    const compile = segmentCompiler(fields, clock.now(), utcOffsetMinutes);
    compile(rules, []);
    return (params: unknown[]) => compile(rules, params);
  };

  const owned = async (companyId: string, id: string) => {
    const row = isId(id) ? await segmentStore.get(db, companyId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(
      companyId: string,
      query: { page: number; size: number; search?: string | undefined },
    ): Promise<SegmentListAnswer> {
      const { rows, total } = await segmentStore.page(db, companyId, query);
      return { items: rows.map(toSegment), total, page: query.page, size: query.size };
    },

    get: async (companyId: string, id: string) => toSegment(await owned(companyId, id)),

    async create(companyId: string, body: NewSegment): Promise<Segment> {
      await conditionOf(companyId, body.rules);
      const row = await segmentStore.insert(db, companyId, body, clock.now());
      if (!row) throw duplicate(body.name);
      return toSegment(row);
    },

    async update(companyId: string, id: string, patch: SegmentPatch): Promise<Segment> {
      await owned(companyId, id);
      if (patch.rules) await conditionOf(companyId, patch.rules);
      const row = await segmentStore.update(db, companyId, id, patch, clock.now()).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') throw duplicate(patch.name ?? '');
        throw error;
      });
      if (!row) throw notFound();
      return toSegment(row);
    },

    /** Deletes a segment no scheduled or sending campaign needs, dropping it from the others. */
    async remove(companyId: string, id: string): Promise<void> {
      if (!isId(id)) throw notFound();
      await refuseWhileHeld(deps.audienceUsers, companyId, 'segment', id);
      const removed = await db.transaction(async (tx) => {
        await deps.audienceUsers?.forget(tx, companyId, 'segment', id);
        return segmentStore.remove(tx, companyId, id);
      });
      if (!removed) throw notFound();
    },

    /** How many contacts meet the saved segment now. */
    count: async (companyId: string, id: string) =>
      segmentStore.count(db, companyId, await conditionOf(companyId, (await owned(companyId, id)).rules)),

    /** How many contacts meet rules being edited (the builder's live count). */
    countRules: async (companyId: string, rules: SegmentGroup) =>
      segmentStore.count(db, companyId, await conditionOf(companyId, rules)),

    /** The saved segment's condition, for the contact list's `segment` filter. */
    segmentCondition: async (companyId: string, id: string) =>
      conditionOf(companyId, (await owned(companyId, id)).rules),
  };
}
