import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { gatedBy } from './feature-gate.tsx';
import { SubaccountCreatePage } from './SubaccountCreatePage.tsx';
import { SubaccountDetailPage } from './SubaccountDetailPage.tsx';
import { SubaccountEditPage } from './SubaccountEditPage.tsx';
import { SubaccountListPage } from './SubaccountListPage.tsx';

/** Sub-accounts and their keys. */
export const subaccountPages = {
  subaccount: gatedBy('subaccount', 'Subaccount', SubaccountListPage),
  'subaccount-create': gatedBy('subaccount', 'Create Subaccount', SubaccountCreatePage),
  'subaccount-detail': gatedBy('subaccount', 'Subaccount Detail', SubaccountDetailPage),
  'subaccount-edit': gatedBy('subaccount', 'Edit Subaccount', SubaccountEditPage),
} satisfies AppPages<'@app/mf-console'>;
