import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { ipPoolGate } from './gate.tsx';
import { IpPoolCreatePage } from './IpPoolCreatePage.tsx';
import { IpPoolDetailPage } from './IpPoolDetailPage.tsx';
import { IpPoolListPage } from './IpPoolListPage.tsx';

/** IP pools: list with their addresses, create, move sending IPs, subaccount pools, edit, delete. */
export const ipPoolPages = {
  'ip-pool': ipPoolGate('IP Pool', IpPoolListPage),
  'ip-pool-create': ipPoolGate('Create IP Pool', IpPoolCreatePage),
  'ip-pool-detail': ipPoolGate('IP Pool Detail', IpPoolDetailPage),
} satisfies AppPages<'@app/mf-console'>;
