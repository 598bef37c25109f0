import type {
  IpPoolView,
  SubaccountCreateBody,
  SubaccountCreated,
  SubaccountUpdateBody,
  SubaccountView,
} from '@app/contract';
import { http } from '@app/shared';

export const listSubaccounts = () =>
  http.transactional.get<{ results: SubaccountView[] }>('/subaccounts').then((answer) => answer.results);

export const getSubaccount = (id: number) =>
  http.transactional.get<{ results: SubaccountView }>(`/subaccounts/${id}`).then((answer) => answer.results);

export const createSubaccount = (body: SubaccountCreateBody) =>
  http.transactional
    .post<{ results: SubaccountCreated }>('/subaccounts', body, { quiet: true })
    .then((answer) => answer.results);

export const updateSubaccount = (id: number, body: SubaccountUpdateBody) =>
  http.transactional.put<{ results: { message: string } }>(`/subaccounts/${id}`, body, { quiet: true });

/** The account's IP pools (none offered when the call is refused: the field is then not shown). */
export const listIpPools = () =>
  http.transactional
    .get<{ results: IpPoolView[] }>('/ip-pools', { quiet: true })
    .then((answer) => answer.results)
    .catch(() => [] as IpPoolView[]);
