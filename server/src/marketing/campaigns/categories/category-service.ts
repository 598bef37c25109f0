import type { CampaignCategory, CampaignCategoryBody } from '@app/contract/marketing/campaign-categories';
import type { Clock } from '../../../clock.ts';
import { type Db, isUniqueViolation } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import { isId } from '../../contacts/entity-id.ts';
import { type CategoryRow, categoryStore } from './category-store.ts';

export type CategoryService = ReturnType<typeof createCategoryService>;

const toCategory = (row: CategoryRow): CampaignCategory => ({
  id: row.id,
  name: row.name,
  campaigns: row.campaigns,
  createdAt: row.created_at.toISOString(),
});

const notFound = () => new DomainError('entityNotFound', 'Category not found', { field: 'id' });
const duplicate = (name: string) =>
  new DomainError('duplicate', 'A category with this name already exists', { field: 'name', value: name });

/** §2 Campaign Category: the company's names for sorting its campaigns. */
export function createCategoryService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const answer = async (companyId: string, id: string) => {
    const row = await categoryStore.get(db, companyId, id);
    if (!row) throw notFound();
    return toCategory(row);
  };
  const named = <T>(name: string, write: Promise<T>) =>
    write.catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate(name) : error;
    });
  return {
    list: async (companyId: string) => ({ items: (await categoryStore.list(db, companyId)).map(toCategory) }),

    async create(companyId: string, body: CampaignCategoryBody): Promise<CampaignCategory> {
      const { id } = await named(body.name, categoryStore.insert(db, companyId, body.name, clock.now()));
      return answer(companyId, id);
    },

    async rename(companyId: string, id: string, body: CampaignCategoryBody): Promise<CampaignCategory> {
      if (!isId(id)) throw notFound();
      const renamed = await named(body.name, categoryStore.rename(db, companyId, id, body.name));
      if (!renamed) throw notFound();
      return answer(companyId, id);
    },

    async remove(companyId: string, id: string): Promise<void> {
      if (!isId(id) || !(await categoryStore.remove(db, companyId, id))) throw notFound();
    },

    /** Refuses a category that is not the company's (a campaign's `categoryId`). */
    async check(companyId: string, id: string | null): Promise<void> {
      if (id !== null && !(isId(id) && (await categoryStore.get(db, companyId, id)))) {
        throw new DomainError('entityNotFound', 'Category not found', { field: 'categoryId', value: id });
      }
    },
  };
}
