import type { TemplateLabelEntry } from '@app/contract/marketing/templates';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { labelEntryOf, templateStore } from './template-store.ts';

const labelNotFound = () => new DomainError('entityNotFound', 'Label not found', { field: 'label' });
const labelExists = (name: string) =>
  new DomainError('validation', 'This label already exists', { field: 'name', value: name });

/**
 * §7 template labels (§5: letters, digits, spaces and hyphens, cleaned by the contract): the company's
 * list with counts; a rename or a delete changes every template that has the label.
 */
export function createTemplateLabels(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const labelNamed = async (companyId: string, name: string) => {
    const found = (await templateStore.labels(db, companyId)).find(
      (row) => row.name.toLowerCase() === name.toLowerCase(),
    );
    if (!found) throw labelNotFound();
    return labelEntryOf(found);
  };

  return {
    labels: async (companyId: string): Promise<TemplateLabelEntry[]> =>
      (await templateStore.labels(db, companyId)).map(labelEntryOf),

    async addLabel(companyId: string, name: string): Promise<TemplateLabelEntry> {
      if (await templateStore.labelNamed(db, companyId, name)) throw labelExists(name);
      await templateStore.ensureLabels(db, companyId, [name], clock.now());
      return labelNamed(companyId, name);
    },

    async renameLabel(companyId: string, labelId: string, name: string): Promise<TemplateLabelEntry> {
      const label = await templateStore.label(db, companyId, labelId);
      if (!label) throw labelNotFound();
      const other = await templateStore.labelNamed(db, companyId, name);
      if (other && other.id !== label.id) throw labelExists(name);
      await db.transaction((tx) => templateStore.renameLabel(tx, companyId, label.id, label.name, name));
      return labelNamed(companyId, name);
    },

    async removeLabel(companyId: string, labelId: string): Promise<void> {
      const label = await templateStore.label(db, companyId, labelId);
      if (!label) throw labelNotFound();
      await db.transaction((tx) => templateStore.removeLabel(tx, companyId, label.id, label.name));
    },
  };
}
