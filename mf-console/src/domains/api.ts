import type {
  DkimKeyView,
  SendingDomainSummary,
  SendingDomainVerifyBody,
  SendingDomainVerifyResult,
  SendingDomainView,
  TrackingDomainVerifyResult,
  TrackingDomainView,
  UnverifiedSpfDomain,
} from '@app/contract';
import { http } from '@app/shared';

// The domain pages' calls: the SparkPost-compatible `/api/v1` (answers whole, `{results}`) and the
// console's `/v1/domain/sending/unverified-spf`.

const path = (domain: string) => encodeURIComponent(domain);
const quiet = { quiet: true };

export const listSendingDomains = async () =>
  (await http.transactional.get<{ results: SendingDomainSummary[] }>('/sending-domains')).results;

export const getSendingDomain = async (domain: string) =>
  (await http.transactional.get<{ results: SendingDomainView }>(`/sending-domains/${path(domain)}`)).results;

/** The domain's DKIM keys, its own (default) first. */
export const listDkimKeys = async (domain: string) =>
  (await http.transactional.get<{ results: DkimKeyView[] }>(`/sending-domains/${path(domain)}/dkim-keys`))
    .results;

/** Quiet: the add form shows the engine's reason under the field. */
export const createSendingDomain = (domain: string) =>
  http.transactional.post<unknown>('/sending-domains', { domain }, quiet);

export const verifySendingDomain = async (domain: string, kinds: SendingDomainVerifyBody) =>
  (
    await http.transactional.post<{ results: SendingDomainVerifyResult }>(
      `/sending-domains/${path(domain)}/verify`,
      kinds,
    )
  ).results;

export const makeDefaultBounceDomain = (domain: string, isDefault: boolean) =>
  http.transactional.put<unknown>(`/sending-domains/${path(domain)}`, {
    is_default_bounce_domain: isDefault,
  });

export const deleteSendingDomain = (domain: string) =>
  http.transactional.delete<unknown>(`/sending-domains/${path(domain)}`);

export const unverifiedSpf = () => http.config.get<UnverifiedSpfDomain[]>('/domain/sending/unverified-spf');

export const listTrackingDomains = async () =>
  (await http.transactional.get<{ results: TrackingDomainView[] }>('/tracking-domains')).results;

export const getTrackingDomain = async (domain: string) =>
  (await http.transactional.get<{ results: TrackingDomainView }>(`/tracking-domains/${path(domain)}`))
    .results;

export const createTrackingDomain = (domain: string, secure: boolean) =>
  http.transactional.post<unknown>('/tracking-domains', { domain, secure }, quiet);

export const updateTrackingDomain = (domain: string, change: { secure?: boolean; default?: boolean }) =>
  http.transactional.put<unknown>(`/tracking-domains/${path(domain)}`, change);

export const verifyTrackingDomain = async (domain: string) =>
  (
    await http.transactional.post<{ results: TrackingDomainVerifyResult }>(
      `/tracking-domains/${path(domain)}/verify`,
      {},
    )
  ).results;

export const deleteTrackingDomain = (domain: string) =>
  http.transactional.delete<unknown>(`/tracking-domains/${path(domain)}`);
