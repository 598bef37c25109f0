import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { gatedBy } from '../subaccounts/feature-gate.tsx';
import { ApiKeyCreatePage } from './ApiKeyCreatePage.tsx';
import { ApiKeyDetailPage } from './ApiKeyDetailPage.tsx';
import { ApiKeyEditPage } from './ApiKeyEditPage.tsx';
import { ApiKeyListPage } from './ApiKeyListPage.tsx';

/** API keys: create with grants and allowed IPs, shown once, list, detail, edit, delete. */
export const apiKeyPages = {
  'api-key': gatedBy('apiKey', 'API Key', ApiKeyListPage),
  'api-key-create': gatedBy('apiKey', 'Create API Key', ApiKeyCreatePage),
  'api-key-detail': gatedBy('apiKey', 'API Key Detail', ApiKeyDetailPage),
  'api-key-edit': gatedBy('apiKey', 'Edit API Key', ApiKeyEditPage),
} satisfies AppPages<'@app/mf-console'>;
