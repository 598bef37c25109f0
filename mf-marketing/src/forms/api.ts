import type { Form, FormBody, FormSubmissionRecord } from '@app/contract/marketing/forms';
import type { ListPage, ListParams } from '@app/contract/marketing/list';
import { http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { sampleFormApi } from './sample-forms.ts';

/** A form as the builder sends it (the server fills what is left out with its defaults). */
export type FormDraft = Omit<FormBody, 'settings'> & { settings: Partial<FormBody['settings']> };

/**
 * What the form screens ask (§7 /forms): the server's, or the demo vendors' sample (§1). The calls
 * marked quiet leave their refusal to the page, which shows it in place.
 */
export interface FormApi {
  list(query: ListParams): Promise<ListPage<Form>>;
  /** Quiet: a refusal names the field. */
  create(body: FormDraft): Promise<Form>;
  get(id: string): Promise<Form>;
  /** Quiet: a refusal names the field (components, settings.selectedSenderId...). */
  update(id: string, body: FormDraft): Promise<Form>;
  /** Quiet: a published form is refused (formPublished). */
  remove(id: string): Promise<void>;
  /** Quiet: the plan's limit, a missing validated sender or "already published" are shown in place. */
  publish(id: string, publish: boolean): Promise<Form>;
  submissions(id: string, query: { page: number; size: number }): Promise<ListPage<FormSubmissionRecord>>;
  /** The path of the submissions' CSV, for `downloadFile`. */
  csvPath(id: string): string;
  /** The path of a file a visitor attached to a submission, for `downloadFile`. */
  filePath(id: string, submissionId: string, fileId: string): string;
}

const path = (id: string) => `/forms/${encodeURIComponent(id)}`;
const quiet = { quiet: true };

const serverFormApi: FormApi = {
  list: (query) => http.config.get<ListPage<Form>>(`/forms?${listQueryString(query)}`),
  create: (body) => http.config.post<Form>('/forms', body, quiet),
  get: (id) => http.config.get<Form>(path(id)),
  update: (id, body) => http.config.put<Form>(path(id), body, quiet),
  remove: (id) => http.config.delete<void>(path(id), quiet),
  publish: (id, publish) => http.config.post<Form>(`${path(id)}/publish`, { publish }, quiet),
  submissions: (id, query) =>
    http.config.get<ListPage<FormSubmissionRecord>>(`${path(id)}/submissions?${listQueryString(query)}`),
  csvPath: (id) => `${path(id)}/submissions/export`,
  filePath: (id, submissionId, fileId) =>
    `${path(id)}/submissions/${encodeURIComponent(submissionId)}/files/${encodeURIComponent(fileId)}`,
};

export const formApi = (): FormApi => (usesSampleData() ? sampleFormApi : serverFormApi);
