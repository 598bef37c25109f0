import type { SubaccountView } from '@app/contract';
import { http } from '@app/shared';

export interface IpPool {
  id: string;
  name: string;
}

export interface NewSubaccount {
  name: string;
  setup_api_key: boolean;
  key_label?: string;
  key_grants?: string[];
  key_valid_ips?: string[];
  ip_pool?: string;
}

export interface SubaccountCreated {
  subaccount_id: number;
  label?: string;
  key?: string;
  short_key?: string;
}

export interface SubaccountChanges {
  name?: string;
  status?: SubaccountView['status'];
  ip_pool?: string | null;
}

export const listSubaccounts = () =>
  http.transactional.get<{ results: SubaccountView[] }>('/subaccounts').then((answer) => answer.results);

export const getSubaccount = (id: number) =>
  http.transactional.get<{ results: SubaccountView }>(`/subaccounts/${id}`).then((answer) => answer.results);

export const createSubaccount = (body: NewSubaccount) =>
  http.transactional
    .post<{ results: SubaccountCreated }>('/subaccounts', body, { quiet: true })
    .then((answer) => answer.results);

export const updateSubaccount = (id: number, body: SubaccountChanges) =>
  http.transactional.put<{ results: { message: string } }>(`/subaccounts/${id}`, body, { quiet: true });

/** The account's IP pools (none offered when the call is refused: the field is then not shown). */
export const listIpPools = () =>
  http.transactional
    .get<{ results: IpPool[] }>('/ip-pools', { quiet: true })
    .then((answer) => answer.results)
    .catch(() => [] as IpPool[]);
