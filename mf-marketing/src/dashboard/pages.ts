import { type AppPages, lazyPage } from '@app/shared';

/** Home: the onboarding mission; campaign statistics arrive with campaigns. */
export const dashboardPages = {
  dashboard: lazyPage(
    () => import('./DashboardPage.tsx').then((m) => m.DashboardPage),
    ['button', 'progress-bar', 'skeleton'],
  ),
} satisfies AppPages<'@app/mf-marketing'>;
