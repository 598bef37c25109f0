import {
  $currentRoute,
  Alert,
  AppLink,
  ConfirmButton,
  engineMessage,
  LoadStatus,
  navigate,
  Page,
  Panel,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { defaultPoolId, deletePool, getPool, listPools, listSendingIps, updatePool } from './api.ts';
import { MoveAddressForm } from './MoveAddressForm.tsx';
import { PoolAddresses } from './PoolAddresses.tsx';
import { PoolForm } from './PoolForm.tsx';

/** /ip-pool/:id: the pool's addresses (add one), its settings (edit), delete. */
export function IpPoolDetailPage() {
  const id = useStore($currentRoute)?.params.id ?? '';
  const data = useLoad(
    () =>
      Promise.all([getPool(id), listPools(), listSendingIps()]).then(([pool, pools, ips]) => ({
        pool,
        pools,
        ips,
      })),
    [id],
  );
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const pool = data.data?.pool;
  const isDefault = pool?.id === defaultPoolId;

  const actions = pool ? (
    <ConfirmButton
      label="Delete"
      title="Delete this IP pool?"
      question={
        <>
          <strong>{pool.name}</strong> (<code>{pool.id}</code>) is deleted; its addresses go back to the
          default pool. Transmissions that name it are refused from then on.
        </>
      }
      confirmLabel="Delete IP pool"
      onConfirm={async () => {
        setDeleteError(null);
        try {
          await deletePool(pool.id);
        } catch (error) {
          setDeleteError(engineMessage(error));
          throw error;
        }
        showToast({ type: 'success', message: `IP pool ${pool.id} deleted.` });
        navigate('/ip-pool');
      }}
    />
  ) : null;

  return (
    <Page title="IP Pool Detail" actions={actions}>
      <LoadStatus
        loaded={data}
        lines={5}
        loading="Loading the IP pool ..."
        failed="This IP pool could not be loaded"
        action={<AppLink to="/ip-pool">Back to IP pools</AppLink>}
      />
      {deleteError ? (
        <Alert type="danger" title="The IP pool was not deleted">
          {deleteError}
        </Alert>
      ) : null}
      {data.data && pool ? (
        <>
          <Panel title={pool.name}>
            <dl className="app-definitions">
              <dt>Pool ID</dt>
              <dd>
                <code>{pool.id}</code>
              </dd>
              <dt>Sending IPs</dt>
              <dd>
                <PoolAddresses pool={pool} ips={data.data.ips} />
              </dd>
              <dt>Send through it</dt>
              <dd>
                <code>{`"options": { "ip_pool": "${pool.id}" }`}</code> in a transmission
              </dd>
            </dl>
            {isDefault ? (
              <p className="muted">
                The default pool holds the addresses that are in no other pool; mail that names no pool leaves
                from it. It cannot be renamed or deleted.
              </p>
            ) : null}
          </Panel>
          <Panel title="Add an address">
            <MoveAddressForm ips={data.data.ips} pools={data.data.pools} into={pool} onMoved={data.reload} />
          </Panel>
          {!isDefault ? (
            <Panel title="Settings">
              <PoolForm
                key={pool.id}
                initial={{
                  name: pool.name,
                  signing_domain: pool.signing_domain ?? '',
                  auto_warmup_overflow_pool: pool.auto_warmup_overflow_pool ?? '',
                }}
                pools={data.data.pools}
                selfId={pool.id}
                submitLabel="Save changes"
                onSubmit={async (body) => {
                  await updatePool(pool.id, body);
                  showToast({ type: 'success', message: 'The IP pool is saved.' });
                  data.reload();
                }}
              />
            </Panel>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
