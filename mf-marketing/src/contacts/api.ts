import type {
  ImportHistoryAnswer,
  ImportPrepared,
  ImportSetting,
  ImportStartBody,
  ImportStatus,
} from '@app/contract/marketing/contact-imports';
import type {
  Contact,
  ContactFields,
  ContactListAnswer,
  ContactListQuery,
  LabelListAnswer,
  NewContactBody,
} from '@app/contract/marketing/contacts';
import type { Segment, SegmentGroup, SegmentListAnswer } from '@app/contract/marketing/segments';
import { http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { sampleContactApi } from './sample-contacts.ts';

/** What the contact screens ask of the contact book: the server's, or the demo vendors' sample (§1). */
export interface ContactApi {
  list(query: ContactListQuery): Promise<ContactListAnswer>;
  create(body: NewContactBody): Promise<Contact>;
  fields(): Promise<ContactFields>;
  labels(): Promise<LabelListAnswer>;
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
}

const serverContactApi: ContactApi = {
  list: (query) => http.config.get<ContactListAnswer>(`/contacts?${listQueryString(query)}`),
  create: (body) => http.config.post<Contact>('/contacts', body, { quiet: true }),
  fields: () => http.config.get<ContactFields>('/contacts/field'),
  labels: () => http.config.get<LabelListAnswer>('/contacts/label?size=100&sort=name'),
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
  segments: () => http.config.get<SegmentListAnswer>('/contacts/segment?size=100'),
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
};

export const contactApi = (): ContactApi => (usesSampleData() ? sampleContactApi : serverContactApi);
