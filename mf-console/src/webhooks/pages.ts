import { type AppPages, lazyPage } from '@app/shared';

/** Webhooks: list, create and edit (events, authentication), test batch, signing secret, batch history. */
export const webhookPages = {
  webhook: lazyPage(
    () => import('./WebhookListPage.tsx').then((m) => m.WebhookListPage),
    ['button', 'skeleton', 'tag'],
  ),
  'webhook-create': lazyPage(
    () => import('./WebhookCreatePage.tsx').then((m) => m.WebhookCreatePage),
    ['button', 'checkbox', 'input', 'skeleton', 'switch'],
  ),
  'webhook-detail': lazyPage(
    () => import('./WebhookDetailPage.tsx').then((m) => m.WebhookDetailPage),
    ['button', 'input', 'skeleton', 'tag'],
  ),
  'webhook-edit': lazyPage(
    () => import('./WebhookEditPage.tsx').then((m) => m.WebhookEditPage),
    ['button', 'checkbox', 'input', 'skeleton', 'switch'],
  ),
} satisfies AppPages<'@app/mf-console'>;
