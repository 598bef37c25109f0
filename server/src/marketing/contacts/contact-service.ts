import type { CampaignReportType } from '@app/contract/marketing/campaign-messages';
import {
  builtInFieldTags,
  type Contact,
  type ContactBulkDelete,
  type ContactFilterBody,
  type ContactListAnswer,
  type ContactListFilter,
  type ContactPatch,
  type ContactStatus,
  type ContactTimelineEntry,
  type contactSortFields,
  largeContactDelete,
  type NewContact,
  searchCountCap,
} from '@app/contract/marketing/contacts';
import { sortOf } from '@app/contract/marketing/list';
import { ensureWithinLimit, planLimitOf } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import { type Db, isUniqueViolation } from '../../db/db.ts';
import { DomainError, invalidField } from '../../domain-error.ts';
import type { MarketingEngine } from '../../engine/interfaces.ts';
import type { CompanyDoor } from '../company-door.ts';
import {
  type ContactConsent,
  type ContactFilter,
  type ContactPageQuery,
  type ContactRow,
  createContactStore,
} from './contact-store.ts';
import { isId } from './entity-id.ts';
import { erasureStore } from './erasure-store.ts';
import { fieldStore } from './field-store.ts';
import { fieldValuesOf, valuesByTag } from './field-values.ts';
import { createLabelStore } from './label-store.ts';
import { unmailableAmong } from './unmailable.ts';

export interface ContactServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  engine: Pick<MarketingEngine, 'suppressedForMarketing' | 'addressEvents'>;
  /** The saved segment's compiled condition (the list's `segment` filter). */
  segmentCondition: (companyId: string, id: string) => Promise<(params: unknown[]) => string>;
  /** The recipients of one report type of a campaign (the `campaign` and `report` filter). */
  reportCondition: (
    companyId: string,
    campaignId: string,
    type: CampaignReportType,
  ) => Promise<(params: unknown[]) => string>;
}

export type ContactService = ReturnType<typeof createContactService>;

/** Where a new contact comes from, the status it starts with and the consent it gave. */
export interface ContactOrigin {
  source: string;
  status: Extract<ContactStatus, 'subscribed' | 'pending'>;
  consent: ContactConsent;
}

const consoleOrigin = (now: Date): ContactOrigin => ({
  source: 'console',
  status: 'subscribed',
  consent: { at: now.toISOString(), source: 'console', text: 'Added by a team member in the console' },
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Contacts a bulk delete removes in one transaction. */
const deleteSlice = 5000;
/** The engine events a contact's timeline shows. */
const timelineEvents = 100;

const notFound = () => new DomainError('entityNotFound', 'Contact not found', { field: 'contact' });
const duplicate = (email: string) =>
  new DomainError('duplicate', 'A contact with this email already exists', { field: 'email', value: email });
const labelNotFound = (id: string) =>
  new DomainError('entityNotFound', 'Label not found', { field: 'labels', value: id });

/** The contact book's contacts (§7 /contacts): add, read, change, delete, find by email. */
export function createContactService(deps: ContactServiceDeps) {
  const { db, clock, company } = deps;
  const contacts = createContactStore(db);
  const labels = createLabelStore(db);

  /** The answers of `rows`, with their fields by tag and their labels. */
  const answers = async (tx: Db, companyId: string, rows: ContactRow[]): Promise<Contact[]> => {
    if (rows.length === 0) return [];
    const fields = await fieldStore.list(tx, companyId);
    const memberships = await labels.labelsOf(
      tx,
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      phone: row.phone,
      status: row.status,
      source: row.source,
      consent: row.consent,
      fields: valuesByTag(fields, row.fields),
      labels: memberships
        .filter((membership) => membership.contact_id === row.id)
        .map(({ id, name }) => ({ id, name })),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      lastOpenAt: iso(row.last_open_at),
      lastClickAt: iso(row.last_click_at),
    }));
  };

  const answer = async (tx: Db, companyId: string, row: ContactRow) =>
    (await answers(tx, companyId, [row]))[0] as Contact;

  /**
   * The plan's contact `limit`, checked once a new contact is inserted in `tx` (under the company lock):
   * the kept counts, which hold it already, answer whatever the book's size.
   */
  const ensureRoomForInserted = async (tx: Db, companyId: string, limit: number) => {
    ensureWithinLimit(limit, {
      group: 'contacts',
      subFeature: 'contactLimit',
      used: limit === -1 ? 0 : (await contacts.countOfStatuses(companyId, [], tx)) - 1,
    });
  };

  const ensureLabelsOwned = async (tx: Db, companyId: string, ids: readonly string[]) => {
    if (ids.length === 0) return;
    const owned = new Set(await labels.owned(tx, companyId, ids));
    const missing = ids.find((id) => !owned.has(id));
    if (missing !== undefined) throw labelNotFound(missing);
  };

  async function getContact(companyId: string, id: string): Promise<Contact> {
    const row = isId(id) ? await contacts.get(db, companyId, id) : undefined;
    if (!row) throw notFound();
    return answer(db, companyId, row);
  }

  /** The field of a tag (built in or custom) as the store filters on it. */
  async function fieldEqualsOf(
    companyId: string,
    tag: string,
    value: string,
  ): Promise<ContactFilter['fieldEquals']> {
    if ((builtInFieldTags as readonly string[]).includes(tag)) {
      return { column: tag as (typeof builtInFieldTags)[number], value };
    }
    const field = (await fieldStore.list(db, companyId)).find((custom) => custom.tag === tag);
    if (!field) throw invalidField('field', 'No field of the contact book has this tag', tag);
    return { column: { fieldId: field.id }, value };
  }

  /** The Contact Book's filter as the store reads it: the segment compiled, the field found by its tag. */
  async function storeFilterOf(companyId: string, filter: ContactFilterBody): Promise<ContactFilter> {
    const { segment, field, value, campaign, report, ...rest } = filter;
    if ((field === undefined) !== (value === undefined)) {
      throw invalidField(field === undefined ? 'field' : 'value', 'A field filter takes a field and a value');
    }
    if ((campaign === undefined) !== (report === undefined)) {
      throw invalidField(
        campaign === undefined ? 'campaign' : 'report',
        'A report filter takes a campaign and one of its report types',
      );
    }
    const conditions = [
      ...(segment ? [await deps.segmentCondition(companyId, segment)] : []),
      ...(campaign && report ? [await deps.reportCondition(companyId, campaign, report)] : []),
    ];
    return {
      ...rest,
      condition:
        conditions.length === 0
          ? undefined
          : (params) => conditions.map((condition) => `(${condition(params)})`).join(' AND '),
      fieldEquals:
        field !== undefined && value !== undefined ? await fieldEqualsOf(companyId, field, value) : undefined,
    };
  }

  /**
   * How many contacts `filter` holds, from kept counts where they answer it (no count over the rows): a
   * label alone by its member count, the whole book or some statuses by the status counts.
   */
  async function totalOf(companyId: string, filter: ContactFilter): Promise<{ total: number }> {
    const { label, status, ...rest } = filter;
    const narrows = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));
    if (Object.values(rest).some(narrows) || (label && narrows(status)))
      return { total: await contacts.count(companyId, filter) };
    if (label) return { total: (await labels.get(db, companyId, label))?.members ?? 0 };
    return { total: await contacts.countOfStatuses(companyId, status) };
  }

  /**
   * A search's count and page. Its matches are found once, up to the cap (a tenth of a million contacts
   * matching costs ~170 ms to count exactly, every match's row read again; the capped read a tenth of
   * that). When they are all the matches, the page is read from them by id rather than by a second pass
   * of the search index (about 30 ms at a million contacts, and on PGlite's one connection the two
   * passes ran one after the other).
   */
  async function searched(
    companyId: string,
    filter: ContactFilter,
    pageQuery: Pick<ContactPageQuery, 'page' | 'size' | 'sort'>,
  ): Promise<[{ total: number; totalCapped?: true }, ContactRow[]]> {
    const { count, ids } = await contacts.matchesUpToCap(companyId, filter, searchCountCap);
    if (ids === null)
      return [
        { total: searchCountCap, totalCapped: true },
        await contacts.page(companyId, { ...pageQuery, ...filter }),
      ];
    return [{ total: count }, await contacts.page(companyId, { ...pageQuery, ids })];
  }

  async function lookupContact(companyId: string, email: string): Promise<Contact | undefined> {
    const row = await contacts.byEmail(db, companyId, email);
    return row && answer(db, companyId, row);
  }

  /**
   * Adds a contact, from the console unless `origin` says otherwise (a form's sign-up: pending until
   * confirmed), subscribed (unsubscribed when its address is on the company's marketing suppression
   * list: only a resubscribe lifts that); the plan's contact limit is checked under the company lock.
   */
  async function add(
    companyId: string,
    body: NewContact,
    origin: ContactOrigin = consoleOrigin(clock.now()),
  ): Promise<ContactRow> {
    // Asked before the transaction, both at once: the engine answers on its own connection, and the
    // company lock is held for as few round trips as can be (form sign-ups of one company queue on it).
    const [unmailableOnes, limit] = await Promise.all([
      unmailableAmong(db, deps.engine, companyId, [body.email]),
      planLimitOf(db, companyId, 'contacts', 'contactLimit'),
    ]);
    const unmailable = unmailableOnes.get(body.email.toLowerCase());
    return db.transaction(async (tx) => {
      const { fields: sent = {}, labels: labelIds = [], ...columns } = body;
      await company.lock(tx, companyId);
      const fields =
        Object.keys(sent).length === 0 ? {} : fieldValuesOf(await fieldStore.list(tx, companyId), sent);
      await ensureLabelsOwned(tx, companyId, labelIds);
      const now = clock.now();
      const row = await contacts.insert(tx, {
        ...columns,
        companyId,
        source: origin.source,
        fields,
        now,
        status: unmailable ?? origin.status,
        consent: origin.consent,
      });
      // A second address is told so before the plan is asked; a contact past the plan is undone.
      if (!row) throw duplicate(body.email);
      await ensureRoomForInserted(tx, companyId, limit);
      if (labelIds.length > 0) await labels.setContactLabels(tx, companyId, row.id, labelIds, now);
      return row;
    });
  }

  return {
    refreshStatistics: contacts.refreshStatistics,

    async list(companyId: string, query: ContactListFilter): Promise<ContactListAnswer> {
      const { page, size, sort: _sort, ...filter } = query;
      const storeFilter = await storeFilterOf(companyId, filter);
      const pageQuery = { page, size, sort: sortOf<(typeof contactSortFields)[number]>(query.sort) };
      // Otherwise the count and the page at once: on PostgreSQL each on its own connection.
      const [counted, rows] = storeFilter.search
        ? await searched(companyId, storeFilter, pageQuery)
        : await Promise.all([
            totalOf(companyId, storeFilter),
            contacts.page(companyId, { ...pageQuery, ...storeFilter }),
          ]);
      return { items: await answers(db, companyId, rows), ...counted, page: query.page, size: query.size };
    },

    /** The contacts of `filter` in id order, `size` at a time (a segment read once, at the start): what an export writes. */
    async *inPages(companyId: string, filter: ContactFilterBody, size: number): AsyncGenerator<Contact[]> {
      const found = await storeFilterOf(companyId, filter);
      let after = '0';
      for (;;) {
        const rows = await contacts.after(companyId, found, after, size);
        const last = rows.at(-1);
        if (!last) return;
        yield await answers(db, companyId, rows);
        if (rows.length < size) return;
        after = last.id;
      }
    },

    /** {@link add}, answering the contact as the API shows it. */
    async create(companyId: string, body: NewContact): Promise<Contact> {
      return answer(db, companyId, await add(companyId, body));
    },

    /** {@link add} from elsewhere than the console (a form's sign-up): the new contact's id only. */
    add: async (companyId: string, body: NewContact, origin: ContactOrigin) =>
      (await add(companyId, body, origin)).id,

    get: getContact,

    /** The contact with this address, if the company has one. */
    lookup: lookupContact,

    async find(companyId: string, email: string): Promise<Contact> {
      const found = await lookupContact(companyId, email);
      if (!found) throw notFound();
      return found;
    },

    /** The oldest contact whose field of the tag `field` holds exactly `value` (a customer number...). */
    async findByField(companyId: string, field: string, value: string): Promise<Contact> {
      const rows = await contacts.page(companyId, {
        page: 1,
        size: 1,
        fieldEquals: await fieldEqualsOf(companyId, field, value),
        sort: { column: 'createdAt', descending: false },
      });
      const [row] = rows;
      if (!row) throw notFound();
      return answer(db, companyId, row);
    },

    /** Changes what the patch names; `labels` become the contact's labels, field values set or removed (null). */
    async update(companyId: string, id: string, patch: ContactPatch): Promise<Contact> {
      if (!isId(id)) throw notFound();
      const { fields: sent, labels: labelIds, ...columns } = patch;
      return db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        const fields = sent && fieldValuesOf(await fieldStore.list(tx, companyId), sent);
        if (labelIds) await ensureLabelsOwned(tx, companyId, labelIds);
        const now = clock.now();
        const row = await contacts
          .update(tx, companyId, id, { ...columns, ...(fields ? { fields } : {}), now })
          .catch((error: unknown) => {
            throw isUniqueViolation(error) && columns.email ? duplicate(columns.email) : error;
          });
        if (!row) throw notFound();
        if (labelIds) await labels.setContactLabels(tx, companyId, id, labelIds, now);
        return answer(tx, companyId, row);
      });
    },

    /** Deletes a contact; the labels it was in count one member less. */
    async remove(companyId: string, id: string): Promise<void> {
      if (!isId(id)) throw notFound();
      await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        await labels.leaveAll(tx, companyId, [id]);
        if ((await contacts.remove(tx, companyId, [id])).length === 0) throw notFound();
      });
    },

    /**
     * A privacy request: deletes the contact and keeps only a hash of its address, with the status it
     * leaves with, so marketing never mails it again (added later, it comes back unsubscribed, bounced
     * or complained; imported, unsubscribed). The engine's suppression entries stay: its own sends
     * (the API, SMTP) go on skipping the address.
     */
    async erase(companyId: string, id: string): Promise<void> {
      const contact = await getContact(companyId, id);
      const status =
        contact.status === 'bounced' || contact.status === 'complained' ? contact.status : 'unsubscribed';
      await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        await labels.leaveAll(tx, companyId, [id]);
        await contacts.remove(tx, companyId, [id]);
        if (contact.email) await erasureStore.add(tx, companyId, contact.email, status, clock.now());
      });
    },

    /**
     * Deletes the contacts named, or every contact of a filter, in slices of {@link deleteSlice} (each
     * its own transaction, so a million never holds one lock for long); more than
     * {@link largeContactDelete} only for a company with the large contact delete toggle. Answers how
     * many went.
     */
    async removeMany(companyId: string, body: ContactBulkDelete): Promise<number> {
      const filter = 'ids' in body ? { ids: body.ids } : await storeFilterOf(companyId, body.filter);
      const total = await contacts.count(companyId, filter);
      if (total > largeContactDelete && !(await company.toggles(companyId)).includes('largeContactDelete')) {
        throw new DomainError(
          'notAuthorized',
          `Deleting more than ${largeContactDelete.toLocaleString('en-US')} contacts at once needs the large contact delete option. Narrow the filter, or ask your administrator to turn it on.`,
          { feature: 'Contacts', subfeature: 'largeContactDelete' },
        );
      }
      // Only the contacts there are now: one an import adds meanwhile is not deleted unseen.
      const upTo = { ...filter, upToId: await contacts.lastId(companyId) };
      let deleted = 0;
      let after = '0';
      for (;;) {
        const ids = (await contacts.after(companyId, upTo, after, deleteSlice)).map((row) => row.id);
        const last = ids.at(-1);
        if (last === undefined) return deleted;
        after = last;
        await db.transaction(async (tx) => {
          await company.lock(tx, companyId);
          await labels.leaveAll(tx, companyId, ids);
          deleted += (await contacts.remove(tx, companyId, ids)).length;
        });
        if (ids.length < deleteSlice) return deleted;
      }
    },

    /**
     * What happened to the contact, newest first: the engine's events of mail to its address
     * (sends, deliveries, opens, clicks, bounces, unsubscribes), the labels it joined, when it came in.
     */
    async timeline(companyId: string, id: string): Promise<ContactTimelineEntry[]> {
      const contact = await getContact(companyId, id);
      const [events, joined] = await Promise.all([
        contact.email ? deps.engine.addressEvents(companyId, contact.email, timelineEvents) : [],
        labels.joinedOf(db, companyId, id),
      ]);
      const entries: ContactTimelineEntry[] = [
        ...events.map((event) => ({
          at: event.at.toISOString(),
          type: event.type,
          subject: event.subject,
          campaignId: event.campaignId,
          detail: event.detail,
        })),
        ...joined.map((label) => ({
          at: label.added_at.toISOString(),
          type: 'label_added',
          subject: '',
          campaignId: '',
          detail: label.name,
        })),
        {
          at: contact.createdAt,
          type: 'contact_created',
          subject: '',
          campaignId: '',
          detail: contact.source,
        },
      ];
      return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    },
  };
}
