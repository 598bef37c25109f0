import { type AppPages, lazyPage } from '@app/shared';

/** Usage monitoring: the plan's quotas, used and left, with the month's daily sends. */
export const usagePages = {
  'usage-monitoring': lazyPage(
    () => import('./UsageMonitoringPage.tsx').then((m) => m.UsageMonitoringPage),
    ['button', 'progress-bar', 'skeleton', 'tag'],
  ),
} satisfies AppPages<'@app/mf-console'>;
