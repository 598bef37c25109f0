import {
  maxVoucherCodes,
  type NewVoucherList,
  type VoucherList,
  voucherMessages,
} from '@app/contract/marketing/vouchers';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { DomainError } from '../../../domain-error.ts';
import type { ContactService } from '../../contacts/contact-service.ts';
import { isId } from '../../contacts/entity-id.ts';
import type { LabelService } from '../../contacts/label-service.ts';
import { type VoucherListRow, voucherStore } from './voucher-store.ts';

const toList = (row: VoucherListRow): VoucherList => ({
  id: row.id,
  name: row.name,
  labelId: row.label_id,
  prefix: row.prefix,
  codes: row.codes,
  createdAt: row.created_at.toISOString(),
});

const notFound = () => new DomainError('entityNotFound', 'Voucher list not found', { field: 'id' });

export type VoucherService = ReturnType<typeof createVoucherService>;

/** §7 /utils/vouchers: lists of codes generated for a recipient label, one for each of its contacts. */
export function createVoucherService(deps: {
  db: Db;
  clock: Clock;
  labels: Pick<LabelService, 'withMembers'>;
  contacts: Pick<ContactService, 'lookup'>;
}) {
  const { db, clock } = deps;

  const owned = async (companyId: string, id: string) => {
    const row = isId(id) ? await voucherStore.get(db, companyId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  return {
    list: async (companyId: string) => ({ items: (await voucherStore.list(db, companyId)).map(toList) }),

    /** A code for each contact of the label (§5: the label first). */
    async create(companyId: string, body: NewVoucherList): Promise<VoucherList> {
      if (!body.labelId)
        throw new DomainError('validation', voucherMessages.labelFirst, { field: 'labelId' });
      const { label, contactIds } = await deps.labels.withMembers(
        companyId,
        body.labelId,
        maxVoucherCodes + 1,
      );
      if (contactIds.length > maxVoucherCodes) {
        throw new DomainError('validation', voucherMessages.tooMany, {
          field: 'labelId',
          value: label.members,
        });
      }
      const row = await db.transaction((tx) =>
        voucherStore.create(tx, companyId, {
          name: body.name,
          labelId: body.labelId ?? '',
          prefix: body.prefix,
          contactIds,
          now: clock.now(),
        }),
      );
      return toList(row);
    },

    /** One contact's code, or §8's "Contact not found in target recipient label". */
    async find(companyId: string, id: string, email: string): Promise<{ email: string; code: string }> {
      const list = await owned(companyId, id);
      const contact = await deps.contacts.lookup(companyId, email);
      const code = contact ? await voucherStore.codeOf(db, list.id, contact.id) : undefined;
      if (!contact?.email || !code) {
        throw new DomainError('entityNotFound', voucherMessages.notInLabel, { field: 'email', value: email });
      }
      return { email: contact.email, code };
    },

    /** Deletes the list; campaigns that used it go on without codes. */
    async remove(companyId: string, id: string): Promise<void> {
      await owned(companyId, id);
      await voucherStore.remove(db, companyId, id);
    },

    /** Refuses a list that is not the company's (a campaign's choice). */
    check: async (companyId: string, id: string | null) => {
      if (id !== null) await owned(companyId, id);
    },
  };
}
