import { lazyPage } from '@app/shared';
import type { AppPages } from '../../../root-config/src/routing/route-table.ts';

/** Usage monitoring: the plan's quotas, used and left, with the month's daily sends. */
export const usagePages = {
  'usage-monitoring': lazyPage(
    () => import('./UsageMonitoringPage.tsx').then((m) => m.UsageMonitoringPage),
    ['button', 'progress-bar', 'skeleton', 'tag'],
  ),
} satisfies AppPages<'@app/mf-console'>;
