import type { AppPages } from '../../../root-config/src/routing/route-table.ts';
import { WebhookCreatePage } from './WebhookCreatePage.tsx';
import { WebhookDetailPage } from './WebhookDetailPage.tsx';
import { WebhookEditPage } from './WebhookEditPage.tsx';
import { WebhookListPage } from './WebhookListPage.tsx';

/** Webhooks: list, create and edit (events, authentication), test batch, signing secret, batch history. */
export const webhookPages = {
  webhook: WebhookListPage,
  'webhook-create': WebhookCreatePage,
  'webhook-detail': WebhookDetailPage,
  'webhook-edit': WebhookEditPage,
} satisfies AppPages<'@app/mf-console'>;
