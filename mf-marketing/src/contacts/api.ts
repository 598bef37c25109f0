import type { ContactExport, ContactExportBody } from '@app/contract/marketing/contact-exports';
import type {
  ImportHistoryAnswer,
  ImportPrepared,
  ImportSetting,
  ImportStartBody,
  ImportStatus,
} from '@app/contract/marketing/contact-imports';
import type {
  Contact,
  ContactField,
  ContactFields,
  ContactFilterBody,
  ContactListAnswer,
  ContactListQuery,
  ContactPatch,
  ContactTimeline,
  Label,
  LabelListAnswer,
  NewContactBody,
  NewFieldBody,
} from '@app/contract/marketing/contacts';
import type { Segment, SegmentGroup, SegmentListAnswer } from '@app/contract/marketing/segments';
import { dispatchApiOutcome, http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { everyPage } from './every-page.ts';
import { sampleContactApi } from './sample-contacts.ts';

/** What the contact screens ask of the contact book: the server's, or the demo vendors' sample (§1). */
export interface ContactApi {
  list(query: ContactListQuery): Promise<ContactListAnswer>;
  create(body: NewContactBody): Promise<Contact>;
  get(id: string): Promise<Contact>;
  update(id: string, body: ContactPatch): Promise<Contact>;
  remove(id: string): Promise<void>;
  /** A privacy request: deleted, and the address never mailed again. */
  erase(id: string): Promise<void>;
  /** Deletes every contact of a filter; answers how many went. */
  removeMany(filter: ContactFilterBody): Promise<number>;
  timeline(id: string): Promise<ContactTimeline>;
  /** The path of everything kept about one contact (JSON), for `downloadFile`. */
  dataPath(id: string): string;
  fields(): Promise<ContactFields>;
  createField(body: NewFieldBody): Promise<ContactField>;
  removeField(id: string): Promise<void>;
  labels(): Promise<LabelListAnswer>;
  createLabel(name: string): Promise<Label>;
  removeLabel(id: string): Promise<void>;
  prepareImport(file: File, onProgress: (sent: number) => void, signal: AbortSignal): Promise<ImportPrepared>;
  startImport(body: ImportStartBody): Promise<ImportStatus>;
  importStatus(id: string): Promise<ImportStatus>;
  importHistory(page: number): Promise<ImportHistoryAnswer>;
  importSetting(): Promise<ImportSetting>;
  /** The path of an import's rejected rows (CSV), for `downloadFile`. */
  rejectedRowsPath(id: string): string;
  segments(): Promise<SegmentListAnswer>;
  segmentCount(id: string): Promise<number>;
  /** The live count of rules being edited. */
  countSegment(rules: SegmentGroup): Promise<number>;
  createSegment(body: { name: string; rules: SegmentGroup }): Promise<Segment>;
  removeSegment(id: string): Promise<void>;
  unsubscribe(email: string): Promise<Contact>;
  resubscribe(email: string): Promise<Contact>;
  /** Starts an export (the §8 export notice shows); the file comes in a notification. */
  exportContacts(body: ContactExportBody): Promise<ContactExport>;
  contactExport(id: string): Promise<ContactExport>;
}

const serverContactApi: ContactApi = {
  list: (query) => http.config.get<ContactListAnswer>(`/contacts?${listQueryString(query)}`),
  create: (body) => http.config.post<Contact>('/contacts', body, { quiet: true }),
  get: (id) => http.config.get<Contact>(`/contacts/${encodeURIComponent(id)}`, { quiet: true }),
  update: (id, body) =>
    http.config.patch<Contact>(`/contacts/${encodeURIComponent(id)}`, body, { quiet: true }),
  remove: (id) => http.config.delete<void>(`/contacts/${encodeURIComponent(id)}`),
  erase: (id) => http.config.post<void>(`/contacts/${encodeURIComponent(id)}/erase`, {}),
  removeMany: (filter) =>
    http.config
      .post<{ deleted: number }>('/contacts/delete', { filter }, { quiet: true })
      .then((answer) => answer.deleted),
  timeline: (id) => http.config.get<ContactTimeline>(`/contacts/${encodeURIComponent(id)}/timeline`),
  dataPath: (id) => `/contacts/${encodeURIComponent(id)}/data`,
  fields: () => http.config.get<ContactFields>('/contacts/field'),
  createField: (body) => http.config.post<ContactField>('/contacts/field', body, { quiet: true }),
  removeField: (id) => http.config.delete<void>(`/contacts/field/${encodeURIComponent(id)}`),
  labels: () =>
    everyPage((page) => http.config.get<LabelListAnswer>(`/contacts/label?size=100&sort=name&page=${page}`)),
  createLabel: (name) => http.config.post<Label>('/contacts/label', { name }, { quiet: true }),
  removeLabel: (id) => http.config.delete<void>(`/contacts/label/${encodeURIComponent(id)}`),
  prepareImport(file, onProgress, signal) {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.config.upload<ImportPrepared>('/contacts/import/prepare', form, onProgress, {
      quiet: true,
      signal,
    });
  },
  startImport: (body) => http.config.post<ImportStatus>('/contacts/import/start', body, { quiet: true }),
  importStatus: (id) => http.config.get<ImportStatus>(`/contacts/import/status/${encodeURIComponent(id)}`),
  importHistory: (page) =>
    http.config.get<ImportHistoryAnswer>(`/contacts/import/history?page=${page}&size=10`),
  importSetting: () => http.config.get<ImportSetting>('/contacts/import/setting'),
  rejectedRowsPath: (id) => `/contacts/import/${encodeURIComponent(id)}/errors`,
  segments: () =>
    everyPage((page) => http.config.get<SegmentListAnswer>(`/contacts/segment?size=100&page=${page}`)),
  segmentCount: (id) =>
    http.config
      .get<{ count: number }>(`/contacts/segment/${encodeURIComponent(id)}/count`)
      .then((answer) => answer.count),
  countSegment: (rules) =>
    http.config
      .post<{ count: number }>('/contacts/segment/count', { rules }, { quiet: true })
      .then((answer) => answer.count),
  createSegment: (body) => http.config.post<Segment>('/contacts/segment', body, { quiet: true }),
  removeSegment: (id) => http.config.delete<void>(`/contacts/segment/${encodeURIComponent(id)}`),
  unsubscribe: (email) => http.config.post<Contact>('/contacts/unsubscribe', { email }, { quiet: true }),
  resubscribe: (email) => http.config.post<Contact>('/contacts/resubscribe', { email }, { quiet: true }),
  async exportContacts(body) {
    const path = '/contacts/export';
    const job = await http.config.post<ContactExport>(path, body, { quiet: true });
    await dispatchApiOutcome({ status: 202, method: 'POST', url: path });
    return job;
  },
  contactExport: (id) =>
    http.config.get<ContactExport>(`/contacts/export/${encodeURIComponent(id)}`, { quiet: true }),
};

export const contactApi = (): ContactApi => (usesSampleData() ? sampleContactApi : serverContactApi);
