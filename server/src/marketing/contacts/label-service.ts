import type {
  Label,
  LabelListAnswer,
  LabelListFilter,
  labelSortFields,
  NewLabel,
} from '@app/contract/marketing/contacts';
import { sortOf } from '@app/contract/marketing/list';
import type { Clock } from '../../clock.ts';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { CompanyDoor } from '../company-door.ts';
import { type AudienceUsers, refuseWhileHeld } from './audience/audience-users.ts';
import { isId } from './entity-id.ts';
import { createLabelStore, type LabelRow } from './label-store.ts';

export interface LabelServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  /** What sends to labels: a delete asks it first. */
  audienceUsers?: AudienceUsers;
}

export type LabelService = ReturnType<typeof createLabelService>;

const toLabel = (row: LabelRow): Label => ({
  id: row.id,
  name: row.name,
  members: row.members,
  createdAt: row.created_at.toISOString(),
});

const notFound = () => new DomainError('entityNotFound', 'Label not found', { field: 'id' });
const duplicate = (name: string) =>
  new DomainError('duplicate', 'A label with this name already exists', { field: 'name', value: name });

/** The contact labels (§7 /contacts/label): static lists whose member counts are exact. */
export function createLabelService(deps: LabelServiceDeps) {
  const { db, clock, company } = deps;
  const labels = createLabelStore(db);

  /** Runs `change` on the company's label `id` under the company lock; 404 when there is none. */
  const changing = async (
    companyId: string,
    id: string,
    change: (tx: Db) => Promise<LabelRow | undefined>,
  ): Promise<Label> => {
    if (!isId(id)) throw notFound();
    const row = await db.transaction(async (tx) => {
      await company.lock(tx, companyId);
      return change(tx);
    });
    if (!row) throw notFound();
    return toLabel(row);
  };

  return {
    async list(companyId: string, query: LabelListFilter): Promise<LabelListAnswer> {
      const { rows, total } = await labels.page(companyId, {
        page: query.page,
        size: query.size,
        search: query.search,
        sort: sortOf<(typeof labelSortFields)[number]>(query.sort),
      });
      return { items: rows.map(toLabel), total, page: query.page, size: query.size };
    },

    async create(companyId: string, body: NewLabel): Promise<Label> {
      const row = await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        return labels.insert(tx, companyId, body.name, clock.now());
      });
      if (!row) throw duplicate(body.name);
      return toLabel(row);
    },

    rename: (companyId: string, id: string, body: NewLabel) =>
      changing(companyId, id, (tx) =>
        labels.rename(tx, companyId, id, body.name).catch((error: unknown) => {
          throw isUniqueViolation(error) ? duplicate(body.name) : error;
        }),
      ),

    /** Deletes a label no scheduled or sending campaign needs, dropping it from the others. */
    async remove(companyId: string, id: string): Promise<void> {
      if (isId(id)) await refuseWhileHeld(deps.audienceUsers, companyId, 'label', id);
      await changing(companyId, id, async (tx) => {
        await deps.audienceUsers?.forget(tx, companyId, 'label', id);
        return labels.remove(tx, companyId, id);
      });
    },

    /** The label and the ids of its contacts (at most `limit`); 404 for another company's. */
    async withMembers(companyId: string, id: string, limit: number) {
      const row = isId(id) ? await labels.get(db, companyId, id) : undefined;
      if (!row) throw notFound();
      return { label: toLabel(row), contactIds: await labels.memberIds(db, companyId, id, limit) };
    },

    /** The company's labels among `ids` (others ignored), by name. */
    named: (companyId: string, ids: readonly string[]) => labels.named(db, companyId, ids.filter(isId)),

    addMembers: (companyId: string, id: string, contactIds: readonly string[]) =>
      changing(companyId, id, (tx) => labels.addMembers(tx, companyId, id, contactIds, clock.now())),

    removeMembers: (companyId: string, id: string, contactIds: readonly string[]) =>
      changing(companyId, id, (tx) => labels.removeMembers(tx, companyId, id, contactIds)),
  };
}
