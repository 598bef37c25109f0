import type { Contact, ContactField, ContactStatus } from '@app/contract/marketing/contacts';
import { ApiError } from '@app/shared';
import type { ContactApi } from './api.ts';

const day = 24 * 60 * 60 * 1000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 10, 20) - daysAgo * day).toISOString();

const labels = [
  { id: 'label-1', name: 'Newsletter', members: 4, createdAt: at(90) },
  { id: 'label-2', name: 'Loyal customers', members: 2, createdAt: at(60) },
];

const fields: ContactField[] = [
  ...(['email', 'firstname', 'lastname', 'phone'] as const).map((tag) => ({
    id: tag,
    name: { email: 'Email', firstname: 'First name', lastname: 'Last name', phone: 'Phone' }[tag],
    tag,
    type: 'text' as const,
    choices: null,
    builtIn: true,
    createdAt: null,
  })),
  {
    id: 'field-1',
    name: 'City',
    tag: 'city',
    type: 'text',
    choices: null,
    builtIn: false,
    createdAt: at(80),
  },
];

const person = (
  id: number,
  email: string,
  firstname: string,
  lastname: string,
  status: ContactStatus,
  labelIds: string[],
  daysAgo: number,
): Contact => ({
  id: `contact-${id}`,
  email,
  firstname,
  lastname,
  phone: null,
  status,
  source: daysAgo > 30 ? 'import' : 'form',
  consent: { at: at(daysAgo), source: daysAgo > 30 ? 'import customers.csv' : 'form Newsletter' },
  fields: { city: ['Lisbon', 'Leeds', 'Lyon', 'Leipzig'][id % 4] ?? 'Lisbon' },
  labels: labels
    .filter((label) => labelIds.includes(label.id))
    .map(({ id: labelId, name }) => ({ id: labelId, name })),
  createdAt: at(daysAgo),
  updatedAt: at(daysAgo),
  lastOpenAt: status === 'subscribed' ? at(2) : null,
  lastClickAt: null,
});

/** A demo home-goods shop's contact book. */
let contacts: Contact[] = [
  person(1, 'ines.costa@example.com', 'Inês', 'Costa', 'subscribed', ['label-1', 'label-2'], 3),
  person(2, 'tom.baker@example.com', 'Tom', 'Baker', 'subscribed', ['label-1'], 12),
  person(3, 'amelie.roux@example.com', 'Amélie', 'Roux', 'unsubscribed', ['label-1'], 40),
  person(4, 'jonas.weber@example.com', 'Jonas', 'Weber', 'subscribed', ['label-1', 'label-2'], 55),
  person(5, 'sara.lind@example.com', 'Sara', 'Lind', 'bounced', [], 70),
  person(6, 'kofi.mensah@example.com', 'Kofi', 'Mensah', 'pending', [], 1),
];

const importNeedsServer = 'Importing contacts needs your own server: this demo shows sample contacts';
const demoOnly = (message = 'This needs your own server: this demo shows sample contacts') =>
  new ApiError(message, 400, undefined, false);

function setStatus(email: string, status: ContactStatus): Contact {
  const found = contacts.find((contact) => contact.email === email);
  if (!found) throw new ApiError('Contact not found', 404, undefined, false);
  found.status = status;
  return found;
}

/** The sample contact book: reading, adding; imports are refused with why. */
export const sampleContactApi: ContactApi = {
  async list(query) {
    const search = (query.search ?? '').toLowerCase();
    const statuses = (query.status ?? '').split(',').filter(Boolean);
    const matching = contacts.filter(
      (contact) =>
        (search === '' ||
          [contact.email, contact.firstname, contact.lastname].some((text) =>
            text?.toLowerCase().includes(search),
          )) &&
        (statuses.length === 0 || statuses.includes(contact.status)) &&
        (!query.label || contact.labels.some((label) => label.id === query.label)),
    );
    const page = Number(query.page ?? 1);
    const size = Number(query.size ?? 10);
    return { items: matching.slice((page - 1) * size, page * size), total: matching.length, page, size };
  },
  async create(body) {
    const email = body.email.trim().toLowerCase();
    if (contacts.some((contact) => contact.email === email)) {
      throw new ApiError(
        'This contact already exists',
        409,
        { code: 'duplicate', payload: { field: 'email' } },
        false,
      );
    }
    const contact: Contact = {
      ...person(
        contacts.length + 1,
        email,
        body.firstname ?? '',
        body.lastname ?? '',
        'subscribed',
        body.labels ?? [],
        0,
      ),
      phone: body.phone ?? null,
      source: 'console',
    };
    contacts = [contact, ...contacts];
    return contact;
  },
  get: async (id) => {
    const found = contacts.find((contact) => contact.id === id);
    if (!found) throw new ApiError('Contact not found', 404, undefined, false);
    return found;
  },
  update: async () => {
    throw demoOnly();
  },
  remove: async () => {
    throw demoOnly();
  },
  erase: async () => {
    throw demoOnly();
  },
  removeMany: async () => {
    throw demoOnly();
  },
  timeline: async (id) => {
    const found = contacts.find((contact) => contact.id === id);
    return {
      items: found
        ? [
            {
              at: found.createdAt,
              type: 'contact_created',
              subject: '',
              campaignId: '',
              detail: found.source,
            },
          ]
        : [],
    };
  },
  dataPath: (id) => `/contacts/${id}/data`,
  fields: async () => ({ items: fields }),
  createField: async () => {
    throw demoOnly();
  },
  removeField: async () => {
    throw demoOnly();
  },
  createLabel: async () => {
    throw demoOnly();
  },
  removeLabel: async () => {
    throw demoOnly();
  },
  labels: async () => ({ items: labels, total: labels.length, page: 1, size: 100 }),
  prepareImport: async () => {
    throw demoOnly(importNeedsServer);
  },
  startImport: async () => {
    throw demoOnly(importNeedsServer);
  },
  importStatus: async () => {
    throw demoOnly(importNeedsServer);
  },
  importHistory: async () => ({ items: [], total: 0, page: 1, size: 10 }),
  importSetting: async () => ({ mode: 'upsert', emptyCells: 'keep' }),
  rejectedRowsPath: (id) => `/contacts/import/${id}/errors`,
  segments: async () => ({ items: [], total: 0, page: 1, size: 100 }),
  segmentCount: async () => 0,
  countSegment: async () => {
    throw demoOnly();
  },
  createSegment: async () => {
    throw demoOnly('Segments need your own server: this demo shows sample contacts');
  },
  removeSegment: async () => undefined,
  unsubscribe: async (email) => setStatus(email, 'unsubscribed'),
  resubscribe: async (email) => setStatus(email, 'subscribed'),
  exportContacts: async () => {
    throw demoOnly();
  },
  contactExport: async () => {
    throw demoOnly();
  },
};
