import { type AppPages, lazyPage } from '@app/shared';

/** The sandbox: authorized recipients, the configuration page with its snippets, the inbox. */
export const sandboxPages = {
  'authorized-recipient-verify': lazyPage(
    () => import('./AuthorizedRecipientVerifyPage.tsx').then((m) => m.AuthorizedRecipientVerifyPage),
    ['spinner'],
  ),
  configuration: lazyPage(
    () => import('./ConfigurationPage.tsx').then((m) => m.ConfigurationPage),
    ['button', 'input', 'skeleton', 'tab', 'tab-group', 'tab-panel', 'textarea'],
  ),
  activity: lazyPage(
    () => import('./ActivityPage.tsx').then((m) => m.ActivityPage),
    ['button', 'checkbox', 'input', 'skeleton'],
  ),
  'activity-detail': lazyPage(
    () => import('./MessagePage.tsx').then((m) => m.MessagePage),
    ['button', 'skeleton', 'tab', 'tab-group', 'tab-panel'],
  ),
} satisfies AppPages<'@app/mf-console'>;
