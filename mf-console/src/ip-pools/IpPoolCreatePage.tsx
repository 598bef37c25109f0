import { AppLink, LoadStatus, navigate, Page, Panel, showToast, useLoad } from '@app/shared';
import { createPool, listPools } from './api.ts';
import { PoolForm } from './PoolForm.tsx';

/** /ip-pool/create: a pool's name and options; its addresses are moved in on its page. */
export function IpPoolCreatePage() {
  const pools = useLoad(listPools, []);
  return (
    <Page
      title="Create IP Pool"
      description="Name the pool; next, move sending IPs into it and send mail through it with options.ip_pool."
    >
      <LoadStatus
        loaded={pools}
        lines={3}
        loading="Loading IP pools ..."
        failed="The IP pools could not be loaded"
        action={<AppLink to="/ip-pool">Back to IP pools</AppLink>}
      />
      {pools.data ? (
        <Panel>
          <PoolForm
            initial={{ name: '', signing_domain: '', auto_warmup_overflow_pool: '' }}
            pools={pools.data}
            submitLabel="Create IP pool"
            onSubmit={async (body) => {
              const id = await createPool(body);
              showToast({ type: 'success', message: `IP pool ${id} created.` });
              navigate(`/ip-pool/${encodeURIComponent(id)}`);
            }}
          />
        </Panel>
      ) : null}
    </Page>
  );
}
