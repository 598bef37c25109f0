import type { ListParams } from '@app/contract/marketing/list';
import type {
  NewSender,
  Sender,
  SenderDomain,
  SenderDomains,
  SenderListAnswer,
  SenderSuggestion,
  SenderUsage,
  SenderValidated,
} from '@app/contract/marketing/senders';
import { http, usesSampleData } from '@app/shared';
import { listQueryString } from '../lists/list-query.ts';
import { sampleSenderApi } from './sample-senders.ts';

/**
 * What the senders screens ask (§7 /senders): the server's, or the sample set of the demo vendors (§1).
 * The calls marked quiet leave their refusal to the page, which shows it in place.
 */
export interface SenderApi {
  list(query: ListParams): Promise<SenderListAnswer>;
  /** Quiet: the company's sending domains, with whether each is verified and its SPF too. */
  domains(): Promise<SenderDomain[]>;
  /** Quiet: a refusal about the address carries `payload.field` 'email'. */
  create(body: NewSender): Promise<Sender>;
  /** Mails a new confirmation link; the previous one stops working. */
  revalidate(id: string): Promise<Sender>;
  makeDefault(id: string): Promise<Sender>;
  remove(id: string): Promise<void>;
  /** Quiet: whether the sender's domain is usable now and, if not, why and addresses that would be. */
  suggestion(id: string): Promise<SenderSuggestion>;
  /** Quiet: what uses the sender, asked before a delete. */
  usage(id: string): Promise<SenderUsage>;
  /** Quiet, public (the mailed link, no session): confirms the sender with the link's token. */
  validate(id: string, token: string): Promise<SenderValidated>;
}

const path = (id: string) => `/senders/${encodeURIComponent(id)}`;
const quiet = { quiet: true };

const serverSenderApi: SenderApi = {
  list: (query) => http.config.get<SenderListAnswer>(`/senders?${listQueryString(query)}`),
  domains: () => http.config.get<SenderDomains>('/senders/domain', quiet).then((answer) => answer.items),
  create: (body) => http.config.post<Sender>('/senders', body, quiet),
  revalidate: (id) => http.config.post<Sender>(`${path(id)}/revalidate`),
  makeDefault: (id) => http.config.post<Sender>(`${path(id)}/default`),
  remove: (id) => http.config.delete<void>(path(id)),
  suggestion: (id) =>
    http.config.get<SenderSuggestion>(`/senders/suggestion/${encodeURIComponent(id)}`, quiet),
  usage: (id) => http.config.get<SenderUsage>(`${path(id)}/usage`, quiet),
  validate: (id, token) => http.config.post<SenderValidated>(`${path(id)}/validate`, { token }, quiet),
};

export const senderApi = (): SenderApi => (usesSampleData() ? sampleSenderApi : serverSenderApi);
