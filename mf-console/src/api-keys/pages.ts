import { type AppPages, gatedBy, lazyPage } from '@app/shared';

/** API keys: create with grants and allowed IPs, shown once, list, detail, edit, delete. */
export const apiKeyPages = {
  'api-key': lazyPage(
    () => import('./ApiKeyListPage.tsx').then((m) => gatedBy('apiKey', 'API Key', m.ApiKeyListPage)),
    ['button', 'skeleton'],
  ),
  'api-key-create': lazyPage(
    () =>
      import('./ApiKeyCreatePage.tsx').then((m) => gatedBy('apiKey', 'Create API Key', m.ApiKeyCreatePage)),
    ['button', 'checkbox', 'input', 'textarea'],
  ),
  'api-key-detail': lazyPage(
    () =>
      import('./ApiKeyDetailPage.tsx').then((m) => gatedBy('apiKey', 'API Key Detail', m.ApiKeyDetailPage)),
    ['button', 'skeleton'],
  ),
  'api-key-edit': lazyPage(
    () => import('./ApiKeyEditPage.tsx').then((m) => gatedBy('apiKey', 'Edit API Key', m.ApiKeyEditPage)),
    ['button', 'checkbox', 'input', 'skeleton', 'textarea'],
  ),
} satisfies AppPages<'@app/mf-console'>;
