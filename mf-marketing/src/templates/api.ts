import type { ListPage, ListParams } from '@app/contract/marketing/list';
import type {
  Template,
  TemplateCategory,
  TemplateCreateBody,
  TemplateLabelEntry,
  TemplateType,
  TemplateUpdateBody,
  TemplateUse,
} from '@app/contract/marketing/templates';
import { http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { sampleTemplateApi } from './sample-templates.ts';

export interface TemplateListParams extends ListParams {
  type: TemplateType;
  featured?: boolean;
  templateLabels?: string;
}

/**
 * What the Template Manager asks (§7 /template): the server's, or the demo vendors' sample (§1).
 * The calls marked quiet leave their refusal to the screen, which shows it in place.
 */
export interface TemplateApi {
  list(query: TemplateListParams): Promise<ListPage<Template>>;
  get(id: string): Promise<Template>;
  /** Quiet: the plan's limit or a bad label is said in place. */
  create(body: TemplateCreateBody): Promise<Template>;
  /** Quiet. */
  update(id: string, body: TemplateUpdateBody): Promise<Template>;
  remove(id: string): Promise<void>;
  /** Quiet: the plan's limit of what it makes is said in place. */
  use(id: string, name?: string): Promise<TemplateUse>;
  preview(id: string): Promise<string>;
  /** Quiet: §7 change template of a page. */
  applyToPage(id: string, pageId: string): Promise<void>;
  /** Quiet. */
  share(id: string, email: string): Promise<void>;
  /** Quiet. */
  accept(token: string): Promise<Template>;
  labels(): Promise<TemplateLabelEntry[]>;
  /** Quiet. */
  renameLabel(id: string, name: string): Promise<TemplateLabelEntry>;
  removeLabel(id: string): Promise<void>;
  categories(type: TemplateType): Promise<{ category: TemplateCategory; label: string; count: number }[]>;
  /** Quiet: §7 a thumbnail image kept among the company's files; its address. */
  uploadThumbnail(file: File): Promise<string>;
}

const path = (id: string) => `/template/${encodeURIComponent(id)}`;
const quiet = { quiet: true };

const serverTemplateApi: TemplateApi = {
  async uploadThumbnail(file) {
    const form = new FormData();
    form.append('image', file, file.name);
    return (
      await http.config.upload<{ url: string }>('/media/template/thumbnail', form, () => undefined, quiet)
    ).url;
  },
  list: ({ featured, ...query }) =>
    http.config.get<ListPage<Template>>(
      `/template?${listQueryString({ ...query, featured: featured ? 'true' : undefined })}`,
    ),
  get: (id) => http.config.get<Template>(path(id)),
  create: (body) => http.config.post<Template>('/template', body, quiet),
  update: (id, body) => http.config.put<Template>(path(id), body, quiet),
  remove: (id) => http.config.delete<void>(path(id)),
  use: (id, name) => http.config.post<TemplateUse>(`${path(id)}/use`, name ? { name } : {}, quiet),
  preview: (id) => http.config.get<{ html: string }>(`${path(id)}/preview`).then((answer) => answer.html),
  applyToPage: (id, pageId) => http.config.post<void>(`${path(id)}/apply`, { pageId }, quiet),
  share: (id, email) => http.config.post<void>(`${path(id)}/share-by-email`, { email }, quiet),
  accept: (token) => http.config.post<Template>('/template/shared/accept', { token }, quiet),
  labels: () => http.config.get<TemplateLabelEntry[]>('/template/label'),
  renameLabel: (id, name) =>
    http.config.put<TemplateLabelEntry>(`/template/label/${encodeURIComponent(id)}`, { name }, quiet),
  removeLabel: (id) => http.config.delete<void>(`/template/label/${encodeURIComponent(id)}`),
  categories: (type) => http.config.get(`/template/category?type=${type}`),
};

export const templateApi = (): TemplateApi => (usesSampleData() ? sampleTemplateApi : serverTemplateApi);

/** Where a template is edited, by its kind (§2 template-page-compose, template-form-compose; email alike). */
export const templateComposePath = (template: { type: TemplateType; templateId: string }) =>
  `/template/${template.type}/compose/${encodeURIComponent(template.templateId)}`;

/** Where what a template made opens: the campaign, page or form composer. */
export const madeFromTemplatePath = (made: TemplateUse) =>
  made.type === 'email'
    ? `/campaign/${encodeURIComponent(made.id)}`
    : made.type === 'page'
      ? `/page/compose/${encodeURIComponent(made.id)}`
      : `/form/compose/${encodeURIComponent(made.id)}`;
