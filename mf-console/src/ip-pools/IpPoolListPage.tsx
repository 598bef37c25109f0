import type { IpPoolView, SendingIpView, SubaccountView } from '@app/contract';
import {
  AppLink,
  consoleFeature,
  DataTable,
  EmptyState,
  LinkButton,
  LoadStatus,
  Page,
  Panel,
  roleAllows,
  useLoad,
} from '@app/shared';
import { listSubaccounts } from '../subaccounts/api.ts';
import { defaultPoolId, listPools, listSendingIps, poolLabel } from './api.ts';
import { MoveAddressForm } from './MoveAddressForm.tsx';
import { PoolAddresses } from './PoolAddresses.tsx';
import { SubaccountPoolForm } from './SubaccountPoolForm.tsx';

interface PoolData {
  pools: IpPoolView[];
  ips: SendingIpView[];
  subaccounts: SubaccountView[];
}

const loadAll = (withSubaccounts: boolean): Promise<PoolData> =>
  Promise.all([
    listPools(),
    listSendingIps(),
    withSubaccounts ? listSubaccounts() : Promise.resolve([]),
  ]).then(([pools, ips, subaccounts]) => ({ pools, ips, subaccounts }));

/** /ip-pool: the account's pools and their addresses, moving an address, and each subaccount's pool. */
export function IpPoolListPage() {
  const withSubaccounts = consoleFeature('subaccount');
  const data = useLoad(() => loadAll(withSubaccounts), [withSubaccounts]);
  const create = (
    <LinkButton to="/ip-pool/create" variant="primary">
      Create IP pool
    </LinkButton>
  );

  const columns = [
    {
      key: 'name',
      label: 'Pool',
      render: (pool: IpPoolView) => (
        <AppLink to={`/ip-pool/${encodeURIComponent(pool.id)}`}>{poolLabel(pool)}</AppLink>
      ),
    },
    {
      key: 'ips',
      label: 'Sending IPs',
      render: (pool: IpPoolView) => <PoolAddresses pool={pool} ips={data.data?.ips ?? []} />,
    },
    {
      key: 'signing',
      label: 'Signing domain',
      secondary: true,
      render: (pool: IpPoolView) => pool.signing_domain ?? '—',
    },
    {
      key: 'overflow',
      label: 'Overflow pool',
      secondary: true,
      render: (pool: IpPoolView) => pool.auto_warmup_overflow_pool ?? '—',
    },
  ];

  return (
    <Page
      title="IP Pool"
      description="Group this server's sending addresses into pools, so that kinds of mail (marketing, transactional) or subaccounts leave from addresses of their own."
      actions={create}
    >
      <LoadStatus
        loaded={data}
        lines={5}
        loading="Loading IP pools ..."
        failed="The IP pools could not be loaded"
      />
      {data.data ? (
        <>
          <Panel title="Pools">
            <DataTable label="IP pools" columns={columns} rows={data.data.pools} rowKey={(pool) => pool.id} />
            {data.data.pools.length === 1 ? (
              <EmptyState title="Only the default pool so far" action={create}>
                Mail that names no pool leaves from the default pool. Create a pool to give a kind of mail or
                a subaccount addresses of its own.
              </EmptyState>
            ) : null}
          </Panel>
          <Panel title="Sending IPs">
            <DataTable
              label="Sending IPs"
              columns={[
                { key: 'ip', label: 'Address', render: (ip: SendingIpView) => <code>{ip.external_ip}</code> },
                {
                  key: 'host',
                  label: 'Host name',
                  secondary: true,
                  render: (ip: SendingIpView) => ip.hostname,
                },
                { key: 'pool', label: 'Pool', render: (ip: SendingIpView) => ip.ip_pool },
              ]}
              rows={data.data.ips}
              rowKey={(ip) => ip.external_ip}
            />
            <MoveAddressForm ips={data.data.ips} pools={data.data.pools} onMoved={data.reload} />
          </Panel>
          {withSubaccounts ? (
            <Panel title="Subaccount pools">
              {data.data.subaccounts.length === 0 ? (
                <p className="muted">
                  No subaccounts yet. A subaccount can be held to one pool, so that its mail leaves only from
                  that pool's addresses.
                </p>
              ) : (
                <>
                  <DataTable
                    label="Subaccount pools"
                    columns={[
                      {
                        key: 'name',
                        label: 'Subaccount',
                        render: (subaccount: SubaccountView) => (
                          <AppLink to={`/subaccount/${subaccount.id}`}>{subaccount.name}</AppLink>
                        ),
                      },
                      {
                        key: 'pool',
                        label: 'Pool',
                        render: (subaccount: SubaccountView) => subaccount.ip_pool ?? 'Any pool',
                      },
                    ]}
                    rows={data.data.subaccounts}
                    rowKey={(subaccount) => String(subaccount.id)}
                  />
                  {roleAllows('subaccounts.manage') ? (
                    <SubaccountPoolForm
                      subaccounts={data.data.subaccounts}
                      pools={data.data.pools.filter((pool) => pool.id !== defaultPoolId)}
                      onSaved={data.reload}
                    />
                  ) : null}
                </>
              )}
            </Panel>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
