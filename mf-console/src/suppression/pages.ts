import { lazyPage } from '@app/shared';
import type { AppPages } from '../../../root-config/src/routing/route-table.ts';

/** Suppression: summary, search, add one, CSV upload, remove. */
export const suppressionPages = {
  suppression: lazyPage(
    () => import('./SuppressionPage.tsx').then((m) => m.SuppressionPage),
    ['button', 'input', 'skeleton', 'textarea'],
  ),
} satisfies AppPages<'@app/mf-console'>;
