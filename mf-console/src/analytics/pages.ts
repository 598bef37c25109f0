import { type AppPages, lazyPage } from '@app/shared';

/** Analytics (§2): the sending's metrics on /analytic, and the saved presets. */
export const analyticsPages = {
  analytic: lazyPage(
    () => import('./AnalyticPage.tsx').then((m) => m.AnalyticPage),
    ['button', 'checkbox', 'progress-bar', 'skeleton'],
  ),
  'analytic-preset': lazyPage(
    () => import('./PresetAnalyticPage.tsx').then((m) => m.PresetAnalyticPage),
    ['button', 'checkbox', 'progress-bar', 'skeleton'],
  ),
  preset: lazyPage(
    () => import('./PresetListPage.tsx').then((m) => m.PresetListPage),
    ['button', 'skeleton'],
  ),
} satisfies AppPages<'@app/mf-console'>;
