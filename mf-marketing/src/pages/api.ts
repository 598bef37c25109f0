import type { ListPage, ListParams } from '@app/contract/marketing/list';
import type { PageDomain, PageDomainList, PageIntegrations } from '@app/contract/marketing/page-domains';
import type {
  Page,
  PageCategory,
  PageCreateBody,
  PageReport,
  PageUpdateBody,
  PermalinkCheck,
} from '@app/contract/marketing/pages';
import { downloadFile, http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { samplePageApi } from './sample-pages.ts';

export interface PageListParams extends ListParams {
  category?: PageCategory;
}

/**
 * What the page screens ask (§7 /pages, /domains): the server's, or the demo vendors' sample (§1).
 * The calls marked quiet leave their refusal to the page, which shows it in place.
 */
export interface PageApi {
  list(query: PageListParams): Promise<ListPage<Page>>;
  /** Quiet: "This URL already exists" is shown on the permalink. */
  create(body: PageCreateBody): Promise<Page>;
  get(id: string): Promise<Page>;
  /** Quiet: a refusal names the field. */
  update(id: string, body: PageUpdateBody): Promise<Page>;
  remove(ids: readonly string[]): Promise<void>;
  /** Quiet: the plan's limit or unpublished forms (§8 48) are shown in place. */
  publish(id: string, publish: boolean): Promise<Page>;
  setDefault(id: string, value: boolean): Promise<Page>;
  setDefault404(id: string, value: boolean): Promise<Page>;
  share(id: string, share: boolean): Promise<Page>;
  duplicate(id: string): Promise<Page>;
  checkPermalink(permalink: string, pageId?: string): Promise<PermalinkCheck>;
  report(id: string, range: { start: string; end: string }): Promise<PageReport>;
  /** Saves the report's CSV (the browser's save dialog). */
  exportReport(id: string, range: { start: string; end: string }): Promise<unknown>;
  sites(): Promise<PageDomainList>;
  /** Quiet: "This slug is already taken". */
  setSlug(slug: string): Promise<PageDomainList>;
  /** Quiet. */
  addDomain(name: string): Promise<PageDomain>;
  /** Quiet: the record not found yet is said in place. */
  verifyDomain(id: string): Promise<PageDomain>;
  setDefaultDomain(id: string): Promise<PageDomain>;
  /** Quiet: why the ACME server refused is said in place. */
  generateSsl(id: string): Promise<PageDomain>;
  removeDomain(id: string): Promise<void>;
  integrations(): Promise<PageIntegrations>;
  /** Quiet: a malformed id is said on its field. */
  setIntegrations(settings: PageIntegrations): Promise<PageIntegrations>;
}

const path = (id: string) => `/pages/${encodeURIComponent(id)}`;
const domainPath = (id: string) => `/domains/${encodeURIComponent(id)}`;
const rangeQuery = (range: { start: string; end: string }) =>
  `start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`;
const quiet = { quiet: true };

const serverPageApi: PageApi = {
  list: (query) => http.config.get<ListPage<Page>>(`/pages?${listQueryString(query)}`),
  create: (body) => http.config.post<Page>('/pages', body, quiet),
  get: (id) => http.config.get<Page>(path(id)),
  update: (id, body) => http.config.put<Page>(path(id), body, quiet),
  remove: (ids) => http.config.delete<void>(`/pages?ids=${ids.map(encodeURIComponent).join(',')}`),
  publish: (id, publish) => http.config.post<Page>(`${path(id)}/publish`, { publish }, quiet),
  setDefault: (id, value) => http.config.post<Page>(`${path(id)}/default`, { value }),
  setDefault404: (id, value) => http.config.post<Page>(`${path(id)}/default-404`, { value }),
  share: (id, share) => http.config.post<Page>(`${path(id)}/share`, { share }),
  duplicate: (id) => http.config.post<Page>(`${path(id)}/duplicate`, {}),
  checkPermalink: (permalink, pageId) =>
    http.config.get<PermalinkCheck>(
      `/pages/permalink/check?permalink=${encodeURIComponent(permalink)}${pageId ? `&pageId=${encodeURIComponent(pageId)}` : ''}`,
    ),
  report: (id, range) => http.config.get<PageReport>(`${path(id)}/reports?${rangeQuery(range)}`),
  exportReport: (id, range) => downloadFile(`${path(id)}/reports/export?${rangeQuery(range)}`),
  sites: () => http.config.get<PageDomainList>('/domains'),
  setSlug: (slug) => http.config.put<PageDomainList>('/domains/slug', { slug }, quiet),
  addDomain: (name) => http.config.post<PageDomain>('/domains', { name }, quiet),
  verifyDomain: (id) => http.config.post<PageDomain>(`${domainPath(id)}/verify`, {}, quiet),
  setDefaultDomain: (id) => http.config.post<PageDomain>(`${domainPath(id)}/default`, {}),
  generateSsl: (id) => http.config.post<PageDomain>(`${domainPath(id)}/ssl`, {}, quiet),
  removeDomain: (id) => http.config.delete<void>(domainPath(id)),
  integrations: () => http.config.get<PageIntegrations>('/pages/integrations'),
  setIntegrations: (settings) => http.config.put<PageIntegrations>('/pages/integrations', settings, quiet),
};

export const pageApi = (): PageApi => (usesSampleData() ? samplePageApi : serverPageApi);
