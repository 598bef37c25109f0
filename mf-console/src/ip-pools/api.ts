import type { IpPoolBody, IpPoolView, SendingIpView } from '@app/contract';
import { http } from '@app/shared';

/** The pool every account has: the server's default source address; it cannot be changed or deleted. */
export const defaultPoolId = 'default';

const path = (id: string) => `/ip-pools/${encodeURIComponent(id)}`;

export const listPools = () =>
  http.transactional.get<{ results: IpPoolView[] }>('/ip-pools').then((answer) => answer.results);

export const getPool = (id: string) =>
  http.transactional.get<{ results: IpPoolView }>(path(id)).then((answer) => answer.results);

export const createPool = (body: IpPoolBody) =>
  http.transactional
    .post<{ results: { id: string } }>('/ip-pools', body, { quiet: true })
    .then((answer) => answer.results.id);

export const updatePool = (id: string, body: IpPoolBody) =>
  http.transactional.put<{ results: IpPoolView }>(path(id), body, { quiet: true });

export const deletePool = (id: string) => http.transactional.delete<void>(path(id), { quiet: true });

/** The addresses this server can send from, with the pool each is in. */
export const listSendingIps = () =>
  http.transactional.get<{ results: SendingIpView[] }>('/sending-ips').then((answer) => answer.results);

/** Moves an address into a pool (out of the one that held it); `default` takes it out of every pool. */
export const moveSendingIp = (address: string, pool: string) =>
  http.transactional.put<{ results: { message: string } }>(
    `/sending-ips/${encodeURIComponent(address)}`,
    { ip_pool: pool },
    { quiet: true },
  );

/** "Name (id)", or the id alone when they are the same; "Default pool" for the default one. */
export const poolLabel = (pool: Pick<IpPoolView, 'id' | 'name'>) =>
  pool.id === defaultPoolId ? 'Default pool' : pool.name === pool.id ? pool.id : `${pool.name} (${pool.id})`;
