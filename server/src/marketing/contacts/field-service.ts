import {
  builtInFieldTags,
  type ContactField,
  type ContactFields,
  type NewField,
  sendFilledTags,
} from '@app/contract/marketing/contacts';
import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { CompanyDoor } from '../company-door.ts';
import { isId } from './entity-id.ts';
import { type FieldRow, fieldStore } from './field-store.ts';

export interface FieldServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
}

export type FieldService = ReturnType<typeof createFieldService>;

const builtInNames: Record<(typeof builtInFieldTags)[number], string> = {
  email: 'Email',
  firstname: 'First name',
  lastname: 'Last name',
  phone: 'Phone',
};

const builtInFields: ContactField[] = builtInFieldTags.map((tag) => ({
  id: tag,
  name: builtInNames[tag],
  tag,
  type: 'text',
  choices: null,
  builtIn: true,
  createdAt: null,
}));

const toField = (row: FieldRow): ContactField => ({
  id: row.id,
  name: row.name,
  tag: row.tag,
  type: row.type,
  choices: row.choices,
  builtIn: false,
  createdAt: row.created_at.toISOString(),
});

/** §5: a contact tag must not already be used on another field (§8 code 127). */
const tagUsed = (tag: string) =>
  new DomainError('contactTagUsed', `Tag ${tag} is already used by another field`, {
    field: 'tag',
    value: tag,
  });

const notFound = () => new DomainError('entityNotFound', 'Field not found', { field: 'id' });

/** The contact fields (§7 /contacts/field): the built-in ones and the company's custom ones. */
/** Tags a custom field may not take: the built-in fields' and those a campaign send fills in. */
const reservedTags = [...builtInFieldTags, ...sendFilledTags];

export function createFieldService(deps: FieldServiceDeps) {
  const { db, clock, company } = deps;

  return {
    list: async (companyId: string): Promise<ContactFields> => ({
      items: [...builtInFields, ...(await fieldStore.list(db, companyId)).map(toField)],
    }),

    /** Adds a custom field within the plan's customFieldLimit; its tag may be no other field's. */
    async create(companyId: string, body: NewField): Promise<ContactField> {
      if ((reservedTags as readonly string[]).includes(body.tag)) throw tagUsed(body.tag);
      return db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        const fields = await fieldStore.list(tx, companyId);
        if (fields.some((field) => field.tag === body.tag)) throw tagUsed(body.tag);
        await ensureWithinPlan(tx, companyId, {
          group: 'contacts',
          subFeature: 'customFieldLimit',
          used: fields.length,
        });
        const row = await fieldStore.insert(tx, { companyId, ...body, now: clock.now() });
        if (!row) throw tagUsed(body.tag);
        return toField(row);
      });
    },

    /** Removes a custom field and, in the same transaction, every contact's value of it. */
    async remove(companyId: string, id: string): Promise<void> {
      if (!isId(id)) throw notFound();
      await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        if (!(await fieldStore.remove(tx, companyId, id))) throw notFound();
      });
    },
  };
}
