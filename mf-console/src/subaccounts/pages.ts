import { type AppPages, gatedBy, lazyPage } from '@app/shared';

/** Sub-accounts and their keys. */
export const subaccountPages = {
  subaccount: lazyPage(
    () =>
      import('./SubaccountListPage.tsx').then((m) =>
        gatedBy('subaccount', 'Subaccount', m.SubaccountListPage),
      ),
    ['button', 'skeleton', 'tag'],
  ),
  'subaccount-create': lazyPage(
    () =>
      import('./SubaccountCreatePage.tsx').then((m) =>
        gatedBy('subaccount', 'Create Subaccount', m.SubaccountCreatePage),
      ),
    ['button', 'checkbox', 'input', 'switch', 'textarea'],
  ),
  'subaccount-detail': lazyPage(
    () =>
      import('./SubaccountDetailPage.tsx').then((m) =>
        gatedBy('subaccount', 'Subaccount Detail', m.SubaccountDetailPage),
      ),
    ['button', 'skeleton', 'tag'],
  ),
  'subaccount-edit': lazyPage(
    () =>
      import('./SubaccountEditPage.tsx').then((m) =>
        gatedBy('subaccount', 'Edit Subaccount', m.SubaccountEditPage),
      ),
    ['button', 'input', 'skeleton', 'tag'],
  ),
} satisfies AppPages<'@app/mf-console'>;
