import { type AppPages, lazyPage } from '@app/shared';
import { ipPoolGate } from './gate.tsx';

/** IP pools: list with their addresses, create, move sending IPs, subaccount pools, edit, delete. */
export const ipPoolPages = {
  'ip-pool': lazyPage(
    () => import('./IpPoolListPage.tsx').then((m) => ipPoolGate('IP Pool', m.IpPoolListPage)),
    ['button', 'skeleton'],
  ),
  'ip-pool-create': lazyPage(
    () => import('./IpPoolCreatePage.tsx').then((m) => ipPoolGate('Create IP Pool', m.IpPoolCreatePage)),
    ['button', 'input', 'skeleton'],
  ),
  'ip-pool-detail': lazyPage(
    () => import('./IpPoolDetailPage.tsx').then((m) => ipPoolGate('IP Pool Detail', m.IpPoolDetailPage)),
    ['button', 'input', 'skeleton'],
  ),
} satisfies AppPages<'@app/mf-console'>;
