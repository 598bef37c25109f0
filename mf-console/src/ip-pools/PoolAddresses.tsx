import type { IpPoolView, SendingIpView } from '@app/contract';
import { defaultPoolId } from './api.ts';

/**
 * A pool's addresses; the default pool's are those in no other pool (with none at all, mail leaves
 * from the server's own default address).
 */
export function PoolAddresses({ pool, ips }: { pool: IpPoolView; ips: readonly SendingIpView[] }) {
  const addresses =
    pool.id === defaultPoolId
      ? ips.filter((ip) => ip.ip_pool === defaultPoolId).map((ip) => ip.external_ip)
      : pool.ips.map((ip) => ip.external_ip);
  if (addresses.length === 0) {
    return (
      <span className="muted">
        {pool.id === defaultPoolId ? "The server's default address" : 'No address yet'}
      </span>
    );
  }
  return <span>{addresses.join(', ')}</span>;
}
