import { type AppPages, lazyPage } from '@app/shared';

/** Suppression: summary, search, add one, CSV upload, remove. */
export const suppressionPages = {
  suppression: lazyPage(
    () => import('./SuppressionPage.tsx').then((m) => m.SuppressionPage),
    ['button', 'input', 'skeleton', 'textarea'],
  ),
} satisfies AppPages<'@app/mf-console'>;
