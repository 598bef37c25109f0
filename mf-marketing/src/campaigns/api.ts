import type { CampaignCategory, CampaignCategoryList } from '@app/contract/marketing/campaign-categories';
import type { CampaignReportType } from '@app/contract/marketing/campaign-messages';
import type {
  CampaignReport,
  CampaignReportLinks,
  CampaignReportRecipients,
  CampaignTimeline,
} from '@app/contract/marketing/campaign-reports';
import type {
  AbReport,
  Campaign,
  CampaignListAnswer,
  CampaignPatch,
  CampaignReadiness,
  CampaignTestBody,
} from '@app/contract/marketing/campaigns';
import type { ListParams } from '@app/contract/marketing/list';
import type { NewVoucherList, VoucherList, VoucherLists } from '@app/contract/marketing/vouchers';
import { http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import type { CampaignKind } from './campaign-kind.ts';
import { sampleCampaignApi } from './sample-campaigns.ts';

/**
 * What the campaign screens ask (§7 /email-marketing): the server's, or the demo vendors' sample (§1).
 * The calls marked quiet leave their refusal to the page, which shows it in place.
 */
export interface CampaignApi {
  /** The company's plain campaigns (§7 /email-marketing) or its A/B tests (§7 /ab-test). */
  list(query: ListParams, kind: CampaignKind): Promise<CampaignListAnswer>;
  /** A new draft; an A/B test starts with a version B to fill in. */
  create(name: string, kind: CampaignKind): Promise<Campaign>;
  get(id: string): Promise<Campaign>;
  /** Where it stands, without its content (polled while it waits or goes out). */
  status(id: string): Promise<CampaignListAnswer['items'][number]>;
  /** Quiet: a draft's changes (a refusal names the field). */
  update(id: string, patch: CampaignPatch): Promise<Campaign>;
  remove(id: string): Promise<void>;
  duplicate(id: string): Promise<Campaign>;
  /** Quiet: the contacts the saved recipients reach now, each once. */
  countRecipients(id: string): Promise<number>;
  /** What the saved campaign still lacks before Send is offered. */
  readiness(id: string): Promise<CampaignReadiness>;
  /** Quiet: the campaign as it stands, "[Test]" first in its subject, to the addresses given. */
  sendTest(id: string, body: CampaignTestBody): Promise<number>;
  /** Quiet: now, or at "YYYY-MM-DD HH:mm" in the team's time zone. */
  send(id: string, schedule?: string): Promise<Campaign>;
  pause(id: string): Promise<Campaign>;
  resume(id: string): Promise<Campaign>;
  cancel(id: string): Promise<Campaign>;
  cancelSchedule(id: string): Promise<Campaign>;
  /** The path of the campaign's HTML as a file, for `downloadFile` (§6 htmlDownload toggle). */
  htmlPath(id: string): string;
  categories(): Promise<CampaignCategoryList>;
  /** Quiet: a refusal (a name taken) is shown on the form. */
  createCategory(name: string): Promise<CampaignCategory>;
  /** Quiet, as createCategory. */
  renameCategory(id: string, name: string): Promise<CampaignCategory>;
  removeCategory(id: string): Promise<void>;
  /** The totals of a campaign's report (recipients, each counted once a kind). */
  report(id: string): Promise<CampaignReport>;
  /** The first 48 hours after the send started, hour by hour. */
  reportTimeline(id: string): Promise<CampaignTimeline>;
  /** The links people clicked, most clicked first. */
  reportLinks(id: string): Promise<CampaignReportLinks>;
  /** One page of the recipients of a report type, latest first. */
  reportRecipients(id: string, type: CampaignReportType, page: number): Promise<CampaignReportRecipients>;
  /** The company's voucher lists (§7 /utils/vouchers), newest first. */
  voucherLists(): Promise<VoucherLists>;
  /** Quiet: a code for each contact of the label (a refusal is shown on the form). */
  createVoucherList(body: NewVoucherList): Promise<VoucherList>;
  /** An A/B test's versions side by side, and what the test decided. */
  abReport(id: string): Promise<AbReport>;
  /** §4 pick winner: while the test waits, the version (0 = A) the rest receives now. */
  pickWinner(id: string, version: number): Promise<AbReport>;
}

const path = (id: string) => `/email-marketing/${encodeURIComponent(id)}`;
const abPath = (id: string) => `/ab-test/${encodeURIComponent(id)}`;
const listPath = (kind: CampaignKind) => (kind === 'ab' ? '/ab-test' : '/email-marketing');
const quiet = { quiet: true };

const serverCampaignApi: CampaignApi = {
  list: (query, kind) => http.config.get<CampaignListAnswer>(`${listPath(kind)}?${listQueryString(query)}`),
  create: (name, kind) => http.config.post<Campaign>(listPath(kind), { name }, quiet),
  get: (id) => http.config.get<Campaign>(path(id), quiet),
  status: (id) => http.config.get<CampaignListAnswer['items'][number]>(`${path(id)}/status`, quiet),
  update: (id, patch) => http.config.patch<Campaign>(path(id), patch, quiet),
  remove: (id) => http.config.delete<void>(path(id)),
  duplicate: (id) => http.config.post<Campaign>(`${path(id)}/duplicate`, {}),
  countRecipients: (id) =>
    http.config
      .post<{ count: number }>(`${path(id)}/count-recipient`, {}, quiet)
      .then((answer) => answer.count),
  readiness: (id) => http.config.get<CampaignReadiness>(`${path(id)}/ready`),
  sendTest: (id, body) =>
    http.config.post<{ sent: number }>(`${path(id)}/send-test-v2`, body, quiet).then((answer) => answer.sent),
  send: (id, schedule) =>
    http.config.post<Campaign>(`${path(id)}/send`, schedule === undefined ? {} : { schedule }, quiet),
  pause: (id) => http.config.post<Campaign>(`${path(id)}/pause`, {}),
  resume: (id) => http.config.post<Campaign>(`${path(id)}/resume`, {}),
  cancel: (id) => http.config.post<Campaign>(`${path(id)}/cancel`, {}),
  cancelSchedule: (id) => http.config.post<Campaign>(`${path(id)}/cancel-schedule`, {}),
  htmlPath: (id) => `${path(id)}/html`,
  categories: () => http.config.get<CampaignCategoryList>('/email-marketing/category'),
  createCategory: (name) => http.config.post<CampaignCategory>('/email-marketing/category', { name }, quiet),
  renameCategory: (id, name) =>
    http.config.patch<CampaignCategory>(
      `/email-marketing/category/${encodeURIComponent(id)}`,
      { name },
      quiet,
    ),
  removeCategory: (id) => http.config.delete<void>(`/email-marketing/category/${encodeURIComponent(id)}`),
  report: (id) => http.config.get<CampaignReport>(`/email-marketing/reports/${encodeURIComponent(id)}`),
  reportLinks: (id) =>
    http.config.get<CampaignReportLinks>(`/email-marketing/reports/${encodeURIComponent(id)}/links`),
  reportRecipients: (id, type, page) =>
    http.config.get<CampaignReportRecipients>(
      `/email-marketing/reports/${encodeURIComponent(id)}/${type}?page=${page}&size=10`,
    ),
  voucherLists: () => http.config.get<VoucherLists>('/utils/vouchers'),
  createVoucherList: (body) => http.config.post<VoucherList>('/utils/vouchers', body, quiet),
  reportTimeline: (id) =>
    http.config.get<CampaignTimeline>(`/email-marketing/reports/${encodeURIComponent(id)}/timeline`),
  abReport: (id) => http.config.get<AbReport>(`${abPath(id)}/report`),
  pickWinner: (id, version) => http.config.post<AbReport>(`${abPath(id)}/pick-winner`, { version }),
};

export const campaignApi = (): CampaignApi => (usesSampleData() ? sampleCampaignApi : serverCampaignApi);
